/**
 * The Carousel block and its slides. Slides of your own are edited in place, one under another;
 * a carousel of the latest notices shows the server's preview.
 */

/**
 * WordPress dependencies
 */
import { InnerBlocks, useBlockProps } from '@wordpress/block-editor';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	AttributeSelect,
	AttributeText,
	NoticeTypeSelect,
} from './controls';
import {
	SettingsAndPreview,
	SettingsPanel,
	type EditProps,
} from './settings-and-preview';

const SLIDE = 'tenderpress/slide';

function CarouselSettings( props: EditProps ) {
	return (
		<>
			<AttributeSelect
				{ ...props }
				attribute="source"
				label={ __( 'Slides', 'tenderpress' ) }
				options={ [
					{
						value: 'slides',
						label: __( 'Slides of my own', 'tenderpress' ),
					},
					{
						value: 'notices',
						label: __( 'The latest notices', 'tenderpress' ),
					},
				] }
			/>
			<AttributeText
				{ ...props }
				attribute="label"
				label={ __( 'Name of the carousel', 'tenderpress' ) }
				help={ __(
					'Read by screen readers, for example "Featured notices".',
					'tenderpress'
				) }
			/>
			{ props.attributes.source === 'notices' && (
				<>
					<NoticeTypeSelect { ...props } />
					<AttributeRange
						{ ...props }
						attribute="count"
						label={ __( 'Notices in the carousel', 'tenderpress' ) }
					/>
				</>
			) }
			<AttributeRange
				{ ...props }
				attribute="interval"
				label={ __( 'Time on each slide (ms)', 'tenderpress' ) }
			/>
		</>
	);
}

export function CarouselEdit( props: EditProps ) {
	const blockProps = useBlockProps( { className: 'tp-carousel-editor' } );
	if ( props.attributes.source === 'notices' ) {
		return (
			<SettingsAndPreview
				{ ...props }
				title={ __( 'Carousel', 'tenderpress' ) }
				empty={ __( 'No notices to show yet.', 'tenderpress' ) }
			>
				<CarouselSettings { ...props } />
			</SettingsAndPreview>
		);
	}
	return (
		<div { ...blockProps }>
			<SettingsPanel title={ __( 'Carousel', 'tenderpress' ) }>
				<CarouselSettings { ...props } />
			</SettingsPanel>
			<InnerBlocks
				allowedBlocks={ [ SLIDE ] }
				template={ [
					[ SLIDE, {} ],
					[ SLIDE, {} ],
				] }
			/>
		</div>
	);
}

export function SlideEdit() {
	return (
		<div { ...useBlockProps( { className: 'tp-carousel-editor__slide' } ) }>
			<InnerBlocks />
		</div>
	);
}
