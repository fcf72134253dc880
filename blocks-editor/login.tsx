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

/** The words of the "Sign in" link; the popups' settings are on the settings screen. */
export function LoginEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Sign-in settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __( 'The sign-in link appears here.', 'tenderpress' ) }
		>
			<TextControl
				label={ __( 'Link text', 'tenderpress' ) }
				help={ __(
					'Empty: "Sign in". Signed-in visitors see their name and a log-out link instead.',
					'tenderpress'
				) }
				value={ String( attributes.label ?? '' ) }
				onChange={ ( label ) => setAttributes( { label } ) }
			/>
		</SettingsAndPreview>
	);
}
