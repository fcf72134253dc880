/**
 * The frame of every block's editor: settings in the sidebar, the server's preview in the canvas.
 * A block's editor names its panel, says what the canvas shows while the server renders nothing,
 * and lists its controls (controls.tsx); the rest is here, once.
 */

/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { Disabled, PanelBody } from '@wordpress/components';
import ServerSideRender from '@wordpress/server-side-render';
import type { ReactNode } from 'react';

export type Attributes = Record< string, unknown >;

/** What the block editor gives each block's edit component. */
export type EditProps = BlockEditProps< Attributes >;

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

/** A block's settings, in one panel of the sidebar. */
export function SettingsPanel( {
	title,
	children,
}: {
	title?: string;
	children: ReactNode;
} ) {
	return (
		<InspectorControls>
			<PanelBody title={ title }>{ children }</PanelBody>
		</InspectorControls>
	);
}

/**
 * Settings in the sidebar (no panel without controls), the server's preview in the canvas.
 * Takes the block's props as they come (`{ ...props }`); it reads their name and attributes.
 */
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
				<SettingsPanel title={ title }>{ children }</SettingsPanel>
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
