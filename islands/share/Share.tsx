/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { speak } from '@wordpress/a11y';
import { sprintf } from '@wordpress/i18n';
import {
	useCallback,
	useEffect,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { copyText, openShareWindow, shareNatively } from './actions';
import { isPlainClick } from '../shared/clicks';
import { Dialog } from '../shared/Dialog';
import { remember } from '../shared/remember';
import {
	canShareNatively,
	filterServices,
	moreServices,
	slideDistance,
} from './bar';
import { collectCounts } from './collect';
import { askCounts, readShown, showCounts } from './counts';
import { fillTemplate, sanitizeLink, sharedPage, withInstance } from './links';
import type { ShareProps, ShareService } from './types';

// Where these helpers lived before; imported from here, they still work.
export { copyText, openShareWindow } from './actions';
export { showCounts } from './counts';
export { sharedPage } from './links';

/** The session key under which a federated network's instance is remembered for the visit. */
const instanceKey = ( id: string ) => `tenderpress-share-instance:${ id }`;

type Open =
	| { kind: 'none' }
	| { kind: 'more' }
	| { kind: 'instance'; service: ShareService };

export function Share( {
	element,
	url,
	title,
	popup,
	protocols,
	services,
	more,
	sprite,
	counts,
	offset,
	i18n,
}: ShareProps ) {
	const [ open, setOpen ] = useState< Open >( { kind: 'none' } );
	const [ filter, setFilter ] = useState( '' );
	const [ message, setMessage ] = useState( '' );
	const id = useMemo(
		() =>
			`${
				element.querySelector( '.tp-share__heading' )?.id ?? 'tp-share'
			}-dialog`,
		[ element ]
	);
	const page = useMemo(
		() => sharedPage( element, url, title, protocols ),
		[ element, url, title, protocols ]
	);
	const byId = useMemo(
		() => new Map( services.map( ( service ) => [ service.id, service ] ) ),
		[ services ]
	);
	const link = useCallback(
		( service: ShareService ) =>
			service.template
				? sanitizeLink(
						fillTemplate( service.template, {
							url: page.url,
							title: page.title,
							prompt: sprintf(
								i18n.prompt,
								page.title,
								page.url
							),
						} ),
						protocols
				  )
				: '#',
		[ page, i18n.prompt, protocols ]
	);

	const activate = ( service: ShareService ) => {
		if ( service.action === 'native' ) {
			// CSS shows the button on touch screens, where browsers have a share sheet. One
			// without (it is not taken away on mount: the bar would move under the visitor's
			// finger) opens More, which lists every other way: the button still shares.
			if ( canShareNatively() ) {
				shareNatively( page );
			} else {
				setFilter( '' );
				setOpen( { kind: 'more' } );
			}
		} else if ( service.action === 'print' ) {
			window.print();
		} else if ( service.action === 'copy' ) {
			copyText( page.url ).then( ( copied ) => {
				const said = copied ? i18n.copied : i18n.copyFailed;
				setMessage( said );
				speak( said );
			} );
		} else if ( service.instance ) {
			setOpen( { kind: 'instance', service } );
		} else {
			const target = link( service );
			if ( target !== '#' ) {
				openShareWindow( target, popup );
			}
		}
	};

	// The server's bar stays: its links are the island's controls. A shareable element's own
	// URL replaces the page's in them, so a link opened in a new tab shares the same thing.
	useLayoutEffect( () => {
		element
			.querySelectorAll< HTMLAnchorElement >( 'a[data-tp-service]' )
			.forEach( ( anchor ) => {
				const service = byId.get( anchor.dataset.tpService ?? '' );
				if ( service?.template ) {
					anchor.href = link( service );
				} else if ( service?.action === 'copy' ) {
					anchor.href = page.url;
				}
			} );
	}, [ element, byId, link, page.url ] );

	// Slides the floating bar away or back, for the visit; the arrow's title (both are on it,
	// from the server) and state say what it will do next.
	const slide = useCallback(
		( bar: HTMLElement, hidden: boolean ) => {
			bar.style.setProperty(
				'--tp-share-slide',
				`${ slideDistance(
					bar.getBoundingClientRect().width,
					bar.classList.contains( 'tp-share--counts' ),
					offset
				) }px`
			);
			remember( bar, hidden ? 'hidden' : null );
			const toggle =
				bar.querySelector< HTMLElement >( '.tp-share__toggle' );
			if ( toggle ) {
				toggle.title =
					( hidden
						? toggle.dataset.tpShow
						: toggle.dataset.tpHide ) ?? toggle.title;
				toggle.setAttribute( 'aria-expanded', String( ! hidden ) );
			}
		},
		[ offset ]
	);
	// One listener for every control, the server's and the dialog's alike (both carry
	// data-tp-service), added once. Taken over at the commit itself: the runtime replays a click
	// held before the mount right after it, and that click must find the island listening. It
	// calls the latest activate(), which reads this render's state.
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
				slide( element, element.dataset.tpRemembered !== 'hidden' );
				return;
			}
			if ( control.matches( '.tp-share__more-button' ) ) {
				event.preventDefault();
				setFilter( '' );
				setOpen( { kind: 'more' } );
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
	}, [ element, byId, slide ] );

	// The arrow says what it will do now: the state may have come back from an earlier page (the
	// server's inline script put it on the container before the island loaded).
	useLayoutEffect( () => {
		if ( element.querySelector( '.tp-share__toggle' ) ) {
			slide( element, element.dataset.tpRemembered === 'hidden' );
		}
	}, [ element, slide ] );

	// The page's counts, once, when the site shows them; a failure leaves the bar as it is.
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
		address.searchParams.append( 'urls[]', page.url );
		askCounts( address.href )
			.then( ( answer ) => {
				if ( controller.signal.aborted || ! answer ) {
					return;
				}
				const found = readShown( answer.shown?.[ page.url ] );
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
	}, [ counts, element, page.url ] );

	useEffect( () => {
		if ( message === '' ) {
			return;
		}
		const timer = window.setTimeout( () => setMessage( '' ), 4000 );
		return () => window.clearTimeout( timer );
	}, [ message ] );

	const close = () => setOpen( { kind: 'none' } );
	const shown = filterServices( moreServices( services, more ), filter );

	return (
		<>
			<p className="tp-share__message" aria-hidden="true">
				{ message }
			</p>
			{ open.kind === 'more' && (
				<Dialog
					id={ id }
					block="tp-share"
					title={ i18n.more }
					closeLabel={ i18n.close }
					onClose={ close }
				>
					<div className="tp-share__filter">
						<label htmlFor={ `${ id }-filter` }>
							{ i18n.filter }
						</label>
						<input
							id={ `${ id }-filter` }
							type="search"
							value={ filter }
							onChange={ ( event ) =>
								setFilter( event.target.value )
							}
						/>
					</div>
					{ canShareNatively() && (
						<button
							type="button"
							className="tp-share__device"
							onClick={ () => shareNatively( page ) }
						>
							{ i18n.device }
						</button>
					) }
					<ul className="tp-share__all tp-share__all--dialog">
						{ shown.map( ( service ) => (
							<li key={ service.id }>
								<a
									className="tp-share__service"
									href={
										service.template
											? link( service )
											: page.url
									}
									target={
										service.template ? '_blank' : undefined
									}
									rel="noopener nofollow noreferrer"
									data-tp-service={ service.id }
									aria-label={
										service.template
											? sprintf(
													i18n.newTab,
													service.title
											  )
											: undefined
									}
									style={
										{
											'--tp-share-bg': service.background,
											'--tp-share-fg': service.foreground,
										} as Record< string, string >
									}
								>
									<svg
										className="tp-share__icon"
										aria-hidden="true"
										focusable="false"
									>
										<use
											href={ `${ sprite }#tp-share-${ service.id }` }
										/>
									</svg>
									{ service.title }
								</a>
							</li>
						) ) }
					</ul>
					{ shown.length === 0 && <p role="status">{ i18n.none }</p> }
				</Dialog>
			) }
			{ open.kind === 'instance' && (
				<InstanceDialog
					id={ id }
					service={ open.service }
					link={ link( open.service ) }
					i18n={ i18n }
					onSubmit={ ( target ) => {
						openShareWindow(
							sanitizeLink( target, protocols ),
							popup
						);
						close();
					} }
					onClose={ close }
				/>
			) }
		</>
	);
}

function InstanceDialog( {
	id,
	service,
	link,
	i18n,
	onSubmit,
	onClose,
}: {
	id: string;
	service: ShareService;
	link: string;
	i18n: ShareProps[ 'i18n' ];
	onSubmit: ( link: string ) => void;
	onClose: () => void;
} ) {
	const [ typed, setTyped ] = useState( () => {
		try {
			return (
				window.sessionStorage.getItem( instanceKey( service.id ) ) ?? ''
			);
		} catch {
			return '';
		}
	} );
	return (
		<Dialog
			id={ id }
			block="tp-share"
			title={ sprintf( i18n.instanceTitle, service.title ) }
			closeLabel={ i18n.close }
			onClose={ onClose }
		>
			<form
				className="tp-share__instance"
				onSubmit={ ( event ) => {
					event.preventDefault();
					try {
						window.sessionStorage.setItem(
							instanceKey( service.id ),
							typed.trim()
						);
					} catch {
						// Storage refused (private mode): the instance is simply not remembered.
					}
					onSubmit(
						withInstance( link, service.instance ?? '', typed )
					);
				} }
			>
				<label htmlFor={ `${ id }-instance` }>
					{ i18n.instanceLabel }
				</label>
				<input
					id={ `${ id }-instance` }
					type="text"
					inputMode="url"
					autoComplete="url"
					value={ typed }
					onChange={ ( event ) => setTyped( event.target.value ) }
				/>
				<button type="submit">{ i18n.submit }</button>
			</form>
		</Dialog>
	);
}
