/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
/**
 * The share island's hooks: what the controller (Share.tsx) does to the server's bar beside
 * rendering its dialogs.
 */
import { speak } from '@wordpress/a11y';
import { sprintf } from '@wordpress/i18n';
import {
	useCallback,
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { isPlainClick } from '../shared/clicks';
import { remember } from '../shared/remember';
import { slideDistance } from './bar';
import { collectCounts } from './collect';
import { askCounts, readShown, showCounts } from './counts';
import { fillTemplate, sanitizeLink, type SharedPage } from './links';
import type { ShareProps, ShareService } from './types';

/** Each service's share link for the page, sanitised; '#' for a service without a template. */
export function useShareLink(
	page: SharedPage,
	prompt: string,
	protocols: readonly string[]
): ( service: ShareService ) => string {
	return useCallback(
		( service: ShareService ) =>
			service.template
				? sanitizeLink(
						fillTemplate( service.template, {
							url: page.url,
							title: page.title,
							prompt: sprintf( prompt, page.title, page.url ),
						} ),
						protocols
				  )
				: '#',
		[ page, prompt, protocols ]
	);
}

/**
 * The server's bar stays: its links are the island's controls. A shareable element's own URL
 * replaces the page's in them, so a link opened in a new tab shares the same thing.
 */
export function useBarLinks(
	element: HTMLElement,
	byId: ReadonlyMap< string, ShareService >,
	link: ( service: ShareService ) => string,
	url: string
): void {
	useLayoutEffect( () => {
		element
			.querySelectorAll< HTMLAnchorElement >( 'a[data-tp-service]' )
			.forEach( ( anchor ) => {
				const service = byId.get( anchor.dataset.tpService ?? '' );
				if ( service?.template ) {
					anchor.href = link( service );
				} else if ( service?.action === 'copy' ) {
					anchor.href = url;
				}
			} );
	}, [ element, byId, link, url ] );
}

/**
 * The floating bar's arrow. Returns slide(hidden), which slides the bar away or back, for the
 * visit; the arrow's title (both are on it, from the server) and state say what it will do next.
 */
export function useFloatingBar(
	element: HTMLElement,
	offset: number
): ( hidden: boolean ) => void {
	const slide = useCallback(
		( hidden: boolean ) => {
			element.style.setProperty(
				'--tp-share-slide',
				`${ slideDistance(
					element.getBoundingClientRect().width,
					element.classList.contains( 'tp-share--counts' ),
					offset
				) }px`
			);
			remember( element, hidden ? 'hidden' : null );
			const toggle =
				element.querySelector< HTMLElement >( '.tp-share__toggle' );
			if ( toggle ) {
				toggle.title =
					( hidden
						? toggle.dataset.tpShow
						: toggle.dataset.tpHide ) ?? toggle.title;
				toggle.setAttribute( 'aria-expanded', String( ! hidden ) );
			}
		},
		[ element, offset ]
	);
	// The arrow says what it will do now: the state may have come back from an earlier page (the
	// server's inline script put it on the container before the island loaded).
	useLayoutEffect( () => {
		if ( element.querySelector( '.tp-share__toggle' ) ) {
			slide( element.dataset.tpRemembered === 'hidden' );
		}
	}, [ element, slide ] );
	return slide;
}

/**
 * One listener for every control, the server's and the dialog's alike (both carry
 * data-tp-service), added once. Taken over at the commit itself: the runtime replays a click
 * held before the mount right after it, and that click must find the island listening. It calls
 * the latest activate(), which reads this render's state.
 */
export function useBarClicks(
	element: HTMLElement,
	byId: ReadonlyMap< string, ShareService >,
	/** The floating bar's arrow: useFloatingBar()'s slide. */
	slide: ( hidden: boolean ) => void,
	/** "More". */
	openMore: () => void,
	/** A service, on the bar or in the More dialog. */
	activate: ( service: ShareService ) => void
): void {
	const latest = useRef( activate );
	latest.current = activate;
	useLayoutEffect( () => {
		const onClick = ( event: MouseEvent ) => {
			if ( event.defaultPrevented || ! isPlainClick( event ) ) {
				return;
			}
			const control = ( event.target as Element ).closest(
				'[data-tp-service], .tp-share__more-button, .tp-share__toggle'
			);
			if ( ! control || ! element.contains( control ) ) {
				return;
			}
			if ( control.matches( '.tp-share__toggle' ) ) {
				event.preventDefault();
				slide( element.dataset.tpRemembered !== 'hidden' );
				return;
			}
			if ( control.matches( '.tp-share__more-button' ) ) {
				event.preventDefault();
				openMore();
				return;
			}
			const service = byId.get(
				( control as HTMLElement ).dataset.tpService ?? ''
			);
			if ( service ) {
				event.preventDefault();
				latest.current( service );
			}
		};
		element.addEventListener( 'click', onClick );
		return () => element.removeEventListener( 'click', onClick );
	}, [ element, byId, slide, openMore ] );
}

/** The page's counts, once, when the site shows them; a failure leaves the bar as it is. */
export function useCounts(
	element: HTMLElement,
	counts: ShareProps[ 'counts' ],
	url: string
): void {
	useEffect( () => {
		if ( ! counts ) {
			return;
		}
		const controller = new AbortController();
		const address = new URL( counts.url, window.location.href );
		address.searchParams.set( 'action', counts.action );
		if ( counts.lang ) {
			address.searchParams.set( 'lang', counts.lang );
		}
		address.searchParams.append( 'urls[]', url );
		askCounts( address.href )
			.then( ( answer ) => {
				if ( controller.signal.aborted || ! answer ) {
					return;
				}
				const found = readShown( answer.shown?.[ url ] );
				if ( found ) {
					showCounts( element, found );
				}
				if ( counts.collect ) {
					return collectCounts(
						answer,
						counts.collect,
						counts.url,
						controller.signal
					);
				}
			} )
			.catch( () => {} );
		return () => controller.abort();
	}, [ counts, element, url ] );
}

/**
 * The bar's short message (what Copy link did): shown for 4 s beside the bar and announced to
 * screen readers (the shown one is aria-hidden, so it is not read twice).
 */
export function useMessage(): [ string, ( said: string ) => void ] {
	const [ message, setMessage ] = useState( '' );
	useEffect( () => {
		if ( message === '' ) {
			return;
		}
		const timer = window.setTimeout( () => setMessage( '' ), 4000 );
		return () => window.clearTimeout( timer );
	}, [ message ] );
	return [
		message,
		( said ) => {
			setMessage( said );
			speak( said );
		},
	];
}
