/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { SettingsAndPreview, type Attributes } from './settings-and-preview';

/** The words of the "Get notifications" button; the prompt's settings are on the settings screen. */
export function PushButtonEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Button settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The "Get notifications" button appears here, in browsers that can take notifications, while the site offers them.',
				'tenderpress'
			) }
		>
			<TextControl
				label={ __( 'Button text', 'tenderpress' ) }
				help={ __( 'Empty: "Get notifications".', 'tenderpress' ) }
				value={ String( attributes.label ?? '' ) }
				onChange={ ( label ) => setAttributes( { label } ) }
			/>
		</SettingsAndPreview>
	);
}
