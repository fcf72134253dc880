/**
 * The push prompt before any React: shown at once when the browser can take push and the
 * visitor has not answered, kept away for the back-off after "No thanks" and for the rest of the
 * visit after Close or Escape, never after subscribing or when notifications are blocked; its
 * sentence said once per visit, not on every page; 'Incompatible browser.' (and the Home Screen
 * hint on an iPhone or iPad) where push is missing; the site's own trigger links active only once
 * the page has loaded, asking instead of navigating; "Allow" asking the browser in the click.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY, canPush, isAppleTouch, promptDue } from '../state';

const DAY = 24 * 60 * 60 * 1000;

const MARKUP = `
<div class="tp-push" data-tp-island="push" data-tp-when="interaction">
	<div data-tp-root>
		<section class="tp-push__prompt" hidden>
			<p class="tp-push__text" aria-hidden="true">Demo likes to show you notifications for the latest Tenders, EOI.</p>
			<p class="tp-push__said" role="status" data-tp-text="Demo likes to show you notifications for the latest Tenders, EOI."></p>
			<p class="tp-push__hint" hidden>Add the site to the Home Screen.</p>
			<div class="tp-push__actions">
				<button type="button" data-tp-push-allow>Allow</button>
				<button type="button" data-tp-push-dismiss>No thanks</button>
				<button type="button" data-tp-push-close>Close</button>
			</div>
		</section>
	</div>
	<script type="application/json" data-tp-props>{"backoffDays":7,"scope":"/sw/","worker":"/sw/sw.js?route=%2Fwp-json%2Ftenderpress%2Fv1%2Fpush%2Fsubscriptions"}</script>
</div>
<main><a class="tenderpress-push-prompt" href="/elsewhere/">Get notified</a></main>`;

const prompt = () =>
	document.querySelector< HTMLElement >( '.tp-push__prompt' )!;
const button = ( selector: string ) =>
	document.querySelector< HTMLButtonElement >( selector )!;

/** Gives the window what push needs, or leaves it out. */
function givePush( permission: NotificationPermission | null ) {
	if ( permission === null ) {
		vi.stubGlobal( 'PushManager', undefined );
		delete ( window as { PushManager?: unknown } ).PushManager;
		delete ( window as { Notification?: unknown } ).Notification;
		return;
	}
	const requestPermission = vi.fn( async () => 'granted' as const );
	vi.stubGlobal( 'PushManager', function PushManager() {} );
	vi.stubGlobal(
		'Notification',
		Object.assign( function Notification() {}, {
			permission,
			requestPermission,
		} )
	);
	Object.defineProperty( navigator, 'serviceWorker', {
		configurable: true,
		value: {
			getRegistration: vi.fn( async () => undefined ),
		},
	} );
	return requestPermission;
}

/**
 * Runs reveal.ts afresh, as the page's inline script would while the page is parsed, then (unless
 * `loaded` is false) lets the page finish loading.
 */
async function reveal( { loaded = true } = {} ) {
	vi.resetModules();
	await import( '../reveal' );
	if ( loaded ) {
		window.dispatchEvent( new Event( 'load' ) );
	}
}

beforeEach( () => {
	window.tenderpressPushPermission = undefined;
	document.body.innerHTML = MARKUP;
	localStorage.clear();
	sessionStorage.clear();
} );

afterEach( () => {
	vi.unstubAllGlobals();
	delete ( navigator as { serviceWorker?: unknown } ).serviceWorker;
} );

describe( 'when the prompt is due', () => {
	it( 'shows at once on a first visit, and says its sentence in its status line', async () => {
		givePush( 'default' );
		await reveal();
		expect( prompt().hidden ).toBe( false );
		// Filled a moment after it shows, so screen readers say it.
		await vi.waitFor( () =>
			expect(
				document.querySelector( '[role="status"]' )!.textContent
			).toBe(
				'Demo likes to show you notifications for the latest Tenders, EOI.'
			)
		);
	} );

	it( 'says its sentence once per visit: the next page of the same visit shows it silently', async () => {
		givePush( 'default' );
		await reveal();
		const status = () => document.querySelector( '[role="status"]' )!;
		await vi.waitFor( () => expect( status().textContent ).not.toBe( '' ) );

		document.body.innerHTML = MARKUP;
		await reveal();
		expect( prompt().hidden ).toBe( false );
		await new Promise( ( resolve ) => setTimeout( resolve, 200 ) );
		expect( status().textContent ).toBe( '' );

		sessionStorage.clear();
		document.body.innerHTML = MARKUP;
		await reveal();
		await vi.waitFor( () => expect( status().textContent ).not.toBe( '' ) );
	} );

	it( 'No thanks hides it, keeps the day, and moves focus on to the main content', async () => {
		givePush( 'default' );
		await reveal();
		const dismiss = button( '[data-tp-push-dismiss]' );
		dismiss.focus();
		dismiss.click();
		expect( prompt().hidden ).toBe( true );
		const main = document.querySelector( 'main' )!;
		expect( main.ownerDocument.activeElement ).toBe( main );
		expect(
			JSON.parse( localStorage.getItem( STORAGE_KEY )! ).dismissed
		).toBeGreaterThan( 0 );
	} );

	for ( const [ how, close ] of [
		[ 'Close', () => button( '[data-tp-push-close]' ).click() ],
		[
			'Escape inside it',
			() =>
				button( '[data-tp-push-allow]' ).dispatchEvent(
					new KeyboardEvent( 'keydown', {
						key: 'Escape',
						bubbles: true,
					} )
				),
		],
	] as const ) {
		it( `${ how } hides it for the rest of the visit only, focus going on to the main content`, async () => {
			givePush( 'default' );
			await reveal();
			button( '[data-tp-push-allow]' ).focus();
			close();
			expect( prompt().hidden ).toBe( true );
			const main = document.querySelector( 'main' )!;
			expect( main.ownerDocument.activeElement ).toBe( main );
			expect( localStorage.getItem( STORAGE_KEY ) ).toBeNull();

			document.body.innerHTML = MARKUP;
			await reveal();
			expect( prompt().hidden ).toBe( true );

			// A new visit: asked again.
			sessionStorage.clear();
			document.body.innerHTML = MARKUP;
			await reveal();
			expect( prompt().hidden ).toBe( false );
		} );
	}

	it( 'stays away for the back-off days after No thanks, then comes back', () => {
		const now = Date.UTC( 2026, 10, 24 );
		expect( promptDue( {}, 7, now ) ).toBe( true );
		expect( promptDue( { dismissed: now - 6 * DAY }, 7, now ) ).toBe(
			false
		);
		expect( promptDue( { dismissed: now - 7 * DAY }, 7, now ) ).toBe(
			true
		);
		expect( promptDue( { dismissed: now - 60_000 }, 0, now ) ).toBe( true );
		expect( promptDue( { subscribed: true }, 0, now ) ).toBe( false );
	} );

	it( 'No thanks hides it and keeps the day, so the next page does not show it', async () => {
		givePush( 'default' );
		await reveal();
		button( '[data-tp-push-dismiss]' ).click();
		expect( prompt().hidden ).toBe( true );
		const kept = JSON.parse( localStorage.getItem( STORAGE_KEY )! );
		expect( Date.now() - kept.dismissed ).toBeLessThan( 5000 );

		document.body.innerHTML = MARKUP;
		await reveal();
		expect( prompt().hidden ).toBe( true );
	} );

	it( 'is not shown once this browser subscribed, nor where notifications are blocked', async () => {
		givePush( 'default' );
		localStorage.setItem( STORAGE_KEY, '{"subscribed":true}' );
		await reveal();
		expect( prompt().hidden ).toBe( true );

		localStorage.clear();
		document.body.innerHTML = MARKUP;
		givePush( 'denied' );
		await reveal();
		expect( prompt().hidden ).toBe( true );
	} );

	it( 'where notifications were allowed but not through the prompt (an administrator\u2019s test), shows', async () => {
		givePush( 'granted' );
		await reveal();
		expect( prompt().hidden ).toBe( false );
	} );

	it( 'registers its worker again where one is registered, so a worker from an older address can renew its subscription', async () => {
		givePush( 'granted' );
		const register = vi.fn( async () => ( {} ) );
		for ( const [ active, again ] of [
			[ { scriptURL: new URL( '/sw/sw.js', location.href ).href }, 1 ],
			[ undefined, 0 ],
		] as const ) {
			register.mockClear();
			Object.defineProperty( navigator, 'serviceWorker', {
				configurable: true,
				value: {
					getRegistration: vi.fn( async () => ( { active } ) ),
					register,
				},
			} );
			localStorage.setItem( STORAGE_KEY, '{"subscribed":true}' );
			document.body.innerHTML = MARKUP;
			await reveal();
			await vi.waitFor( () =>
				expect(
					navigator.serviceWorker.getRegistration
				).toHaveBeenCalledWith( '/sw/' )
			);
			await new Promise( ( resolve ) => setTimeout( resolve ) );
			expect( register ).toHaveBeenCalledTimes( again );
			if ( again ) {
				expect( register ).toHaveBeenCalledWith(
					'/sw/sw.js?route=%2Fwp-json%2Ftenderpress%2Fv1%2Fpush%2Fsubscriptions',
					{ scope: '/sw/' }
				);
			}
			expect( prompt().hidden ).toBe( true );
		}
	} );

	it( 'Allow asks the browser for permission in the click itself, once, and leaves the answer for the island', async () => {
		const requestPermission = givePush( 'default' )!;
		await reveal();
		button( '[data-tp-push-allow]' ).click();
		button( '[data-tp-push-allow]' ).click();
		expect( requestPermission ).toHaveBeenCalledTimes( 1 );
		await expect( window.tenderpressPushPermission ).resolves.toBe(
			'granted'
		);
	} );
} );

describe( 'feature detection', () => {
	it( 'says "Incompatible browser." and shows nothing where push is missing, nor the site\u2019s "Get notifications" buttons', async () => {
		document.documentElement.classList.remove( 'tp-push-able' );
		givePush( null );
		const log = vi.spyOn( console, 'log' ).mockImplementation( () => {} );
		await reveal();
		expect( log ).toHaveBeenCalledWith( 'Incompatible browser.' );
		expect( prompt().hidden ).toBe( true );
		expect(
			document.documentElement.classList.contains( 'tp-push-able' )
		).toBe( false );
	} );

	it( 'where push works, lets the site\u2019s "Get notifications" buttons show, before the page below is parsed', async () => {
		document.documentElement.classList.remove( 'tp-push-able' );
		givePush( 'default' );
		await reveal();
		expect(
			document.documentElement.classList.contains( 'tp-push-able' )
		).toBe( true );
	} );

	it( 'on an iPhone or iPad shows the Home Screen hint instead of Allow', async () => {
		givePush( null );
		vi.spyOn( console, 'log' ).mockImplementation( () => {} );
		const agent = vi
			.spyOn( navigator, 'userAgent', 'get' )
			.mockReturnValue(
				'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
			);
		await reveal();
		agent.mockRestore();
		expect( prompt().hidden ).toBe( false );
		expect(
			document.querySelector< HTMLElement >( '.tp-push__hint' )!.hidden
		).toBe( false );
		expect( button( '[data-tp-push-allow]' ).hidden ).toBe( true );
	} );

	it( 'knows the browsers that can take push, and Apple touch devices', () => {
		expect(
			canPush( {
				navigator: { serviceWorker: {} },
				PushManager: 1,
				Notification: 1,
			} )
		).toBe( true );
		expect(
			canPush( { navigator: {}, PushManager: 1, Notification: 1 } )
		).toBe( false );
		expect( canPush( { navigator: { serviceWorker: {} } } ) ).toBe( false );
		expect(
			isAppleTouch( {
				userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
				platform: 'MacIntel',
				maxTouchPoints: 5,
			} )
		).toBe( true );
		expect(
			isAppleTouch( {
				userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
				platform: 'MacIntel',
				maxTouchPoints: 0,
			} )
		).toBe( false );
	} );
} );

describe( 'trigger links', () => {
	it( 'are active only once the page has loaded: before, the link works as a link', async () => {
		givePush( 'default' );
		await reveal( { loaded: false } );
		const early = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		document
			.querySelector( '.tenderpress-push-prompt' )!
			.dispatchEvent( early );
		expect( early.defaultPrevented ).toBe( false );

		window.dispatchEvent( new Event( 'load' ) );
		const allow = vi.fn();
		button( '[data-tp-push-allow]' ).addEventListener( 'click', allow );
		const late = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		document
			.querySelector( '.tenderpress-push-prompt' )!
			.dispatchEvent( late );
		expect( late.defaultPrevented ).toBe( true );
		expect( allow ).toHaveBeenCalledTimes( 1 );
		const allowButton = button( '[data-tp-push-allow]' );
		expect( allowButton.ownerDocument.activeElement ).toBe( allowButton );
	} );

	it( 'once the island runs the prompt, ask it through its event, with the trigger to give focus back to', async () => {
		givePush( 'default' );
		await reveal();
		const island = document.querySelector< HTMLElement >(
			'[data-tp-island="push"]'
		)!;
		island.dataset.tpState = 'mounted';
		const asked = vi.fn();
		island.addEventListener( 'tenderpress-push-ask', asked );
		const link = document.querySelector( '.tenderpress-push-prompt' )!;
		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		link.dispatchEvent( click );
		expect( click.defaultPrevented ).toBe( true );
		expect( asked ).toHaveBeenCalledTimes( 1 );
		expect( asked.mock.calls[ 0 ]![ 0 ].detail.trigger ).toBe( link );
	} );

	it( 'once the page has loaded, the original provider\u2019s class works too', async () => {
		givePush( 'default' );
		document
			.querySelector( '.tenderpress-push-prompt' )!
			.setAttribute( 'class', 'OneSignal-prompt' );
		await reveal();
		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		document.querySelector( '.OneSignal-prompt' )!.dispatchEvent( click );
		expect( click.defaultPrevented ).toBe( true );
		expect( prompt().hidden ).toBe( false );
	} );
} );
