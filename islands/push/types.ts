import type { AjaxMessages } from '../shared/failures';

/** The island's props (php/Islands/PushPrompt.php). */
export interface PushProps {
	/** The site's VAPID public key (base64url), the browser's applicationServerKey. */
	publicKey: string;
	/** POST and DELETE /wp-json/tenderpress/v1/push/subscriptions. */
	route: string;
	/** The service worker's address, and its scope (its folder). */
	worker: string;
	scope: string;
	backoffDays: number;
	/** Whether the server's prompt was hidden when the island mounted ("No thanks" said there). */
	startHidden: boolean;
	/** The notice types a visitor may choose, as [value, label]. */
	types: Array< [ string, string ] >;
	/** The top-level categories and locations, as [term id, name]. */
	categories: Array< [ number, string ] >;
	locations: Array< [ number, string ] >;
	labels: {
		prompt: string;
		allow: string;
		dismiss: string;
		asking: string;
		subscribed: string;
		topics: string;
		categories: string;
		locations: string;
		save: string;
		saved: string;
		unsubscribe: string;
		unsubscribed: string;
		blocked: string;
		failed: string;
		close: string;
	};
	messages: AjaxMessages;
}
