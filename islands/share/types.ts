/** One service of the catalogue, as the server sends it (php/Islands/Share.php). */
export interface ShareService {
	id: string;
	/** The name visitors read (generic entries translated by the server). */
	title: string;
	/** URL template with {url}, {title}, {text}, {prompt}; absent for an action. */
	template?: string;
	/** print, copy or native (the device's share sheet), for services without a URL. */
	action?: 'print' | 'copy' | 'native';
	/** A federated network's default instance host. */
	instance?: string;
	background: string;
	foreground: string;
}

export interface ShareStrings {
	more: string;
	close: string;
	filter: string;
	none: string;
	device: string;
	/** 'Your {network} Instance' with %s for the network. */
	instanceTitle: string;
	instanceLabel: string;
	submit: string;
	copied: string;
	copyFailed: string;
	/** What an AI assistant is asked, with %1$s the title and %2$s the URL. */
	prompt: string;
	/** A service's name with "(opens in a new tab)", %s for the name. */
	newTab: string;
}

/** A network whose count only a browser can read (the catalogue's browser count sources). */
export interface CollectNetwork {
	id: string;
	/** Its count endpoint, {url} for the page's address. */
	url: string;
	/** Where the count is in its JSON answer (dotted). */
	path: string;
	/** The admin-ajax action that stores what was read. */
	action: string;
}

/** Collecting counts in the visitor's browser: only when the site owner turned it on. */
export interface CollectConfig {
	networks: CollectNetwork[];
	nonce: string;
	/** How long after reading the counts they are sent back (spec §9: 1000 ms). */
	delay: number;
	/** Seconds before this browser asks a network for the same page again. */
	interval: number;
}

export interface ShareProps {
	/** The island's container: the server's bar, whose controls the island takes over. */
	element: HTMLElement;
	url: string;
	title: string;
	popup: { width: number; height: number };
	/** Protocols a link may use (the catalogue's list, spec §5). */
	protocols: string[];
	services: ShareService[];
	/** The ids the More dialog lists, in order (the owner may trim the catalogue). */
	more: string[];
	/** The icon sprite, fetched only when the More dialog shows icons. */
	sprite: string;
	/** Where to ask for the page's share counts, when the site shows them. */
	counts: {
		url: string;
		action: string;
		/** The page's language, for the words of the counts' answer ('' for the site's). */
		lang: string;
		collect: CollectConfig | null;
	} | null;
	/** The floating bar's configured offset, in px (its distance from the edge). */
	offset: number;
	i18n: ShareStrings;
}
