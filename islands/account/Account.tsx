import {
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { isPlainClick } from '../shared/clicks';
import { Dialog } from '../shared/Dialog';
import {
	popupRequest,
	SELECTOR_DELAY_MS,
	withoutPopupArgs,
	type PopupRequest,
} from './links';
import { onPlainClick } from './fields';
import { LoginForm } from './LoginForm';
import { LostForm } from './LostForm';
import { ResetForm } from './ResetForm';
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

	const open = onPlainClick( () => {
		setCarried( '' );
		setView( 'login' );
	} );

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
