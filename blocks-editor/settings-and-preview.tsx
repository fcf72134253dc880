/**
 * The parts every block's editor shares: the server's preview in the canvas, settings in the
 * sidebar, and controls whose limits and defaults are the attribute schema the server registered
 * (block.json, plus what PHP adds). So the editor never offers a value the server would refuse.
 */

/**
 * WordPress dependencies
 */
import { getBlockType, type AttributeSchema } from '@wordpress/blocks';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import {
	Disabled,
	PanelBody,
	RangeControl,
	SelectControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';
import type { ReactNode } from 'react';

/**
 * Internal dependencies
 */
import { server } from './server';

export type Attributes = Record< string, unknown >;

/** An attribute's schema as the server registered it. */
export function schemaOf( name: string, attribute: string ): AttributeSchema {
	return getBlockType( name )?.attributes[ attribute ] ?? {};
}

/** The server's rendering of the block, inert: links and islands do nothing in the editor. */
function BlockPreview( {
	name,
	attributes,
	empty,
	refresh,
}: {
	name: string;
	attributes: Attributes;
	empty: string;
	refresh?: number;
} ) {
	return (
		<Disabled>
			<ServerSideRender
				block={ name }
				attributes={ attributes }
				// Asked again when something the attributes do not hold changed (a saved card template).
				urlQueryArgs={ refresh ? { tp_refresh: refresh } : undefined }
				EmptyResponsePlaceholder={ () => (
					<p className="tp-editor-placeholder">{ empty }</p>
				) }
			/>
		</Disabled>
	);
}

/** A range for an integer attribute, within its registered limits, reset to its default. */
export function AttributeRange( {
	name,
	attribute,
	attributes,
	setAttributes,
	label,
	disabled,
}: {
	name: string;
	attribute: string;
	attributes: Attributes;
	setAttributes: ( attributes: Attributes ) => void;
	label: string;
	disabled?: boolean;
} ) {
	const schema = schemaOf( name, attribute );
	return (
		<RangeControl
			label={ label }
			disabled={ disabled }
			min={ schema.minimum }
			max={ schema.maximum }
			allowReset
			resetFallbackValue={ schema.default }
			value={ attributes[ attribute ] as number }
			onChange={ ( value ) => setAttributes( { [ attribute ]: value } ) }
		/>
	);
}

/** Every whole number an integer attribute allows, as select options. */
export function integerOptions(
	schema: AttributeSchema,
	labelForNumber: ( number: number ) => string
) {
	const minimum = schema.minimum ?? 0;
	const maximum = schema.maximum ?? minimum;
	return Array.from( { length: maximum - minimum + 1 }, ( _, index ) => ( {
		value: String( minimum + index ),
		label: labelForNumber( minimum + index ),
	} ) );
}

/** Settings in the sidebar (no panel without controls), the server's preview in the canvas. */
export function SettingsAndPreview( {
	title,
	name,
	attributes,
	empty,
	children,
	replacement,
	refresh,
}: {
	title?: string;
	name: string;
	attributes: Attributes;
	empty: string;
	children?: ReactNode;
	/** Shown in the canvas instead of the preview (the listing's card template, while edited). */
	replacement?: ReactNode;
	/** Changes when the preview must be asked for again. */
	refresh?: number;
} ) {
	const blockProps = useBlockProps();
	return (
		<>
			{ children ? (
				<InspectorControls>
					<PanelBody title={ title }>{ children }</PanelBody>
				</InspectorControls>
			) : null }
			<div { ...blockProps }>
				{ replacement ?? (
					<BlockPreview
						name={ name }
						attributes={ attributes }
						empty={ empty }
						refresh={ refresh }
					/>
				) }
			</div>
		</>
	);
}

/** The notice types a block may list (its registered enum), named as the server names them. */
export function NoticeTypeSelect( {
	name,
	attributes,
	setAttributes,
}: {
	name: string;
	attributes: Attributes;
	setAttributes: ( attributes: Attributes ) => void;
} ) {
	return (
		<SelectControl
			label={ __( 'Notice type', 'tenderpress' ) }
			value={ String( attributes.noticeType ) }
			options={ ( schemaOf( name, 'noticeType' ).enum ?? [] ).map(
				( value ) => ( {
					value,
					label: server().noticeTypeLabels[ value ] ?? value,
				} )
			) }
			onChange={ ( noticeType ) => setAttributes( { noticeType } ) }
		/>
	);
}
