/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { SettingsAndPreview, type Attributes } from './settings-and-preview';

/** No settings: the form searches the notices, or all content at the visitor's choice. */
export function SearchEdit( {
	name,
	attributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The notice search form appears here.',
				'tenderpress'
			) }
		/>
	);
}
