/**
 * The account island as a visitor meets it: the "Sign in" trigger, and the login, lost password
 * and new password popups. It is mounted on the container and with the props the server
 * rendered, and every answer it gets is one the real handlers gave
 * (tests/php/ContractFixturesTest.php, tests/fixtures/account.json).
 */
/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

/**
 * Internal dependencies
 */
import { Account, resetAccountIslands } from '../Account';
import { parseAccountProps } from '..';
import { withoutPopupArgs } from '../links';
import { accountNonce, forgetNonce } from '../token';

interface Exchange {
	request: Record< string, string >;
	status: number;
	body: { success: boolean; data: Record< string, string > };
}
type AnswerName =
	| 'token'
	| 'login wrong password'
	| 'login'
	| 'lost password'
	| 'reset bad key'
	| 'reset mismatch'
	| 'reset';

const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/account.json' ),
		'utf8'
	)
) as {
	html: string;
	props: Record< string, unknown >;
	answers: Record< AnswerName, Exchange >;
};
const props = parseAccountProps( recording.props );
const { answers } = recording;
const FRESH_NONCE = answers.token.body.data.nonce!;
const PAGE_NONCE = props.nonce;
const LOGIN = answers.login.request;
const RESET = answers.reset.request;
const message = ( name: AnswerName ) => answers[ name ].body.data.message!;

// The address of the page a form sends: the page's own, which the recording made on the server's
// page cannot be here. It is checked on its own, and left out when a request is matched.
const PAGE_FIELDS = [ 'redirect_to', 'return_to' ];

/** The nonce the server takes in a test: the fresh one, or the page's own without a token. */
let validNonce = FRESH_NONCE;
/** Every form admin-ajax.php got, in order, and those no recording answers (expected none). */
const forms: Array< Record< string, string > > = [];
const unrecorded: Array< Record< string, string > > = [];

const sameRequest = (
	form: Record< string, string >,
	recorded: Record< string, string >
) => {
	const strip = ( fields: Record< string, string > ) =>
		Object.entries( fields )
			.filter( ( [ name ] ) => ! PAGE_FIELDS.includes( name ) )
			.map( ( [ name, value ] ) =>
				name === '_ajax_nonce' && value === FRESH_NONCE
					? [ name, validNonce ]
					: [ name, value ]
			)
			.sort( ( [ a ], [ b ] ) => ( a! < b! ? -1 : 1 ) );
	return (
		JSON.stringify( strip( form ) ) === JSON.stringify( strip( recorded ) )
	);
};

const server = setupServer(
	http.post( props.ajaxUrl, async ( { request } ) => {
		const form = Object.fromEntries(
			new URLSearchParams( await request.text() )
		);
		forms.push( form );
		const recorded = Object.values( answers ).find( ( exchange ) =>
			sameRequest( form, exchange.request )
		);
		if ( ! recorded ) {
			unrecorded.push( form );
			return new HttpResponse( 'No recorded answer for this request.', {
				status: 501,
			} );
		}
		return HttpResponse.json( recorded.body, { status: recorded.status } );
	} )
);
beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );

const ORIGINAL_PATH = window.location.pathname + window.location.search;

beforeEach( () => {
	// jsdom has <dialog> but not its modal methods.
	HTMLDialogElement.prototype.showModal = function () {
		this.setAttribute( 'open', '' );
	};
	HTMLDialogElement.prototype.close = function () {
		this.removeAttribute( 'open' );
	};
} );

/** Whether the island mounted with a token action, and so asked for a fresh nonce. */
let asked = false;

afterEach( async () => {
	// The next test is a new page load: this one's request for a nonce ends here, not there.
	if ( asked ) {
		await accountNonce( PAGE_NONCE, props.token, {
			url: props.ajaxUrl,
			messages: props.messages,
		} );
		asked = false;
	}
	resetAccountIslands();
	forgetNonce();
	validNonce = FRESH_NONCE;
	forms.length = 0;
	unrecorded.length = 0;
	vi.unstubAllGlobals();
	vi.useRealTimers();
	window.history.replaceState( null, '', ORIGINAL_PATH );
} );

/**
 * Mounts the island on the server's container, as the runtime does (React owns data-tp-root),
 * after the rest of a page.
 */
function mount(
	raw: Record< string, unknown > = recording.props,
	page = '<main><h1>Tenders</h1></main>'
) {
	document.body.innerHTML = page + recording.html;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="account"]'
	)!;
	const parsed = parseAccountProps( raw );
	asked = parsed.token !== null;
	render( <Account { ...parsed } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return screen.getByRole( 'link', { name: props.label } );
}

const dialog = () => screen.getByRole( 'dialog' );
const focused = () => document.body.ownerDocument.activeElement;
const field = ( label: string ) =>
	within( dialog() ).getByLabelText< HTMLInputElement >( label );
const describers = ( input: HTMLElement ) =>
	( input.getAttribute( 'aria-describedby' ) ?? '' )
		.split( ' ' )
		.filter( Boolean )
		.map( ( id ) => document.getElementById( id )?.textContent );

/** Opens the login popup and signs in with this password. */
async function signIn( password: string ) {
	const user = userEvent.setup();
	await user.click( mount() );
	await user.type( field( props.i18n.username ), LOGIN.log! );
	await user.type( field( props.i18n.password ), password );
	await user.click(
		within( dialog() ).getByLabelText( props.i18n.remember )
	);
	await user.click(
		within( dialog() ).getByRole( 'button', { name: props.i18n.submit } )
	);
	return user;
}

const requestsFor = ( action: string ) =>
	forms.filter( ( form ) => form.action === action );

describe( 'the sign-in popup', () => {
	it( 'opens from the trigger as a dialog named "Sign in", on the username field', async () => {
		const trigger = mount();
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		await userEvent.click( trigger );
		expect(
			screen.getByRole( 'dialog', { name: props.i18n.loginTitle } )
		).toBeTruthy();
		expect( focused() ).toBe( field( props.i18n.username ) );
	} );

	it.each( [ 'Escape', 'the Close button' ] )(
		'closes with %s and gives focus back to the trigger',
		async ( how ) => {
			const trigger = mount();
			await userEvent.click( trigger );
			if ( how === 'Escape' ) {
				// What the browser does on Escape in a modal dialog.
				act( () => {
					dialog().dispatchEvent(
						new Event( 'cancel', { cancelable: true } )
					);
				} );
			} else {
				await userEvent.click(
					within( dialog() ).getByRole( 'button', {
						name: props.i18n.close,
					} )
				);
			}
			expect( screen.queryByRole( 'dialog' ) ).toBeNull();
			expect( focused() ).toBe( trigger );
		}
	);

	it( 'leaves a modified click to the link (a new tab) and opens nothing', async () => {
		const trigger = mount();
		let prevented: boolean | null = null;
		const lastListener = ( event: MouseEvent ) => {
			prevented = event.defaultPrevented;
			// jsdom does not navigate: keep it from trying.
			event.preventDefault();
		};
		window.addEventListener( 'click', lastListener );
		try {
			fireEvent.click( trigger, { ctrlKey: true } );
		} finally {
			window.removeEventListener( 'click', lastListener );
		}
		expect( prevented ).toBe( false );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
	} );

	it( 'ties each empty field to its own message, marks it invalid and focuses the first', async () => {
		const user = userEvent.setup();
		await user.click( mount() );
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.submit,
			} )
		);
		for ( const label of [ props.i18n.username, props.i18n.password ] ) {
			expect( field( label ).getAttribute( 'aria-invalid' ) ).toBe(
				'true'
			);
			expect( describers( field( label ) ) ).toEqual( [
				props.i18n.required,
			] );
		}
		expect( focused() ).toBe( field( props.i18n.username ) );
		expect( forms ).toEqual( [
			expect.objectContaining( { action: props.token } ),
		] );
	} );

	it( 'says a wrong password is wrong, in an alert, and marks both fields', async () => {
		await signIn( answers[ 'login wrong password' ].request.pwd! );
		await waitFor( () =>
			expect( within( dialog() ).getByRole( 'alert' ).textContent ).toBe(
				message( 'login wrong password' )
			)
		);
		for ( const label of [ props.i18n.username, props.i18n.password ] ) {
			expect( field( label ).getAttribute( 'aria-invalid' ) ).toBe(
				'true'
			);
			expect( describers( field( label ) ) ).toEqual( [
				message( 'login wrong password' ),
			] );
		}
		expect( screen.getByRole( 'dialog' ) ).toBeTruthy();
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'goes where the server says once signed in, with a fresh nonce asked for once', async () => {
		const assign = vi.fn();
		vi.stubGlobal( 'location', { ...window.location, assign } );
		await signIn( LOGIN.pwd! );
		await waitFor( () =>
			expect( assign ).toHaveBeenCalledWith(
				answers.login.body.data.redirect
			)
		);
		expect( requestsFor( props.token! ) ).toHaveLength( 1 );
		const [ login ] = requestsFor( props.actions.login );
		expect( login ).toEqual( {
			...LOGIN,
			_ajax_nonce: FRESH_NONCE,
			redirect_to: withoutPopupArgs( window.location.href, props.args ),
		} );
		expect( within( dialog() ).getByRole( 'status' ).textContent ).toBe(
			props.i18n.signedIn
		);
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'sends the page’s own nonce, and asks for none, when the site turned the fresh token off', async () => {
		validNonce = PAGE_NONCE;
		const assign = vi.fn();
		vi.stubGlobal( 'location', { ...window.location, assign } );
		const user = userEvent.setup();
		await user.click( mount( { ...recording.props, token: null } ) );
		await user.type( field( props.i18n.username ), LOGIN.log! );
		await user.type( field( props.i18n.password ), LOGIN.pwd! );
		await user.click(
			within( dialog() ).getByLabelText( props.i18n.remember )
		);
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.submit,
			} )
		);
		await waitFor( () => expect( assign ).toHaveBeenCalled() );
		expect( forms.map( ( form ) => form.action ) ).toEqual( [
			props.actions.login,
		] );
		expect( forms[ 0 ]!._ajax_nonce ).toBe( PAGE_NONCE );
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'shows and hides the password with a pressed button', async () => {
		const user = userEvent.setup();
		await user.click( mount() );
		const password = field( props.i18n.password );
		const toggle = within( dialog() ).getByRole( 'button', {
			name: props.i18n.showPassword,
		} );
		expect( password.type ).toBe( 'password' );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		await user.click( toggle );
		expect( password.type ).toBe( 'text' );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( toggle.textContent ).toBe( props.i18n.hidePassword );
		await user.click( toggle );
		expect( password.type ).toBe( 'password' );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
	} );
} );

describe( 'a trigger elsewhere on the page', () => {
	it( 'opens the popup it names once the island is mounted', async () => {
		mount(
			recording.props,
			`<header><a href="${ props.urls.lost }" data-tp-account-open="lost">Forgot it?</a></header>`
		);
		const other = screen.getByRole( 'link', { name: 'Forgot it?' } );
		await userEvent.click( other );
		expect(
			screen.getByRole( 'dialog', { name: props.i18n.lostTitle } )
		).toBeTruthy();
		expect( focused() ).toBe( field( props.i18n.username ) );
		await userEvent.click(
			within( dialog() ).getByRole( 'button', { name: props.i18n.close } )
		);
		expect( focused() ).toBe( other );
	} );
} );

describe( 'the lost password popup', () => {
	it( 'opens from the login popup and says what the server said', async () => {
		const user = userEvent.setup();
		await user.click( mount() );
		await user.click(
			within( dialog() ).getByRole( 'link', {
				name: props.i18n.lostLink,
			} )
		);
		expect(
			screen.getByRole( 'dialog', { name: props.i18n.lostTitle } )
		).toBeTruthy();
		const login = field( props.i18n.username );
		expect( focused() ).toBe( login );
		await user.type(
			login,
			answers[ 'lost password' ].request.user_login!
		);
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.lostSubmit,
			} )
		);
		await waitFor( () =>
			expect( within( dialog() ).getByRole( 'status' ).textContent ).toBe(
				message( 'lost password' )
			)
		);
		const [ lost ] = requestsFor( props.actions.lost );
		expect( lost!.return_to ).toBe(
			withoutPopupArgs( window.location.href, props.args )
		);
		expect( unrecorded ).toEqual( [] );
	} );
} );

describe( 'a page opened from the e-mailed reset link', () => {
	// The address as the server's redirect left it: the key and login went into a cookie the
	// island cannot read (php/Accounts/ResetLink.php).
	const open = ( selector = 'main_h1' ) =>
		window.history.replaceState(
			null,
			'',
			`/tenders/?s=roads&tenderpress-resetpassword=1&popup-selector=${ selector }`
		);

	it( 'opens the new password popup, takes the key out of the address bar and clicks the named element', async () => {
		open();
		const clicked = vi.fn();
		const onClick = ( event: MouseEvent ) => {
			if ( ( event.target as Element ).matches( 'main h1' ) ) {
				clicked();
			}
		};
		document.addEventListener( 'click', onClick );
		mount();
		expect(
			screen.getByRole( 'dialog', { name: props.i18n.resetTitle } )
		).toBeTruthy();
		expect( focused() ).toBe( field( props.i18n.newPassword ) );
		expect( window.location.pathname + window.location.search ).toBe(
			'/tenders/?s=roads'
		);
		expect( clicked ).not.toHaveBeenCalled();
		await waitFor( () => expect( clicked ).toHaveBeenCalledTimes( 1 ), {
			timeout: 1000,
		} );
		document.removeEventListener( 'click', onClick );
	} );

	it( 'clicks nothing when the selector is not a usable one', async () => {
		vi.useFakeTimers();
		open( '1bad' );
		const clicked = vi.fn();
		document.addEventListener( 'click', clicked );
		mount();
		expect( screen.getByRole( 'dialog' ) ).toBeTruthy();
		act( () => {
			vi.advanceTimersByTime( 1000 );
		} );
		expect( clicked ).not.toHaveBeenCalled();
		document.removeEventListener( 'click', clicked );
	} );

	it( 'ties the mismatch to the confirmation field, as the server words it, and sends nothing', async () => {
		open();
		mount();
		const user = userEvent.setup();
		await user.type( field( props.i18n.newPassword ), RESET.pass1! );
		await user.type(
			field( props.i18n.confirmPassword ),
			'Something else 9'
		);
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.resetSubmit,
			} )
		);
		const confirm = field( props.i18n.confirmPassword );
		expect( confirm.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( describers( confirm ) ).toEqual( [ props.i18n.mismatch ] );
		expect( props.i18n.mismatch ).toBe( message( 'reset mismatch' ) );
		expect( focused() ).toBe( confirm );
		expect(
			field( props.i18n.newPassword ).hasAttribute( 'aria-invalid' )
		).toBe( false );
		expect( requestsFor( props.actions.reset ) ).toEqual( [] );
	} );

	it( 'shows the strength of the new password as it is typed', async () => {
		open();
		mount();
		const user = userEvent.setup();
		const password = field( props.i18n.newPassword );
		await user.type( password, '12345678' );
		expect( describers( password ) ).toEqual( [
			props.i18n.strength.replace( '%s', props.i18n.strengths[ 0 ] ),
		] );
		await user.clear( password );
		await user.type( password, RESET.pass1! );
		expect( describers( password ) ).toEqual( [
			props.i18n.strength.replace( '%s', props.i18n.strengths[ 3 ] ),
		] );
	} );

	it( 'saves the new password, then offers to sign in with the server’s confirmation', async () => {
		open();
		mount();
		const user = userEvent.setup();
		await user.type( field( props.i18n.newPassword ), RESET.pass1! );
		await user.type( field( props.i18n.confirmPassword ), RESET.pass2! );
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.resetSubmit,
			} )
		);
		await waitFor( () =>
			expect(
				screen.getByRole( 'dialog', { name: props.i18n.loginTitle } )
			).toBeTruthy()
		);
		expect( within( dialog() ).getByRole( 'status' ).textContent ).toBe(
			message( 'reset' )
		);
		expect( focused() ).toBe( field( props.i18n.username ) );
		const [ reset ] = requestsFor( props.actions.reset );
		expect( reset ).toEqual( { ...RESET, _ajax_nonce: FRESH_NONCE } );
		expect( unrecorded ).toEqual( [] );

		// The confirmation belongs to that moment: the popup opened again starts clean.
		await user.click(
			within( dialog() ).getByRole( 'button', { name: props.i18n.close } )
		);
		await user.click( screen.getByRole( 'link', { name: props.label } ) );
		expect( within( dialog() ).getByRole( 'status' ).textContent ).toBe(
			''
		);
	} );

	it( 'says a key that is not valid is not, in an alert', async () => {
		const bad = answers[ 'reset bad key' ].request;
		open();
		mount();
		const user = userEvent.setup();
		await user.type( field( props.i18n.newPassword ), bad.pass1! );
		await user.type( field( props.i18n.confirmPassword ), bad.pass2! );
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.resetSubmit,
			} )
		);
		await waitFor( () =>
			expect( within( dialog() ).getByRole( 'alert' ).textContent ).toBe(
				message( 'reset bad key' )
			)
		);
		expect(
			field( props.i18n.newPassword ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'sends no key or account of its own, and offers a new link', async () => {
		open();
		mount();
		const user = userEvent.setup();
		await user.type( field( props.i18n.newPassword ), RESET.pass1! );
		await user.type( field( props.i18n.confirmPassword ), RESET.pass2! );
		await user.click(
			within( dialog() ).getByRole( 'button', {
				name: props.i18n.resetSubmit,
			} )
		);
		await waitFor( () =>
			expect( requestsFor( props.actions.reset ) ).toHaveLength( 1 )
		);
		expect(
			Object.keys( requestsFor( props.actions.reset )[ 0 ]! ).sort()
		).toEqual( [ '_ajax_nonce', 'action', 'pass1', 'pass2' ] );
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'offers a new link, for a key that expired', async () => {
		open();
		mount();
		await userEvent.click(
			within( dialog() ).getByRole( 'link', {
				name: props.i18n.lostTitle,
			} )
		);
		expect(
			screen.getByRole( 'dialog', { name: props.i18n.lostTitle } )
		).toBeTruthy();
	} );
} );
