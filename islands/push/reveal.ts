/**
 * Shows the push opt-in prompt without React: PHP prints the prompt hidden, with this script
 * inline after it (build/push-reveal.js). It checks what it can in a few lines and shows the
 * prompt at once when it is due; React and the island load only when the visitor goes for
 * "Allow" (the runtime's intent strategy), and the click that asked is replayed on the island.
 *
 * - A browser without push says 'Incompatible browser.' in the console and shows nothing; on an
 *   iPhone or iPad it shows the hint about adding the site to the Home Screen instead.
 * - "Allow" asks the browser for permission in the visitor's own click (browsers ignore a
 *   request that comes later, without one) and leaves the answer's promise for the island,
 *   which subscribes.
 * - "No thanks" (or Escape) hides it and keeps the day, for the back-off; focus goes on to the
 *   page's main content.
 * - Any element with the class tenderpress-push-prompt (or OneSignal-prompt, the class of the
 *   push service the original site used) asks too, once the page has loaded.
 */
import {
	ASK_EVENT,
	TRIGGER_SELECTOR,
	canPush,
	isAppleTouch,
	leavePrompt,
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
	) as { backoffDays?: number; scope?: string; worker?: string };
	const due = () =>
		promptDue( readState( storage() ), props.backoffDays ?? 7, Date.now() );
	const show = () => {
		prompt.hidden = false;
		prompt.classList.add( 'is-entering' );
		// Filled a moment after it shows: a status that appears already filled is often not
		// read out.
		const status = prompt.querySelector< HTMLElement >( '[role="status"]' );
		if ( status && status.dataset.tpText ) {
			const text = status.dataset.tpText;
			setTimeout( () => ( status.textContent = text ), 100 );
		}
	};
	const hide = () => {
		writeState( storage(), {
			...readState( storage() ),
			dismissed: Date.now(),
		} );
		leavePrompt( prompt );
		prompt.hidden = true;
	};
	dismiss.addEventListener( 'click', hide );
	prompt.addEventListener( 'keydown', ( event ) => {
		if ( event.key === 'Escape' && ! prompt.hidden ) {
			hide();
		}
	} );

	if ( ! canPush( window as unknown as { navigator: object } ) ) {
		// eslint-disable-next-line no-console -- the spec's signal for a browser without push.
		console.log( 'Incompatible browser.' );
		if ( isAppleTouch( navigator ) && due() ) {
			allow.hidden = true;
			prompt
				.querySelector< HTMLElement >( '.tp-push__hint' )
				?.removeAttribute( 'hidden' );
			show();
		}
		return;
	}

	// The site's "Get notifications" buttons show only where they can work: said before the page
	// below is parsed (this runs at the top of the body), so showing them moves nothing.
	document.documentElement.classList.add( 'tp-push-able' );
	allow.addEventListener( 'click', () => {
		if (
			Notification.permission === 'default' &&
			! window.tenderpressPushPermission
		) {
			window.tenderpressPushPermission = Notification.requestPermission();
		}
	} );
	const onTrigger = ( event: MouseEvent ) => {
		if ( ! island.isConnected ) {
			// The page's body was replaced (a theme's page transitions): this prompt is gone.
			document.removeEventListener( 'click', onTrigger, true );
			return;
		}
		const trigger =
			event.target instanceof Element &&
			event.target.closest< HTMLElement >( TRIGGER_SELECTOR );
		if ( ! trigger || island.contains( trigger ) ) {
			return;
		}
		// Not the link's own navigation: the click asks for notifications.
		event.preventDefault();
		if ( island.dataset.tpState === 'mounted' ) {
			// The island runs the prompt now; it asks, and gives focus back to the trigger.
			if (
				Notification.permission === 'default' &&
				! window.tenderpressPushPermission
			) {
				window.tenderpressPushPermission =
					Notification.requestPermission();
			}
			island.dispatchEvent(
				new CustomEvent( ASK_EVENT, { detail: { trigger } } )
			);
			return;
		}
		show();
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

	if ( Notification.permission === 'granted' && props.worker ) {
		refreshWorker( props.worker, props.scope );
	}
	// Allowed before but not through this prompt (the settings screen's test, another site's
	// code): the visitor has not chosen these notifications yet.
	if ( Notification.permission !== 'denied' && due() ) {
		show();
	}
}

/**
 * A worker registered at another address than the site gives now (before its address carried
 * the subscriptions route, `sw.js?route=…`) is registered again, so it can renew the
 * subscription when the browser replaces it.
 */
function refreshWorker( worker: string, scope?: string ): void {
	const wanted = new URL( worker, location.href ).href;
	navigator.serviceWorker
		.getRegistration( scope )
		.then( ( registration ) => {
			const active = registration?.active;
			if ( active && active.scriptURL !== wanted ) {
				return navigator.serviceWorker.register( worker, { scope } );
			}
			return undefined;
		} )
		.catch( () => undefined );
}

start();
