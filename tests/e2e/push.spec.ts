/**
 * Push notifications end to end, on a server of the test's own with the prompt on and local push
 * services allowed (the development setting), and a local push service (support/push-service.ts)
 * that decrypts what the site sends. Headless Chromium reaches no real push service, so the page
 * gets a PushManager stand-in whose subscription has real P-256 keys and points at the local
 * service; the service worker is the plugin's own.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
	startPushService,
	type PushService,
	type Subscriber,
} from './support/push-service';
import {
	axeViolations,
	logInAsAdmin,
	observeLayoutShift,
	layoutShiftSources,
	waitForIsland,
} from './support/site';

const WORDING =
	'TenderPress Demo likes to show you notifications for the latest Tenders, EOI.';
const SCOPE = '/wp-content/plugins/tenderpress/sdk_files/push/webpush/';

let site: OwnServer | undefined;
let service: PushService | undefined;

test.beforeEach( async ( {}, testInfo ) => {
	testInfo.setTimeout( 120_000 );
	const base = Number( process.env.E2E_PORT || 8891 );
	site = await startOwnServer(
		base + 70 + testInfo.workerIndex,
		`push-${ testInfo.workerIndex }`,
		'',
		// The notice in these tests is published with its fields in one request, so its
		// notification need not wait the minute a real site gives the block editor.
		{ TP_PUSH_PROMPT: 'on', TP_PUSH_DELAY: '0' }
	);
	service = await startPushService( base + 90 + testInfo.workerIndex );
} );

test.afterEach( async () => {
	await site?.stop();
	await service?.stop();
	site = undefined;
	service = undefined;
} );

const prompt = ( page: Page ) => page.locator( '.tp-push__prompt' );

/**
 * Gives pages a PushManager whose subscription is the local service's subscriber. With `stale`,
 * the browser starts with that subscription, one the push service no longer knows, as a browser
 * does whose subscription expired; subscribing again gives `subscriber`.
 */
async function standInPushManager(
	page: Page,
	subscriber: Subscriber,
	stale: Subscriber | null = null
) {
	await page.addInitScript(
		( [ fresh, old ] ) => {
			const make = ( { endpoint, keys }: typeof fresh ) => ( {
				endpoint,
				expirationTime: null,
				toJSON: () => ( { endpoint, expirationTime: null, keys } ),
				unsubscribe: async () => {
					current = null;
					return true;
				},
			} );
			let current: unknown = old ? make( old ) : null;
			PushManager.prototype.subscribe = async function () {
				current = make( fresh );
				return current as PushSubscription;
			};
			PushManager.prototype.getSubscription = async function () {
				return current as PushSubscription | null;
			};
		},
		[ subscriber, stale ] as const
	);
}

/** The administrator turns on the development setting that lets the site send to loopback. */
async function allowLocalPushServices( browser: Browser, url: string ) {
	const admin = await browser.newPage();
	await logInAsAdmin( admin, url );
	await admin.goto(
		`${ url }/wp-admin/options-general.php?page=tenderpress&tab=advanced`
	);
	await admin
		.getByLabel( 'Allow local push services (development only)' )
		.check();
	await admin.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( admin.getByText( 'Settings saved.' ) ).toBeVisible();
	return admin;
}

/** The administrator publishes a notice through the REST API; resolves with it as created. */
async function publishNotice(
	admin: Page,
	notice: { title: string; meta: Record< string, string > }
): Promise< { id: number; link: string } > {
	const nonce = await (
		await admin.request.get(
			`${ site!.url }/wp-admin/admin-ajax.php?action=rest-nonce`
		)
	).text();
	const created = await admin.request.post(
		`${ site!.url }/wp-json/wp/v2/tenders`,
		{
			headers: { 'X-WP-Nonce': nonce },
			data: { ...notice, status: 'publish' },
		}
	);
	expect( created.status() ).toBe( 201 );
	return created.json();
}

test( 'the prompt slides down with the exact wording, moves nothing, is axe clean, and No thanks keeps it away across reloads', async ( {
	page,
} ) => {
	const shifted = await observeLayoutShift( page );
	await page.goto( `${ site!.url }/` );
	await expect( prompt( page ) ).toBeVisible();
	await expect( prompt( page ).locator( '.tp-push__text' ) ).toHaveText(
		WORDING
	);
	// Said to screen readers once it shows.
	await expect( prompt( page ).getByRole( 'status' ) ).toHaveText( WORDING );
	await expect(
		prompt( page ).getByRole( 'button', { name: 'Allow' } )
	).toBeVisible();
	expect( await axeViolations( page ) ).toEqual( [] );
	expect(
		await shifted(),
		( await layoutShiftSources( page ) ).join( '\n' )
	).toBe( 0 );
	// Nothing but the runtime before the visitor's intent: no React, no push chunk.
	expect(
		await page.evaluate( () =>
			performance
				.getEntriesByType( 'resource' )
				.map( ( entry ) => entry.name )
				.filter( ( name ) => /\/push-[\w-]+\.js|react/.test( name ) )
		)
	).toEqual( [] );

	await prompt( page ).getByRole( 'button', { name: 'No thanks' } ).click();
	await expect( prompt( page ) ).toBeHidden();
	await page.reload();
	await page.waitForLoadState( 'load' );
	await expect( prompt( page ) ).toBeHidden();
	await page.goto( `${ site!.url }/tenders/` );
	await expect( prompt( page ) ).toBeHidden();
} );

test( 'Allow asks for permission, registers the plugin\u2019s service worker in its folder, stores the subscription, and a published notice reaches the push service encrypted', async ( {
	browser,
	page,
	context,
} ) => {
	const admin = await allowLocalPushServices( browser, site!.url );
	const subscriber = service!.subscriber();
	await standInPushManager( page, subscriber );
	await context.grantPermissions( [ 'notifications' ], {
		origin: site!.url,
	} );
	await page.goto( `${ site!.url }/` );

	const stored = page.waitForResponse(
		( response ) =>
			response.url().includes( '/tenderpress/v1/push/subscriptions' ) &&
			response.request().method() === 'POST'
	);
	await prompt( page ).getByRole( 'button', { name: 'Allow' } ).click();
	expect( ( await stored ).status() ).toBe( 201 );
	await waitForIsland( page, 'push' );
	await expect( prompt( page ).getByRole( 'status' ) ).toHaveText(
		/^Notifications are on\./
	);
	expect(
		await page.evaluate( async () =>
			( await navigator.serviceWorker.getRegistrations() ).map(
				( registration ) => new URL( registration.scope ).pathname
			)
		)
	).toEqual( [ SCOPE ] );
	expect( await axeViolations( page ) ).toEqual( [] );

	// The administrator publishes a notice; WP-Cron (run as any visitor may) sends it.
	const notice = await publishNotice( admin, {
		title: 'Supply of water tankers for Pune',
		meta: {
			tp_notice_type: 'tender',
			tp_buyer: 'Pune Municipal Corporation',
		},
	} );
	await admin.close();
	await expect
		.poll(
			async () => {
				await page.request.get( `${ site!.url }/wp-cron.php` );
				return service!.deliveries().length;
			},
			{ timeout: 30_000 }
		)
		.toBe( 1 );
	const [ delivery ] = service!.deliveries();
	expect( delivery!.path ).toBe( new URL( subscriber.endpoint ).pathname );
	expect( delivery!.headers[ 'content-encoding' ] ).toBe( 'aes128gcm' );
	expect( delivery!.headers.authorization ).toMatch(
		/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/
	);
	expect( delivery!.message ).toMatchObject( {
		title: 'Tender: Supply of water tankers for Pune',
		body: 'Pune Municipal Corporation',
		url: notice.link,
		tag: `tenderpress-notice-${ notice.id }`,
	} );

	// The visitor narrows what they hear about, then turns notifications off.
	const panel = prompt( page );
	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( '/tenderpress/v1/push/subscriptions' ) &&
			response.request().method() === 'POST'
	);
	await panel.getByRole( 'checkbox', { name: 'EOI' } ).check();
	await panel.getByRole( 'checkbox', { name: 'Civil Works' } ).check();
	await panel.getByRole( 'checkbox', { name: 'Maharashtra' } ).check();
	await panel.getByRole( 'button', { name: 'Save my choice' } ).click();
	const answer = await ( await saved ).json();
	expect( answer.topics.types ).toEqual( [ 'eoi' ] );
	expect( answer.topics.categories ).toHaveLength( 1 );
	expect( answer.topics.locations ).toHaveLength( 1 );
	await expect( panel.getByRole( 'status' ) ).toHaveText( 'Saved.' );
	const ended = page.waitForResponse(
		( response ) =>
			response.url().includes( '/tenderpress/v1/push/subscriptions' ) &&
			response.request().method() === 'DELETE'
	);
	await panel
		.getByRole( 'button', { name: 'Turn notifications off' } )
		.click();
	expect( ( await ended ).status() ).toBe( 200 );
	await expect( panel.getByRole( 'status' ) ).toHaveText(
		'Notifications are off.'
	);
	await panel.getByRole( 'button', { name: 'Close' } ).click();
	await expect( panel ).toBeHidden();
	await expect( page.locator( 'main' ) ).toBeFocused();
} );

test( 'a push the service worker receives shows a notification that stays until dismissed and opens the notice', async ( {
	browser,
	page,
	context,
} ) => {
	await ( await allowLocalPushServices( browser, site!.url ) ).close();
	const subscriber = service!.subscriber();
	await standInPushManager( page, subscriber );
	await context.grantPermissions( [ 'notifications' ], {
		origin: site!.url,
	} );
	const cdp = await context.newCDPSession( page );
	await cdp.send( 'ServiceWorker.enable' );
	const registered = new Promise< string >( ( resolve ) =>
		cdp.on( 'ServiceWorker.workerRegistrationUpdated', ( event ) => {
			const found = event.registrations.find( ( registration ) =>
				registration.scopeURL.endsWith( SCOPE )
			);
			if ( found ) {
				resolve( found.registrationId );
			}
		} )
	);
	await page.goto( `${ site!.url }/` );
	await prompt( page ).getByRole( 'button', { name: 'Allow' } ).click();
	await expect( prompt( page ).getByRole( 'status' ) ).toHaveText(
		/^Notifications are on\./
	);
	await page.evaluate(
		( scope ) =>
			navigator.serviceWorker
				.getRegistration( scope )
				.then(
					( registration ) =>
						registration?.active ?? registration?.installing
				),
		SCOPE
	);
	const url = `${ site!.url }/tenders/supply-of-water-tankers/`;
	await cdp.send( 'ServiceWorker.deliverPushMessage', {
		origin: site!.url,
		registrationId: await registered,
		data: JSON.stringify( {
			title: 'Tender: Supply of water tankers',
			body: 'Pune Municipal Corporation · Deadline: 4 March 2031, 3:00 pm',
			icon: '',
			url,
			tag: 'tenderpress-notice-1',
		} ),
	} );
	await expect
		.poll( () =>
			page.evaluate( async ( scope ) => {
				const registration =
					await navigator.serviceWorker.getRegistration( scope );
				return ( await registration!.getNotifications() ).map(
					( notification ) => ( {
						title: notification.title,
						body: notification.body,
						requireInteraction: notification.requireInteraction,
						url: notification.data?.url,
					} )
				);
			}, SCOPE )
		)
		.toEqual( [
			{
				title: 'Tender: Supply of water tankers',
				body: 'Pune Municipal Corporation · Deadline: 4 March 2031, 3:00 pm',
				requireInteraction: true,
				url,
			},
		] );
} );

test( 'a subscription the browser replaces on its own is moved over by the service worker, and notices reach the new one', async ( {
	browser,
	page,
	context,
} ) => {
	const admin = await allowLocalPushServices( browser, site!.url );
	const old = service!.subscriber();
	await standInPushManager( page, old );
	await context.grantPermissions( [ 'notifications' ], {
		origin: site!.url,
	} );
	await page.goto( `${ site!.url }/` );
	const started = context.waitForEvent( 'serviceworker' );
	await prompt( page ).getByRole( 'button', { name: 'Allow' } ).click();
	await expect( prompt( page ).getByRole( 'status' ) ).toHaveText(
		/^Notifications are on\./
	);
	const worker =
		context
			.serviceWorkers()
			.find( ( candidate ) => candidate.url().includes( SCOPE ) ) ??
		( await started );

	// What a browser does when its push service replaces a subscription (Firefox does; headless
	// Chromium cannot be made to): the worker hears pushsubscriptionchange.
	const renewed = service!.subscriber();
	const stored = await worker.evaluate(
		async ( [ before, after ] ) => {
			const make = ( { endpoint, keys }: typeof before ) => ( {
				endpoint,
				options: { applicationServerKey: null },
				toJSON: () => ( { endpoint, keys } ),
			} );
			// The worker's own event class (the page's types do not know it).
			const { ExtendableEvent } = self as unknown as {
				ExtendableEvent: typeof Event;
			};
			const event = new ExtendableEvent( 'pushsubscriptionchange' );
			let done: Promise< unknown > = Promise.resolve( 'not handled' );
			Object.defineProperties( event, {
				oldSubscription: { value: make( before ) },
				newSubscription: { value: make( after ) },
				waitUntil: {
					value: ( promise: Promise< unknown > ) => {
						done = promise;
					},
				},
			} );
			self.dispatchEvent( event );
			return done;
		},
		[ old, renewed ] as const
	);
	expect( stored ).toBe( true );

	// A notice published now goes to the new subscription, and not to the old one.
	await publishNotice( admin, {
		title: 'Desilting of storm water drains, Nashik',
		meta: { tp_notice_type: 'tender' },
	} );
	await admin.close();
	await expect
		.poll(
			async () => {
				await page.request.get( `${ site!.url }/wp-cron.php` );
				return service!
					.deliveries()
					.map( ( delivery ) => delivery.path );
			},
			{ timeout: 30_000 }
		)
		.toEqual( [ new URL( renewed.endpoint ).pathname ] );
	expect( service!.deliveries()[ 0 ]!.message ).toMatchObject( {
		title: 'Tender: Desilting of storm water drains, Nashik',
	} );
} );

test( 'the settings screen sends a test notification to the administrator\u2019s browser, subscribing it again when its subscription has ended', async ( {
	browser,
} ) => {
	const admin = await allowLocalPushServices( browser, site!.url );
	const subscriber = service!.subscriber();
	// The same keys at an address the push service does not know (it answers 404).
	const stale = {
		...service!.subscriber(),
		endpoint: `${ service!.url }/push/expired-subscription`,
	};
	await standInPushManager( admin, subscriber, stale );
	await admin.context().grantPermissions( [ 'notifications' ], {
		origin: site!.url,
	} );
	await admin.goto(
		`${
			site!.url
		}/wp-admin/options-general.php?page=tenderpress&tab=alerts`
	);
	const send = admin.getByRole( 'button', {
		name: 'Send a test notification to this browser',
	} );
	await expect( send ).toBeEnabled();
	await send.focus();
	await admin.keyboard.press( 'Enter' );
	await expect(
		admin.locator( '.tp-push-test' ).getByRole( 'status' )
	).toHaveText( /^Sent\./ );
	await expect( send ).toBeFocused();

	const deliveries = service!.deliveries();
	expect( deliveries.map( ( delivery ) => delivery.path ) ).toEqual( [
		'/push/expired-subscription',
		new URL( subscriber.endpoint ).pathname,
	] );
	expect( deliveries[ 1 ]!.message ).toEqual( {
		title: 'Test notification from TenderPress Demo',
		body: 'Notifications about new notices will look like this.',
		icon: expect.any( String ),
		url: `${ site!.url }/`,
		tag: 'tenderpress-test',
	} );
	await admin.close();
} );

test( 'a link with the prompt class asks for notifications instead of leaving the page, once the page has loaded', async ( {
	browser,
	page,
	context,
} ) => {
	await ( await allowLocalPushServices( browser, site!.url ) ).close();
	await standInPushManager( page, service!.subscriber() );
	await context.grantPermissions( [ 'notifications' ], {
		origin: site!.url,
	} );
	await page.goto( `${ site!.url }/` );
	await page.waitForLoadState( 'load' );
	await prompt( page ).getByRole( 'button', { name: 'No thanks' } ).click();
	await page.evaluate( () => {
		const link = document.createElement( 'a' );
		link.href = '/tenders/';
		link.className = 'OneSignal-prompt';
		link.textContent = 'Get notified';
		document.querySelector( 'main' )?.prepend( link );
	} );
	const stored = page.waitForResponse(
		( response ) =>
			response.url().includes( '/tenderpress/v1/push/subscriptions' ) &&
			response.request().method() === 'POST'
	);
	await page.getByRole( 'link', { name: 'Get notified' } ).click();
	expect( ( await stored ).status() ).toBe( 201 );
	expect( new URL( page.url() ).pathname ).toBe( '/' );
	await expect( prompt( page ).getByRole( 'status' ) ).toHaveText(
		/^Notifications are on\./
	);
} );

test( 'a browser without push says \u2018Incompatible browser.\u2019 and shows no prompt', async ( {
	page,
} ) => {
	await page.addInitScript( () => {
		delete ( window as { PushManager?: unknown } ).PushManager;
	} );
	const said: string[] = [];
	page.on( 'console', ( message ) => said.push( message.text() ) );
	await page.goto( `${ site!.url }/` );
	await page.waitForLoadState( 'load' );
	expect( said ).toContain( 'Incompatible browser.' );
	await expect( prompt( page ) ).toBeHidden();
} );

test.describe( 'without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );
	test( 'no prompt shows: push needs scripts', async ( { page } ) => {
		await page.goto( `${ site!.url }/` );
		await expect( prompt( page ) ).toBeHidden();
	} );
} );
