/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	AttributeSelect,
	AttributeText,
	AttributeToggle,
	NoticeTypeSelect,
} from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

export function TickerEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Ticker settings', 'tenderpress' ) }
			empty={ __( 'No notices to show yet.', 'tenderpress' ) }
		>
			<AttributeText
				{ ...props }
				attribute="title"
				label={ __( 'Title', 'tenderpress' ) }
				help={ __( 'Empty: "Latest notices".', 'tenderpress' ) }
			/>
			<NoticeTypeSelect { ...props } />
			<AttributeRange
				{ ...props }
				attribute="count"
				label={ __( 'Notices in the ticker', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...props }
				attribute="visible"
				label={ __( 'Notices shown at once', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...props }
				attribute="pause"
				label={ __( 'Time between moves (ms)', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...props }
				attribute="speed"
				label={ __( 'Length of a move (ms)', 'tenderpress' ) }
			/>
			<AttributeSelect
				{ ...props }
				attribute="direction"
				label={ __( 'Direction', 'tenderpress' ) }
				options={ [
					{ value: 'up', label: __( 'Up', 'tenderpress' ) },
					{ value: 'down', label: __( 'Down', 'tenderpress' ) },
				] }
			/>
			<AttributeToggle
				{ ...props }
				attribute="pauseOnHover"
				label={ __( 'Stop while a pointer is over it', 'tenderpress' ) }
				help={ __(
					'It always stops while the keyboard is in it, and on its Pause button.',
					'tenderpress'
				) }
			/>
		</SettingsAndPreview>
	);
}
