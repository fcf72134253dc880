/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { AttributeRange } from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

export function BackToTopEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Back to top settings', 'tenderpress' ) }
			empty=""
		>
			<AttributeRange
				{ ...props }
				attribute="speed"
				label={ __( 'Scroll duration (ms)', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...props }
				attribute="showAfter"
				label={ __( 'Show after scrolling (px)', 'tenderpress' ) }
			/>
		</SettingsAndPreview>
	);
}
