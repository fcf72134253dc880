/**
 * The settings screen's "Send a test notification to this browser" (php/Push/PushTestNotification.php):
 * a classic script, build/push-test.js, for that one admin screen. No React: a button and a
 * status line.
 *
 * A click asks the browser for permission (the click is the gesture browsers want), subscribes it
 * through the plugin's service worker as the visitors' prompt does, and asks the site to send that
 * subscription a test message. When the push service says the subscription has ended, the browser
 * subscribes anew and the test is sent once more.
 */
import {
	isAjaxError,
	parseMessages,
	type AjaxMessages,
} from '../shared/failures';
import { asRecord, asString, asStrings, asUrl } from '../shared/props';
import { sendJson } from '../shared/rest';
import { parseConnection, type PushConnection } from './connection';
import { canPush } from './state';
import { browserSubscription } from './subscribe';

export interface PushTestProps extends PushConnection {
	/** POST /wp-json/tenderpress/v1/push/test. */
	testRoute: string;
	/** The REST API's cookie nonce (wp_rest). */
	nonce: string;
	labels: {
		asking: string;
		sending: string;
		unsupported: string;
		blocked: string;
		failed: string;
	};
	messages: AjaxMessages;
}

/** The control's props, or null when they are not what the server prints. */
export function parseTestProps( raw: string | null ): PushTestProps | null {
	try {
		const props = asRecord( JSON.parse( raw ?? '' ) );
		return {
			...parseConnection( props ),
			testRoute: asUrl( props.testRoute, 'testRoute' ),
			nonce: asString( props.nonce, 'nonce' ),
			labels: asStrings( props.labels, 'labels', [
				'asking',
				'sending',
				'unsupported',
				'blocked',
				'failed',
			] ),
			messages: parseMessages( props.messages ),
		};
	} catch {
		return null;
	}
}

/** Sends the test to this browser; resolves with what to tell the site owner. */
export async function sendTest(
	props: PushTestProps,
	say: ( text: string ) => void
): Promise< string > {
	if ( ! canPush( window as unknown as { navigator: object } ) ) {
		return props.labels.unsupported;
	}
	if ( Notification.permission !== 'granted' ) {
		say( props.labels.asking );
		if ( ( await Notification.requestPermission() ) !== 'granted' ) {
			return props.labels.blocked;
		}
	}
	say( props.labels.sending );
	for ( let attempt = 0; ; attempt++ ) {
		let subscription: PushSubscription;
		try {
			subscription = await browserSubscription( props );
		} catch {
			return props.labels.failed;
		}
		const { endpoint, keys } = subscription.toJSON();
		try {
			const answer = ( await sendJson(
				props.testRoute,
				'POST',
				{ endpoint, keys },
				{ messages: props.messages, nonce: props.nonce }
			) ) as { message?: unknown };
			return typeof answer.message === 'string' ? answer.message : '';
		} catch ( error ) {
			// 410: the push service no longer knows this subscription; a new one is made once.
			if (
				isAjaxError( error ) &&
				error.code === 'http' &&
				error.status === 410 &&
				attempt === 0
			) {
				await subscription.unsubscribe().catch( () => false );
				continue;
			}
			return isAjaxError( error ) ? error.message : props.labels.failed;
		}
	}
}

/** Wires the control on the page, if it is there. */
export function start( root: ParentNode = document ): void {
	const control = root.querySelector< HTMLElement >( '[data-tp-push-test]' );
	const button = control?.querySelector< HTMLButtonElement >(
		'[data-tp-push-test-send]'
	);
	const status = control?.querySelector< HTMLElement >(
		'.tp-push-test__status'
	);
	const props = parseTestProps(
		control?.getAttribute( 'data-tp-push-test' ) ?? null
	);
	if ( ! button || ! status || ! props ) {
		return;
	}
	const say = ( text: string ) => {
		status.textContent = text;
	};
	button.disabled = false;
	// While a test is under way the button stays focusable (a disabled one would drop the
	// keyboard's focus) and says it is busy.
	let busy = false;
	button.addEventListener( 'click', async () => {
		if ( busy ) {
			return;
		}
		busy = true;
		button.setAttribute( 'aria-disabled', 'true' );
		try {
			say( await sendTest( props, say ) );
		} finally {
			busy = false;
			button.removeAttribute( 'aria-disabled' );
		}
	} );
}

start();
