/** Tabs show one section at a time; an accordion opens and closes each section under its header. */
export type TabsLayout = 'tabs' | 'accordion';

export interface TabsProps {
	layout: TabsLayout;
	/**
	 * The container's custom-id-offset: how many px below the window's top an in-page link or a
	 * URL hash puts the section it opens (room for a fixed header).
	 */
	offset: number;
	/**
	 * The row of tabs' name, given to it with its tablist role ('' for none). Not in the
	 * server's markup: HTML allows no name on the generic div it is before the mount.
	 */
	label: string;
	/** An accordion keeps one section open at a time (tabs always do). */
	exclusive: boolean;
	/**
	 * Hashes that stand for another id: a browser's name ('safari') for the prefixed id
	 * ('tenderpress-safari'). The server builds the map from the settings screen.
	 */
	aliases: Record< string, string >;
	/** The rule an id must follow for a hash or a link to open it (the spec's hash rule). */
	pattern: RegExp;
	/** The container: the server's headers and panels stay in it, and the island drives them. */
	element: HTMLElement;
}

/** One section as the server printed it: its header link and its panel. */
export interface TabsSection {
	header: HTMLAnchorElement;
	panel: HTMLElement;
}
