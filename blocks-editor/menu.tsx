/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { AttributeText } from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

export function MenuEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Menu settings', 'tenderpress' ) }
			empty={ __(
				'Assign a menu to the Primary location to show it here.',
				'tenderpress'
			) }
		>
			<AttributeText
				{ ...props }
				attribute="label"
				label={ __( 'Name read by screen readers', 'tenderpress' ) }
				help={ __(
					'Empty: "Primary". The items come from the menu of the Primary location.',
					'tenderpress'
				) }
			/>
		</SettingsAndPreview>
	);
}
