/**
 * Shows the push opt-in prompt without React: PHP prints the prompt hidden at the top of the body,
 * before the header, with this script inline right after it (build/push-reveal.js). It runs
 * before the parser goes on, so the prompt is in the page from its first paint or not at all:
 * nothing shifts. React and the island load only when the visitor goes for "Allow" (the
 * runtime's intent strategy), and the click that asked is replayed on the island.
 *
 * It counts toward the JavaScript a page loads before a visitor's intent (the size budget in
 * tests/budgets/), so it does only what cannot wait:
 * - decides: shown when the browser has push, notifications are not blocked, this browser has not
 *   subscribed, the back-off after "No thanks" has passed, and it was not closed on this visit.
 *   A browser without push says 'Incompatible browser.' in the console; an iPhone or iPad gets
 *   the hint about the Home Screen instead.
 * - says the sentence through the status line once per visit, not on every page.
 * - "Allow" asks the browser for permission in the visitor's own click (browsers ignore a
 *   request made later, without one) and leaves the answer's promise for the island.
 * - "No thanks" hides it for the back-off; Close, or Escape inside it, for the rest of this visit.
 *   Focus goes on to the page's main content.
 * - Any element with the class tenderpress-push-prompt (or OneSignal-prompt, the class of the
 *   push service the original site used) asks too, once the page has loaded.
 */
import {
	ASK_EVENT,
	CLOSED,
	SAID,
	STORAGE_KEY,
	TRIGGER_SELECTOR,
	canPush,
	isAppleTouch,
	leavePrompt,
	promptDue,
	readState,
	setVisit,
	storage,
	writeState,
} from './state';

const island = document.querySelector< HTMLElement >(
	'[data-tp-island="push"]'
);
const prompt = island?.querySelector< HTMLElement >( '.tp-push__prompt' );
const allow = prompt?.querySelector< HTMLElement >( '[data-tp-push-allow]' );

if ( island && prompt && allow ) {
	const props = JSON.parse(
		island.querySelector( 'script[data-tp-props]' )?.textContent || '{}'
	) as { backoffDays?: number; scope?: string; worker?: string };
	const visit = storage( 'sessionStorage' )?.getItem( STORAGE_KEY );
	const due =
		visit !== CLOSED &&
		promptDue( readState( storage() ), props.backoffDays ?? 7, Date.now() );
	const show = () => {
		prompt.hidden = false;
		prompt.classList.add( 'is-entering' );
		const status = prompt.querySelector< HTMLElement >( '[data-tp-text]' );
		if ( status && ! visit ) {
			setVisit( SAID );
			// Filled a moment after it shows: a status that appears already filled is often
			// not read out.
			setTimeout(
				() => ( status.textContent = status.dataset.tpText! ),
				100
			);
		}
	};
	const hide = ( forDays: boolean ) => {
		if ( forDays ) {
			writeState(
				storage(),
				Object.assign( readState( storage() ), {
					dismissed: Date.now(),
				} )
			);
		} else {
			setVisit( CLOSED );
		}
		leavePrompt( prompt );
		prompt.hidden = true;
	};
	prompt.addEventListener( 'click', ( event ) => {
		const button = ( event.target as Element ).closest(
			'[data-tp-push-dismiss],[data-tp-push-close]'
		);
		if ( button ) {
			hide( button.hasAttribute( 'data-tp-push-dismiss' ) );
		}
	} );
	prompt.addEventListener( 'keydown', ( event ) => {
		if ( event.key === 'Escape' ) {
			hide( false );
		}
	} );

	if ( ! canPush( window as unknown as { navigator: object } ) ) {
		// eslint-disable-next-line no-console -- the spec's signal for a browser without push.
		console.log( 'Incompatible browser.' );
		if ( isAppleTouch( navigator ) && due ) {
			allow.hidden = true;
			prompt
				.querySelector< HTMLElement >( '.tp-push__hint' )
				?.removeAttribute( 'hidden' );
			show();
		}
	} else {
		const ask = () => {
			if ( Notification.permission === 'default' ) {
				window.tenderpressPushPermission ||=
					Notification.requestPermission();
			}
		};
		// The site's "Get notifications" buttons show only where they can work: said before
		// the page below is parsed, so showing them moves nothing.
		document.documentElement.classList.add( 'tp-push-able' );
		allow.addEventListener( 'click', ask );
		const onTrigger = ( event: MouseEvent ) => {
			const trigger = (
				event.target as Element
			 ).closest?.< HTMLElement >( TRIGGER_SELECTOR );
			if (
				! trigger ||
				! island.isConnected ||
				island.contains( trigger )
			) {
				return;
			}
			// Not the link's own navigation: the click asks for notifications.
			event.preventDefault();
			if ( island.dataset.tpState === 'mounted' ) {
				// The island runs the prompt now; it asks, and gives focus back to the trigger.
				ask();
				island.dispatchEvent(
					new CustomEvent( ASK_EVENT, { detail: { trigger } } )
				);
			} else {
				show();
				// Focus is the island's intent (it starts loading); the click is held for it.
				allow.focus();
				allow.click();
			}
		};
		// An inline script, run while the page is parsed: always before its load event.
		addEventListener(
			'load',
			() => document.addEventListener( 'click', onTrigger, true ),
			{ once: true }
		);
		const permission = Notification.permission;
		if ( permission === 'granted' && props.worker ) {
			// A worker registered at an older address (before it carried the subscriptions
			// route, `sw.js?route=…`) is registered again, so it can renew the subscription when
			// the browser replaces it; at the same address registering again changes nothing.
			const container = navigator.serviceWorker;
			container
				.getRegistration( props.scope )
				.then(
					( registration ) =>
						registration?.active &&
						container.register( props.worker!, {
							scope: props.scope,
						} )
				)
				.catch( () => 0 );
		}
		// Allowed before but not through this prompt (the settings screen's test, another
		// site's code): the visitor has not chosen these notifications yet.
		if ( permission !== 'denied' && due ) {
			show();
		}
	}
}
