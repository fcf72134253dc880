/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

/** No settings: the form searches the notices, or all content at the visitor's choice. */
export function SearchEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			empty={ __(
				'The notice search form appears here.',
				'tenderpress'
			) }
		/>
	);
}
