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
			/**
			 * A small module, without React, that shows the answer to a click held before the
			 * island has mounted, as soon as it comes (EarlyPainter).
			 */
			early?: string;
		}
	>;
	scripts: Record< string, ScriptDescription >;
}

/**
 * Calls `start` when the island should mount; the interaction strategy passes the intent's event
 * (others may pass what their callback got, an idle deadline: no event of a pointer).
 */
export type Strategy = (
	element: HTMLElement,
	start: ( event?: unknown ) => void
) => void;

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
 * A request the runtime started for a held click or the first intent: `key` is the control's
 * data-<from>; the answer is undefined when the request failed (no connection).
 */
export interface EarlyAnswer {
	key: string;
	answer: Promise< Response | undefined >;
}

/**
 * What an island's early module exports. `paint` shows the answer to a click held before the
 * island has mounted, as soon as it comes, with the island's raw props, and then calls
 * `answered()` (the held click is not replayed). It leaves alone an answer that is no longer the
 * one asked for (`element.tpEarly` is another), one it cannot show, and any once the mount has
 * begun (`element.tpMounting`): the island gets the click when it mounts, as without the module.
 */
export interface EarlyPainter {
	paint: (
		element: HTMLElement,
		asked: EarlyAnswer,
		props: Record< string, unknown >,
		answered: () => void
	) => Promise< void >;
}

declare global {
	interface HTMLElement {
		/** On an island's container, from the runtime; a property, which markup cannot set. */
		tpEarly?: EarlyAnswer;
		/**
		 * The page an island's early module showed before the island mounted (its data-<from>),
		 * for the island to start from; a property too.
		 */
		tpShown?: string;
		/** Set by the mount chunk as it begins: React takes the markup as it is then. */
		tpMounting?: boolean;
	}
}
