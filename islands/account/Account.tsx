/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import {
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { isPlainClick } from '../shared/clicks';
import { isAjaxError, postAction } from '../shared/ajax';
import { Dialog } from '../shared/Dialog';
import {
	popupRequest,
	SELECTOR_DELAY_MS,
	withoutPopupArgs,
	type PopupRequest,
} from './links';
import { passwordStrength } from './strength';
import { accountNonce } from './token';
import type { AccountProps, AccountView } from './types';

let instances = 0;
/**
 * The island that handles the page's link and triggers outside any island: the first to mount,
 * claimed at its commit (not while rendering, which React may do twice or throw away).
 */
let ownerId: string | null = null;
/**
 * The popup the page's address asks for: undefined until the owner read it (once per page: it
 * then takes the arguments out of the address bar), null once opened or when there is none.
 */
let pageRequest: PopupRequest | null | undefined;

/** Lets tests start from a fresh page. */
export function resetAccountIslands(): void {
	instances = 0;
	ownerId = null;
	pageRequest = undefined;
}

type Errors = Record< string, string >;

interface FormState {
	busy: boolean;
	/** The server's answer, announced: an error (alert) or a confirmation (status). */
	error: string;
	notice: string;
	/** Per-field messages, tied to their fields with aria-describedby. */
	fields: Errors;
}

const idle: FormState = { busy: false, error: '', notice: '', fields: {} };

/**
 * The sign-in trigger and its popups: login, lost password and new password, in one modal dialog
 * whose view changes (docs in islands/account/README.md).
 */
export function Account( props: AccountProps ) {
	const { label, urls, i18n, args } = props;
	const [ id ] = useState( () => `tp-account-${ ++instances }` );
	const [ owner, setOwner ] = useState( false );
	const [ view, setView ] = useState< AccountView | null >( null );
	const [ carried, setCarried ] = useState( '' );
	const trigger = useRef< HTMLAnchorElement >( null );
	const wasOpen = useRef( false );
	/** The element a link's popup-selector names, until it is clicked. */
	const [ selector, setSelector ] = useState< string | null >( null );
	const options = { url: props.ajaxUrl, messages: props.messages };

	useLayoutEffect( () => {
		ownerId ??= id;
		setOwner( ownerId === id );
		return () => {
			if ( ownerId === id ) {
				ownerId = null;
			}
		};
	}, [ id ] );

	// A fresh nonce once per page load, when the page configures one.
	useEffect( () => {
		void accountNonce( props.nonce, props.token, options );
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	// A link that asks for a popup: the first island opens it, takes the key out of the address
	// bar, and after 300 ms clicks the element popup-selector names.
	useEffect( () => {
		if ( ! owner ) {
			return;
		}
		if ( pageRequest === undefined ) {
			pageRequest = popupRequest( window.location.search, args );
			if ( pageRequest ) {
				window.history.replaceState(
					window.history.state,
					'',
					withoutPopupArgs( window.location.href, args )
				);
			}
		}
		if ( pageRequest ) {
			setView( pageRequest.view );
			setSelector( pageRequest.selector );
			pageRequest = null;
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ owner ] );

	// The link's element is clicked 300 ms after its popup is open (the dialog opened in this
	// commit, before this parent's effect runs); closing the popup first cancels the click.
	useEffect( () => {
		if ( ! view || ! selector ) {
			return;
		}
		const timer = setTimeout( () => {
			setSelector( null );
			document.querySelector< HTMLElement >( selector )?.click();
		}, SELECTOR_DELAY_MS );
		return () => clearTimeout( timer );
	}, [ view, selector ] );

	// Triggers elsewhere on the page (a theme's own button) work once an island is mounted.
	useEffect( () => {
		if ( ! owner ) {
			return;
		}
		const onClick = ( event: globalThis.MouseEvent ) => {
			const target =
				event.target instanceof Element
					? event.target.closest< HTMLElement >(
							'[data-tp-account-open]'
					  )
					: null;
			if (
				! target ||
				target.closest( '[data-tp-island="account"]' ) ||
				! isPlainClick( event )
			) {
				return;
			}
			const wanted = target.dataset.tpAccountOpen;
			event.preventDefault();
			setCarried( '' );
			setView( wanted === 'lost' ? 'lost' : 'login' );
		};
		document.addEventListener( 'click', onClick );
		return () => document.removeEventListener( 'click', onClick );
	}, [ owner ] );

	// Each view starts on its first field, including when the dialog first opens.
	useEffect( () => {
		if ( view ) {
			document
				.querySelector< HTMLElement >(
					`[aria-labelledby="${ id }-title"] [data-autofocus]`
				)
				?.focus();
		} else if ( wasOpen.current ) {
			// A popup a link opened had no control to return focus to: the trigger takes it
			// rather than the page's start.
			const active = trigger.current?.ownerDocument.activeElement;
			if ( ! active || active === trigger.current?.ownerDocument.body ) {
				trigger.current?.focus();
			}
		}
		wasOpen.current = view !== null;
	}, [ view, id ] );

	const open = ( event: MouseEvent< HTMLAnchorElement > ) => {
		if ( ! isPlainClick( event.nativeEvent ) ) {
			return;
		}
		event.preventDefault();
		setCarried( '' );
		setView( 'login' );
	};

	const titles: Record< AccountView, string > = {
		login: i18n.loginTitle,
		lost: i18n.lostTitle,
		reset: i18n.resetTitle,
	};

	return (
		<>
			<a
				className="tp-account__trigger"
				ref={ trigger }
				href={ urls.login }
				data-tp-account-open="login"
				aria-haspopup="dialog"
				onClick={ open }
			>
				{ label }
			</a>
			{ view && (
				<Dialog
					id={ id }
					block="tp-account"
					elementId={ owner ? props.dialogIds[ view ] : undefined }
					title={ titles[ view ] }
					closeLabel={ i18n.close }
					onClose={ () => setView( null ) }
				>
					{ view === 'login' && (
						<LoginForm
							{ ...props }
							id={ id }
							notice={ carried }
							onLost={ () => setView( 'lost' ) }
						/>
					) }
					{ view === 'lost' && (
						<LostForm
							{ ...props }
							id={ id }
							onBack={ () => {
								setCarried( '' );
								setView( 'login' );
							} }
						/>
					) }
					{ view === 'reset' && (
						<ResetForm
							{ ...props }
							id={ id }
							onDone={ ( message ) => {
								setCarried( message );
								setView( 'login' );
							} }
							onLost={ () => setView( 'lost' ) }
						/>
					) }
				</Dialog>
			) }
		</>
	);
}

/**
 * This page's address for the server to return to, without the popup's arguments and without a
 * fragment: going to the same address with a fragment would only scroll, not load the page again.
 */
function pageAddress( args: AccountProps[ 'args' ] ): string {
	const address = new URL( withoutPopupArgs( window.location.href, args ) );
	address.hash = '';
	return address.toString();
}

/** Sends a form's fields with the account nonce; resolves with the answer's data. */
async function send(
	props: AccountProps,
	action: string,
	fields: Record< string, string >
): Promise< Record< string, unknown > > {
	const options = { url: props.ajaxUrl, messages: props.messages };
	const nonce = await accountNonce( props.nonce, props.token, options );
	const text = await postAction(
		action,
		{ ...fields, _ajax_nonce: nonce },
		options
	);
	let answer: { success?: boolean; data?: unknown };
	try {
		answer = JSON.parse( text );
	} catch {
		answer = {};
	}
	if (
		! answer.success ||
		typeof answer.data !== 'object' ||
		answer.data === null
	) {
		throw { code: 'http', message: props.messages.serverError };
	}
	return answer.data as Record< string, unknown >;
}

/**
 * Runs a submission: checks the fields first (empty ones are tied to their own messages and get
 * focus), then sends; the server's refusal is announced and tied to the fields it concerns.
 */
function useSubmit( blame: string[] ) {
	const [ state, setState ] = useState< FormState >( idle );
	const form = useRef< HTMLFormElement >( null );
	const focusField = ( name: string ) =>
		form.current
			?.querySelector< HTMLInputElement >( `[name="${ name }"]` )
			?.focus();
	const run = async (
		event: FormEvent,
		check: () => Errors,
		submit: () => Promise< string >
	) => {
		event.preventDefault();
		if ( state.busy ) {
			return;
		}
		const fields = check();
		const first = Object.keys( fields )[ 0 ];
		if ( first ) {
			setState( { ...idle, fields } );
			focusField( first );
			return;
		}
		setState( { ...idle, busy: true } );
		try {
			const notice = await submit();
			setState( { ...idle, notice } );
		} catch ( error ) {
			const message = isAjaxError( error )
				? error.message
				: String( error );
			setState( {
				...idle,
				error: message,
				fields: Object.fromEntries(
					blame.map( ( name ) => [ name, '' ] )
				),
			} );
		}
	};
	// What every account form's element carries: the browser's own checks off (ours tie each
	// message to its field), and busy while its request runs.
	const formProps = {
		className: 'tp-account__form',
		ref: form,
		noValidate: true,
		'aria-busy': state.busy || undefined,
	};
	return { state, form, formProps, run };
}

interface FieldProps {
	id: string;
	name: string;
	label: string;
	state: FormState;
	type?: string;
	autoComplete: string;
	maxLength: number;
	/** The field the view starts on. */
	initialFocus?: boolean;
	/** Ids of other text that describes the field (a strength meter). */
	describedBy?: string;
	children?: ReactNode;
	onInput?: ( value: string ) => void;
}

/**
 * A labelled field. Its own message (a field left empty) and the form's refusal describe it when
 * they concern it, and it is marked invalid.
 */
function Field( {
	id,
	name,
	label,
	state,
	type = 'text',
	autoComplete,
	maxLength,
	initialFocus,
	describedBy,
	children,
	onInput,
}: FieldProps ) {
	const fieldId = `${ id }-${ name }`;
	const own = state.fields[ name ];
	const blamed = own !== undefined;
	const describers = [
		own ? `${ fieldId }-error` : '',
		blamed && ! own && state.error ? `${ id }-error` : '',
		describedBy ?? '',
	]
		.filter( Boolean )
		.join( ' ' );
	return (
		<div className="tp-account__field">
			<label htmlFor={ fieldId }>{ label }</label>
			<div className="tp-account__control">
				<input
					id={ fieldId }
					name={ name }
					type={ type }
					autoComplete={ autoComplete }
					maxLength={ maxLength }
					required
					aria-invalid={ blamed || undefined }
					aria-describedby={ describers || undefined }
					data-autofocus={ initialFocus || undefined }
					onInput={ ( event ) =>
						onInput?.( event.currentTarget.value )
					}
					autoCapitalize={ type === 'password' ? undefined : 'none' }
					spellCheck={ false }
				/>
				{ children }
			</div>
			{ own && (
				<p
					className="tp-account__field-error"
					id={ `${ fieldId }-error` }
				>
					{ own }
				</p>
			) }
		</div>
	);
}

/** A password field with a Show password toggle (a pressed button). */
function PasswordField(
	props: Omit< FieldProps, 'type' > & { show: string; hide: string }
) {
	const [ visible, setVisible ] = useState( false );
	return (
		<Field { ...props } type={ visible ? 'text' : 'password' }>
			<button
				type="button"
				className="tp-account__reveal"
				aria-pressed={ visible }
				aria-controls={ `${ props.id }-${ props.name }` }
				onClick={ () => setVisible( ! visible ) }
			>
				{ visible ? props.hide : props.show }
			</button>
		</Field>
	);
}

/** The form's answer: a refusal (alert) or a confirmation (status), both announced. */
function Messages( { id, state }: { id: string; state: FormState } ) {
	return (
		<>
			<p
				className="tp-account__error"
				id={ `${ id }-error` }
				role="alert"
			>
				{ state.error }
			</p>
			<p className="tp-account__notice" role="status">
				{ state.notice }
			</p>
		</>
	);
}

function Submit( {
	label,
	state,
	busy,
}: {
	label: string;
	state: FormState;
	busy: string;
} ) {
	return (
		<button
			type="submit"
			className="tp-account__submit"
			aria-disabled={ state.busy || undefined }
		>
			{ state.busy ? busy : label }
		</button>
	);
}

/** Empty fields, each with its own message. */
function emptyFields(
	form: HTMLFormElement | null,
	names: string[],
	message: string
) {
	const errors: Errors = {};
	for ( const name of names ) {
		const field = form?.elements.namedItem( name );
		if ( field instanceof HTMLInputElement && field.value.trim() === '' ) {
			errors[ name ] = message;
		}
	}
	return errors;
}

const value = ( form: HTMLFormElement | null, name: string ) => {
	const field = form?.elements.namedItem( name );
	return field instanceof HTMLInputElement ? field.value : '';
};

function LoginForm(
	props: AccountProps & { id: string; notice: string; onLost: () => void }
) {
	const { i18n, limits, urls, id } = props;
	const { state, form, formProps, run } = useSubmit( [ 'log', 'pwd' ] );
	const shown =
		state.notice || state.error || state.busy
			? state
			: { ...state, notice: props.notice };
	const onSubmit = ( event: FormEvent ) =>
		run(
			event,
			() => emptyFields( form.current, [ 'log', 'pwd' ], i18n.required ),
			async () => {
				const remember =
					form.current?.elements.namedItem( 'rememberme' );
				const data = await send( props, props.actions.login, {
					log: value( form.current, 'log' ),
					pwd: value( form.current, 'pwd' ),
					...( remember instanceof HTMLInputElement &&
					remember.checked
						? { rememberme: '1' }
						: {} ),
					redirect_to: pageAddress( props.args ),
				} );
				// The server named a page of this site (wp_validate_redirect()).
				window.location.assign( String( data.redirect ) );
				return i18n.signedIn;
			}
		);
	return (
		<form { ...formProps } onSubmit={ onSubmit }>
			<Messages id={ id } state={ shown } />
			<Field
				id={ id }
				name="log"
				label={ i18n.username }
				state={ state }
				autoComplete="username"
				maxLength={ limits.login }
				initialFocus
			/>
			<PasswordField
				id={ id }
				name="pwd"
				label={ i18n.password }
				state={ state }
				autoComplete="current-password"
				maxLength={ limits.password }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
			/>
			<div className="tp-account__check">
				<input
					id={ `${ id }-remember` }
					type="checkbox"
					name="rememberme"
					value="1"
				/>
				<label htmlFor={ `${ id }-remember` }>{ i18n.remember }</label>
			</div>
			<Submit label={ i18n.submit } state={ state } busy={ i18n.busy } />
			<p className="tp-account__links">
				<a
					href={ urls.lost }
					onClick={ ( event ) => {
						if ( isPlainClick( event.nativeEvent ) ) {
							event.preventDefault();
							props.onLost();
						}
					} }
				>
					{ i18n.lostLink }
				</a>
				{ urls.register && (
					<a href={ urls.register }>{ i18n.register }</a>
				) }
			</p>
		</form>
	);
}

function LostForm( props: AccountProps & { id: string; onBack: () => void } ) {
	const { i18n, limits, id } = props;
	const { state, form, formProps, run } = useSubmit( [ 'user_login' ] );
	const onSubmit = ( event: FormEvent ) =>
		run(
			event,
			() => emptyFields( form.current, [ 'user_login' ], i18n.required ),
			async () => {
				const data = await send( props, props.actions.lost, {
					user_login: value( form.current, 'user_login' ),
					return_to: pageAddress( props.args ),
				} );
				return String( data.message ?? '' );
			}
		);
	return (
		<form { ...formProps } onSubmit={ onSubmit }>
			<p className="tp-account__intro">{ i18n.lostIntro }</p>
			<Messages id={ id } state={ state } />
			<Field
				id={ id }
				name="user_login"
				label={ i18n.username }
				state={ state }
				autoComplete="username"
				maxLength={ limits.login }
				initialFocus
			/>
			<Submit
				label={ i18n.lostSubmit }
				state={ state }
				busy={ i18n.busy }
			/>
			<p className="tp-account__links">
				<button
					type="button"
					className="tp-account__link-button"
					onClick={ props.onBack }
				>
					{ i18n.backToLogin }
				</button>
			</p>
		</form>
	);
}

function ResetForm(
	props: AccountProps & {
		id: string;
		onDone: ( message: string ) => void;
		onLost: () => void;
	}
) {
	const { i18n, limits, id, urls } = props;
	const { state, form, formProps, run } = useSubmit( [ 'pass1' ] );
	const [ strength, setStrength ] = useState< number | null >( null );
	const onSubmit = ( event: FormEvent ) =>
		run(
			event,
			() => {
				const errors = emptyFields(
					form.current,
					[ 'pass1', 'pass2' ],
					i18n.required
				);
				if (
					! errors.pass1 &&
					! errors.pass2 &&
					value( form.current, 'pass1' ) !==
						value( form.current, 'pass2' )
				) {
					errors.pass2 = i18n.mismatch;
				}
				return errors;
			},
			async () => {
				// The key and the account are not ours to send: the e-mailed link left them in an
				// HttpOnly cookie for admin-ajax.php alone (php/Accounts/ResetLink.php).
				const data = await send( props, props.actions.reset, {
					pass1: value( form.current, 'pass1' ),
					pass2: value( form.current, 'pass2' ),
				} );
				props.onDone( String( data.message ?? '' ) );
				return '';
			}
		);
	const strengthId = `${ id }-strength`;
	return (
		<form { ...formProps } onSubmit={ onSubmit }>
			<Messages id={ id } state={ state } />
			<PasswordField
				id={ id }
				name="pass1"
				label={ i18n.newPassword }
				state={ state }
				autoComplete="new-password"
				maxLength={ limits.password }
				initialFocus
				describedBy={ strengthId }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
				onInput={ ( typed ) =>
					setStrength( typed ? passwordStrength( typed ) : null )
				}
			/>
			<p
				className="tp-account__strength"
				id={ strengthId }
				data-strength={ strength ?? undefined }
				aria-live="polite"
			>
				{ strength === null
					? ''
					: sprintf( i18n.strength, i18n.strengths[ strength ] ) }
			</p>
			<PasswordField
				id={ id }
				name="pass2"
				label={ i18n.confirmPassword }
				state={ state }
				autoComplete="new-password"
				maxLength={ limits.password }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
			/>
			<Submit
				label={ i18n.resetSubmit }
				state={ state }
				busy={ i18n.busy }
			/>
			<p className="tp-account__links">
				{ /* An expired or used link needs a new one. */ }
				<a
					href={ urls.lost }
					onClick={ ( event ) => {
						if ( isPlainClick( event.nativeEvent ) ) {
							event.preventDefault();
							props.onLost();
						}
					} }
				>
					{ i18n.lostTitle }
				</a>
			</p>
		</form>
	);
}
