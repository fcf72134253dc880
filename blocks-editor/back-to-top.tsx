/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	SettingsAndPreview,
	type Attributes,
} from './settings-and-preview';

export function BackToTopEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	const range = { name, attributes, setAttributes };
	return (
		<SettingsAndPreview
			title={ __( 'Back to top settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty=""
		>
			<AttributeRange
				{ ...range }
				attribute="speed"
				label={ __( 'Scroll duration (ms)', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...range }
				attribute="showAfter"
				label={ __( 'Show after scrolling (px)', 'tenderpress' ) }
			/>
		</SettingsAndPreview>
	);
}
