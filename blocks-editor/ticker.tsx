/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import {
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	SettingsAndPreview,
	NoticeTypeSelect,
	type Attributes,
} from './settings-and-preview';

export function TickerEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	const range = { name, attributes, setAttributes };
	return (
		<SettingsAndPreview
			title={ __( 'Ticker settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __( 'No notices to show yet.', 'tenderpress' ) }
		>
			<TextControl
				label={ __( 'Title', 'tenderpress' ) }
				help={ __( 'Empty: "Latest notices".', 'tenderpress' ) }
				value={ attributes.title as string }
				onChange={ ( title ) => setAttributes( { title } ) }
			/>
			<NoticeTypeSelect { ...range } />
			<AttributeRange
				{ ...range }
				attribute="count"
				label={ __( 'Notices in the ticker', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...range }
				attribute="visible"
				label={ __( 'Notices shown at once', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...range }
				attribute="pause"
				label={ __( 'Time between moves (ms)', 'tenderpress' ) }
			/>
			<AttributeRange
				{ ...range }
				attribute="speed"
				label={ __( 'Length of a move (ms)', 'tenderpress' ) }
			/>
			<SelectControl
				label={ __( 'Direction', 'tenderpress' ) }
				value={ attributes.direction as string }
				options={ [
					{ value: 'up', label: __( 'Up', 'tenderpress' ) },
					{ value: 'down', label: __( 'Down', 'tenderpress' ) },
				] }
				onChange={ ( direction ) => setAttributes( { direction } ) }
			/>
			<ToggleControl
				label={ __( 'Stop while a pointer is over it', 'tenderpress' ) }
				help={ __(
					'It always stops while the keyboard is in it, and on its Pause button.',
					'tenderpress'
				) }
				checked={ Boolean( attributes.pauseOnHover ) }
				onChange={ ( pauseOnHover ) =>
					setAttributes( { pauseOnHover } )
				}
			/>
		</SettingsAndPreview>
	);
}
