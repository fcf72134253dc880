import type { ComponentType } from 'react';

/** What an island's chunk exports by default. */
export interface IslandDefinition< Props = Record< string, unknown > > {
	component: ComponentType< Props >;
	/** Turns the raw JSON props into typed props; throws on props it cannot use. */
	parseProps?: ( raw: unknown, element: HTMLElement ) => Props;
}

export type IslandModule =
	| { default: IslandDefinition< any > }
	| IslandDefinition< any >;
export type IslandLoader = () => Promise< IslandModule > | IslandModule;

/** The tags WP_Scripts prints for one handle, in its order (the file is "src"). */
export type ScriptPart = 'translations' | 'before' | 'src' | 'after';

/** One WordPress script, as IslandAssets::describe_script() (PHP) describes it. */
export interface ScriptDescription {
	src?: string;
	translations?: string;
	before?: string;
	after?: string;
	/**
	 * Per element, what WordPress's script filters add to its tag (a Content-Security-Policy
	 * nonce, Subresource Integrity); the server decides which attributes may come through.
	 */
	attributes?: Partial< Record< ScriptPart, Record< string, string > > >;
}

/**
 * The JSON PHP prints in <script type="application/json" id="tenderpress-islands">
 * (php/Islands/IslandAssets.php).
 */
export interface RuntimeConfig {
	mount: string;
	/** The module that runs WordPress's scripts in order (load.ts). */
	load: string;
	/**
	 * The island containers the server rendered for this page: each one's data-tp-instance (a
	 * random token) => its island's name. No other container mounts.
	 */
	instances: Record< string, string >;
	mountScripts?: string[];
	/** The mount module and the chunks it imports, preloaded with the first island's. */
	mountPreload?: string[];
	islands: Record<
		string,
		{
			/** Absent for an island a theme registers in JavaScript (IslandAssets::add_island()). */
			module?: string;
			scripts: string[];
			/** The island's module and every chunk it imports, preloaded all at once. */
			preload?: string[];
		}
	>;
	scripts: Record< string, ScriptDescription >;
}

export type Strategy = ( element: HTMLElement, start: () => void ) => void;

/**
 * The request an island makes for a click on one of its controls, in its props as `early`: the
 * form fields, with the clicked control's data-<from> sent as <from>. When the click comes
 * before the island has mounted, the runtime sends it at once, so the answer is on its way while
 * React and the island load, and the island takes it over (islands/shared/early.ts).
 */
export interface EarlyRequest {
	url: string;
	fields: Record< string, string >;
	from: string;
}

/**
 * A request the runtime started for a held click: `key` is the control's data-<from>; the answer
 * is undefined when the request failed (no connection).
 */
export interface EarlyAnswer {
	key: string;
	answer: Promise< Response | undefined >;
}

declare global {
	interface HTMLElement {
		/** On an island's container, from the runtime; a property, which markup cannot set. */
		tpEarly?: EarlyAnswer;
	}
}
