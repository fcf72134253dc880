/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { SettingsAndPreview, type Attributes } from './settings-and-preview';

/** No settings: the block shows the facts of the notice it is placed on. */
export function NoticeFactsEdit( {
	name,
	attributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The key facts of the notice being viewed appear here.',
				'tenderpress'
			) }
		/>
	);
}
