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

export function MenuEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Menu settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'Assign a menu to the Primary location to show it here.',
				'tenderpress'
			) }
		>
			<TextControl
				label={ __( 'Name read by screen readers', 'tenderpress' ) }
				help={ __(
					'Empty: "Primary". The items come from the menu of the Primary location.',
					'tenderpress'
				) }
				value={ String( attributes.label ?? '' ) }
				onChange={ ( label ) => setAttributes( { label } ) }
			/>
		</SettingsAndPreview>
	);
}
