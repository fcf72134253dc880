/**
 * Shows the push opt-in prompt without React: PHP prints the prompt hidden, with this script
 * inline after it (build/push-reveal.js). It checks what it can in a few lines and shows the
 * prompt at once when it is due; React and the island load only when the visitor goes for
 * "Allow" (the runtime's intent strategy), and the click that asked is replayed on the island.
 *
 * - A browser without push says 'Incompatible browser.' in the console and shows nothing; on an
 *   iPhone or iPad it shows the hint about adding the site to the Home Screen instead.
 * - "Allow" asks the browser for permission in the visitor's own click (browsers ignore a
 *   request that comes later, without one); the island then subscribes.
 * - "No thanks" hides it and keeps the day, for the back-off.
 * - Any element with the class tenderpress-push-prompt (or OneSignal-prompt, the class of the
 *   push service the original site used) asks too, once the page has loaded.
 */
import {
	TRIGGER_SELECTOR,
	canPush,
	isAppleTouch,
	promptDue,
	readState,
	storage,
	writeState,
} from './state';

function start(): void {
	const island = document.querySelector< HTMLElement >(
		'[data-tp-island="push"]'
	);
	const prompt = island?.querySelector< HTMLElement >( '.tp-push__prompt' );
	const allow = island?.querySelector< HTMLButtonElement >(
		'[data-tp-push-allow]'
	);
	const dismiss = island?.querySelector< HTMLButtonElement >(
		'[data-tp-push-dismiss]'
	);
	if ( ! island || ! prompt || ! allow || ! dismiss ) {
		return;
	}
	const props = JSON.parse(
		island.querySelector( 'script[data-tp-props]' )?.textContent || '{}'
	) as { backoffDays?: number; scope?: string };
	const show = () => {
		prompt.hidden = false;
		prompt.classList.add( 'is-entering' );
		// Said once it is there: a status filled after it shows is read by screen readers.
		const status = prompt.querySelector< HTMLElement >( '[role="status"]' );
		if ( status && status.dataset.tpText ) {
			status.textContent = status.dataset.tpText;
		}
	};

	if ( ! canPush( window as unknown as { navigator: object } ) ) {
		// eslint-disable-next-line no-console -- the spec's signal for a browser without push.
		console.log( 'Incompatible browser.' );
		if ( isAppleTouch( navigator ) ) {
			allow.hidden = true;
			prompt
				.querySelector< HTMLElement >( '.tp-push__hint' )
				?.removeAttribute( 'hidden' );
			dismiss.addEventListener( 'click', () => ( prompt.hidden = true ) );
			show();
		}
		return;
	}

	allow.addEventListener( 'click', () => {
		if ( Notification.permission === 'default' ) {
			Notification.requestPermission();
		}
	} );
	dismiss.addEventListener( 'click', () => {
		writeState( storage(), {
			...readState( storage() ),
			dismissed: Date.now(),
		} );
		prompt.hidden = true;
	} );
	const onTrigger = ( event: MouseEvent ) => {
		if ( ! island.isConnected ) {
			// The page's body was replaced (a theme's page transitions): this prompt is gone.
			document.removeEventListener( 'click', onTrigger, true );
			return;
		}
		const trigger =
			event.target instanceof Element &&
			event.target.closest( TRIGGER_SELECTOR );
		if ( ! trigger || island.contains( trigger ) ) {
			return;
		}
		// Not the link's own navigation: the click asks for notifications.
		event.preventDefault();
		prompt.hidden = false;
		// Focus is the island's intent (it starts loading); the click is held for it.
		allow.focus();
		allow.click();
	};
	const listenToTriggers = () =>
		document.addEventListener( 'click', onTrigger, true );
	if ( document.readyState === 'complete' ) {
		listenToTriggers();
	} else {
		window.addEventListener( 'load', listenToTriggers, { once: true } );
	}

	if (
		Notification.permission === 'denied' ||
		! promptDue(
			readState( storage() ),
			props.backoffDays ?? 7,
			Date.now()
		)
	) {
		return;
	}
	if ( Notification.permission !== 'granted' ) {
		show();
		return;
	}
	// Allowed before: shown only when this browser has no subscription for the site any more.
	navigator.serviceWorker
		.getRegistration( props.scope )
		.then( ( registration ) =>
			registration ? registration.pushManager.getSubscription() : null
		)
		.then( ( subscription ) => subscription || show() )
		.catch( show );
}

start();
