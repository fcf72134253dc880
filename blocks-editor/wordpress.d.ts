/**
 * The parts of WordPress's editor packages this script uses. They are not installed from npm:
 * the build maps each import to the global WordPress already loads in the editor (wp.blocks, …),
 * so only their shapes are needed, and only for the calls made here.
 */
declare module '@wordpress/blocks' {
	import type { ComponentType } from 'react';

	export interface AttributeSchema {
		type?: string;
		default?: unknown;
		minimum?: number;
		maximum?: number;
		enum?: string[];
	}
	export interface BlockType {
		attributes: Record< string, AttributeSchema >;
	}
	export interface BlockEditProps< Attributes > {
		name: string;
		clientId: string;
		attributes: Attributes;
		setAttributes: ( attributes: Partial< Attributes > ) => void;
	}
	export function getBlockType( name: string ): BlockType | undefined;
	export interface BlockInstance {
		clientId: string;
		name: string;
		attributes: Record< string, unknown >;
	}
	export function createBlock(
		name: string,
		attributes?: Record< string, unknown >
	): BlockInstance;
	export function registerBlockType< Attributes >(
		name: string,
		settings: {
			edit: ComponentType< BlockEditProps< Attributes > >;
			save: ComponentType | ( () => null );
		}
	): unknown;
}

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	export const InspectorControls: ComponentType< { children?: ReactNode } >;
	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;
	type Template = Array< [ string, Record< string, unknown >? ] >;
	export const InnerBlocks: ComponentType< {
		allowedBlocks?: string[];
		template?: Template;
		orientation?: 'horizontal' | 'vertical';
		templateLock?: false | 'all' | 'insert' | 'contentOnly';
		renderAppender?: false | ComponentType;
	} > & { Content: ComponentType };
	export const BlockControls: ComponentType< { children?: ReactNode } >;
}

declare module '@wordpress/components' {
	import type { ComponentType, ReactNode } from 'react';

	interface ControlProps< Value > {
		label: string;
		help?: string;
		value?: Value;
		onChange: ( value: Value ) => void;
	}
	export const Disabled: ComponentType< { children?: ReactNode } >;
	export const Button: ComponentType< {
		variant?: 'primary' | 'secondary' | 'tertiary' | 'link';
		onClick?: () => void;
		disabled?: boolean;
		isBusy?: boolean;
		className?: string;
		children?: ReactNode;
	} >;
	export const ToolbarGroup: ComponentType< { children?: ReactNode } >;
	export const ToolbarButton: ComponentType< {
		onClick?: () => void;
		disabled?: boolean;
		isBusy?: boolean;
		children?: ReactNode;
	} >;
	export const PanelBody: ComponentType< {
		title?: string;
		children?: ReactNode;
	} >;
	export const RangeControl: ComponentType<
		ControlProps< number | undefined > & {
			min?: number;
			max?: number;
			allowReset?: boolean;
			resetFallbackValue?: unknown;
			disabled?: boolean;
		}
	>;
	export const SelectControl: ComponentType<
		ControlProps< string > & {
			options: Array< { value: string; label: string } >;
		}
	>;
	export const TextControl: ComponentType< ControlProps< string > >;
	export const ToggleControl: ComponentType<
		Omit< ControlProps< boolean >, 'value' > & { checked: boolean }
	>;
}

declare module '@wordpress/server-side-render' {
	import type { ComponentType } from 'react';

	const ServerSideRender: ComponentType< {
		block: string;
		attributes: Record< string, unknown >;
		urlQueryArgs?: Record< string, unknown >;
		EmptyResponsePlaceholder?: ComponentType;
	} >;
	export default ServerSideRender;
}

declare module '@wordpress/data' {
	/** The selectors this script reads ('core/block-editor'). */
	interface Selectors {
		getBlocks: ( rootClientId?: string ) => unknown[];
	}
	/** The actions this script dispatches ('core/block-editor', 'core/notices'). */
	interface Actions {
		replaceInnerBlocks: (
			rootClientId: string,
			blocks: unknown[],
			updateSelection?: boolean
		) => void;
		insertBlock: (
			block: unknown,
			index?: number,
			rootClientId?: string,
			updateSelection?: boolean
		) => void;
		removeBlock: ( clientId: string ) => void;
		createErrorNotice: (
			message: string,
			options?: Record< string, unknown >
		) => void;
		createSuccessNotice: (
			message: string,
			options?: Record< string, unknown >
		) => void;
	}
	export function useSelect< T >(
		select: ( store: ( name: string ) => Selectors ) => T,
		deps: unknown[]
	): T;
	export function useDispatch( store: string ): Actions;
}
