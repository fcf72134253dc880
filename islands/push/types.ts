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
	/** The notice types a visitor may choose, as [value, label]. */
	types: Array< [ string, string ] >;
	labels: {
		prompt: string;
		allow: string;
		dismiss: string;
		asking: string;
		subscribed: string;
		topics: string;
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
