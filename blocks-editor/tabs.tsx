/**
 * The Tabs or accordion block and its sections. Unlike the other blocks, their content is edited
 * in place: each section is a block with its title, its link name and its own blocks inside. In
 * the editor every section shows, one under another; the page shows them as tabs or an accordion.
 */

/**
 * WordPress dependencies
 */
import { InnerBlocks, useBlockProps } from '@wordpress/block-editor';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeNumberSelect,
	AttributeRange,
	AttributeSelect,
	AttributeText,
	AttributeToggle,
} from './controls';
import { SettingsPanel, type EditProps } from './settings-and-preview';

const SECTION = 'tenderpress/tab';

export function TabsEdit( props: EditProps ) {
	const { layout } = props.attributes;
	return (
		<div
			{ ...useBlockProps( {
				className: `tp-tabs-editor tp-tabs-editor--${ String(
					layout
				) }`,
			} ) }
		>
			<SettingsPanel title={ __( 'Tabs or accordion', 'tenderpress' ) }>
				<AttributeSelect
					{ ...props }
					attribute="layout"
					label={ __( 'Show the sections as', 'tenderpress' ) }
					options={ [
						{ value: 'tabs', label: __( 'Tabs', 'tenderpress' ) },
						{
							value: 'accordion',
							label: __( 'Accordion', 'tenderpress' ),
						},
					] }
				/>
				{ layout === 'accordion' ? (
					<AttributeToggle
						{ ...props }
						attribute="exclusive"
						label={ __(
							'Keep one section open at a time',
							'tenderpress'
						) }
					/>
				) : (
					<AttributeText
						{ ...props }
						attribute="label"
						label={ __( 'Name of the tabs', 'tenderpress' ) }
						help={ __(
							'Read by screen readers, for example "Notice details".',
							'tenderpress'
						) }
					/>
				) }
				<AttributeNumberSelect
					{ ...props }
					attribute="level"
					label={ __( 'Heading level of the titles', 'tenderpress' ) }
					labelForNumber={ ( level ) =>
						sprintf(
							/* translators: %d: a heading level, 2 to 6. */
							__( 'Heading %d', 'tenderpress' ),
							level
						)
					}
				/>
				<AttributeRange
					{ ...props }
					attribute="offset"
					label={ __(
						'Space above a section opened by a link (px)',
						'tenderpress'
					) }
				/>
			</SettingsPanel>
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

export function TabEdit( props: EditProps ) {
	return (
		<div { ...useBlockProps( { className: 'tp-tabs-editor__section' } ) }>
			<SettingsPanel title={ __( 'Section', 'tenderpress' ) }>
				<AttributeText
					{ ...props }
					attribute="anchor"
					label={ __( 'Link name', 'tenderpress' ) }
					help={ __(
						'A link to #name opens this section. Letters first, then letters, digits, "-", "_", ":" or ".". Empty: made from the title.',
						'tenderpress'
					) }
				/>
				<AttributeToggle
					{ ...props }
					attribute="open"
					label={ __( 'Open when the page loads', 'tenderpress' ) }
				/>
			</SettingsPanel>
			<AttributeText
				{ ...props }
				attribute="title"
				label={ __( 'Section title', 'tenderpress' ) }
			/>
			<InnerBlocks />
		</div>
	);
}

/** Both blocks keep their sections and content in the post; PHP renders the rest. */
export const saveInnerBlocks = () => <InnerBlocks.Content />;
