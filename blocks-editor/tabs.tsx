/**
 * The Tabs or accordion block and its sections. Unlike the other blocks, their content is edited
 * in place: each section is a block with its title, its link name and its own blocks inside. In
 * the editor every section shows, one under another; the page shows them as tabs or an accordion.
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
import {
	PanelBody,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	integerOptions,
	schemaOf,
	type Attributes,
} from './settings-and-preview';

const SECTION = 'tenderpress/tab';

export function TabsEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	const accordion = attributes.layout === 'accordion';
	return (
		<div
			{ ...useBlockProps( {
				className: `tp-tabs-editor tp-tabs-editor--${ String(
					attributes.layout
				) }`,
			} ) }
		>
			<InspectorControls>
				<PanelBody title={ __( 'Tabs or accordion', 'tenderpress' ) }>
					<SelectControl
						label={ __( 'Show the sections as', 'tenderpress' ) }
						value={ attributes.layout as string }
						options={ [
							{
								value: 'tabs',
								label: __( 'Tabs', 'tenderpress' ),
							},
							{
								value: 'accordion',
								label: __( 'Accordion', 'tenderpress' ),
							},
						] }
						onChange={ ( layout ) => setAttributes( { layout } ) }
					/>
					{ accordion ? (
						<ToggleControl
							label={ __(
								'Keep one section open at a time',
								'tenderpress'
							) }
							checked={ attributes.exclusive as boolean }
							onChange={ ( exclusive ) =>
								setAttributes( { exclusive } )
							}
						/>
					) : (
						<TextControl
							label={ __( 'Name of the tabs', 'tenderpress' ) }
							help={ __(
								'Read by screen readers, for example "Notice details".',
								'tenderpress'
							) }
							value={ attributes.label as string }
							onChange={ ( label ) => setAttributes( { label } ) }
						/>
					) }
					<SelectControl
						label={ __(
							'Heading level of the titles',
							'tenderpress'
						) }
						value={ String( attributes.level ) }
						options={ integerOptions(
							schemaOf( name, 'level' ),
							( level ) =>
								sprintf(
									/* translators: %d: a heading level, 2 to 6. */
									__( 'Heading %d', 'tenderpress' ),
									level
								)
						) }
						onChange={ ( level ) =>
							setAttributes( { level: Number( level ) } )
						}
					/>
					<AttributeRange
						name={ name }
						attribute="offset"
						attributes={ attributes }
						setAttributes={ setAttributes }
						label={ __(
							'Space above a section opened by a link (px)',
							'tenderpress'
						) }
					/>
				</PanelBody>
			</InspectorControls>
			<InnerBlocks
				allowedBlocks={ [ SECTION ] }
				template={ [
					[ SECTION, { title: __( 'Details', 'tenderpress' ) } ],
					[ SECTION, { title: __( 'Documents', 'tenderpress' ) } ],
				] }
			/>
		</div>
	);
}

export function TabEdit( {
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<div { ...useBlockProps( { className: 'tp-tabs-editor__section' } ) }>
			<InspectorControls>
				<PanelBody title={ __( 'Section', 'tenderpress' ) }>
					<TextControl
						label={ __( 'Link name', 'tenderpress' ) }
						help={ __(
							'A link to #name opens this section. Letters first, then letters, digits, "-", "_", ":" or ".". Empty: made from the title.',
							'tenderpress'
						) }
						value={ attributes.anchor as string }
						onChange={ ( anchor ) => setAttributes( { anchor } ) }
					/>
					<ToggleControl
						label={ __(
							'Open when the page loads',
							'tenderpress'
						) }
						checked={ attributes.open as boolean }
						onChange={ ( open ) => setAttributes( { open } ) }
					/>
				</PanelBody>
			</InspectorControls>
			<TextControl
				label={ __( 'Section title', 'tenderpress' ) }
				value={ attributes.title as string }
				onChange={ ( title ) => setAttributes( { title } ) }
			/>
			<InnerBlocks />
		</div>
	);
}

/** Both blocks keep their sections and content in the post; PHP renders the rest. */
export const saveInnerBlocks = () => <InnerBlocks.Content />;
