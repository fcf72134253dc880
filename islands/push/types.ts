import type { AjaxMessages } from '../shared/failures';
import type { PushConnection } from './connection';

/** The island's props (php/Islands/PushPrompt.php). */
export interface PushProps extends PushConnection {
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
		region: string;
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
