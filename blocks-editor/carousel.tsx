/**
 * The Carousel block and its slides. Slides of your own are edited in place, one under another;
 * a carousel of the latest notices shows the server's preview.
 */

/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import {
	InnerBlocks,
	InspectorControls,
	useBlockProps,
} from '@wordpress/block-editor';
import { PanelBody, SelectControl, TextControl } from '@wordpress/components';
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

const SLIDE = 'tenderpress/slide';

function CarouselSettings( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	const range = { name, attributes, setAttributes };
	const notices = attributes.source === 'notices';
	return (
		<>
			<SelectControl
				label={ __( 'Slides', 'tenderpress' ) }
				value={ attributes.source as string }
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
				onChange={ ( source ) => setAttributes( { source } ) }
			/>
			<TextControl
				label={ __( 'Name of the carousel', 'tenderpress' ) }
				help={ __(
					'Read by screen readers, for example "Featured notices".',
					'tenderpress'
				) }
				value={ attributes.label as string }
				onChange={ ( label ) => setAttributes( { label } ) }
			/>
			{ notices && (
				<>
					<NoticeTypeSelect { ...range } />
					<AttributeRange
						{ ...range }
						attribute="count"
						label={ __( 'Notices in the carousel', 'tenderpress' ) }
					/>
				</>
			) }
			<AttributeRange
				{ ...range }
				attribute="interval"
				label={ __( 'Time on each slide (ms)', 'tenderpress' ) }
			/>
		</>
	);
}

export function CarouselEdit( props: BlockEditProps< Attributes > ) {
	const { name, attributes } = props;
	const blockProps = useBlockProps( { className: 'tp-carousel-editor' } );
	if ( attributes.source === 'notices' ) {
		return (
			<SettingsAndPreview
				title={ __( 'Carousel', 'tenderpress' ) }
				name={ name }
				attributes={ attributes }
				empty={ __( 'No notices to show yet.', 'tenderpress' ) }
			>
				<CarouselSettings { ...props } />
			</SettingsAndPreview>
		);
	}
	return (
		<div { ...blockProps }>
			<InspectorControls>
				<PanelBody title={ __( 'Carousel', 'tenderpress' ) }>
					<CarouselSettings { ...props } />
				</PanelBody>
			</InspectorControls>
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
