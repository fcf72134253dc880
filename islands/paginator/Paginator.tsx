/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import type { MouseEvent as ReactMouseEvent } from 'react';
import { speak } from '@wordpress/a11y';
import {
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { sprintf } from '@wordpress/i18n';
import { isPlainClick } from '../shared/clicks';
import { answerText, isAjaxError, postAction, takeEarly } from '../shared/ajax';
import {
	activeFilters,
	customDataOf,
	formQuery,
	hasChoices,
	listingFacts,
	PageStore,
	pageUrl,
	splitAnswer,
	withFilterQuery,
} from './state';
import {
	holdHeight,
	isOurEntry,
	keepLinksInView,
	PAGE_LOADED,
	showPage,
	tellTheme,
} from './shown';
import type { PaginatorProps } from './types';

export { PAGE_LOADED };

interface Failure {
	message: string;
	retry: () => void;
}

/** What changes with the filters: the listing's size and the links that carry them. */
interface View {
	customData: Record< string, string >;
	totalPages: number;
	linkTemplate: string;
	firstPageLink: string;
}

/** Sets the form's fields to a query's values (after Back, or "Clear filters"). */
function fillForm(
	form: HTMLFormElement,
	query: URLSearchParams,
	args: Record< string, string >
) {
	Object.values( args ).forEach( ( name ) => {
		const field = form.elements.namedItem( name );
		if (
			field instanceof HTMLInputElement ||
			field instanceof HTMLSelectElement
		) {
			const value = query.get( name ) ?? '';
			field.value = value;
			if ( field instanceof HTMLSelectElement && field.value !== value ) {
				field.selectedIndex = 0;
			}
		}
	} );
}

export function Paginator( props: PaginatorProps ) {
	const { i18n, filters } = props;
	const [ page, setPage ] = useState( props.currentPage );
	const [ html, setHtml ] = useState( props.initialHtml );
	const [ loading, setLoading ] = useState< number | null >( null );
	const [ failure, setFailure ] = useState< Failure | null >( null );
	const [ view, setView ] = useState< View >( () => ( {
		customData: props.customData,
		totalPages: props.totalPages,
		linkTemplate: props.linkTemplate,
		firstPageLink: props.firstPageLink,
	} ) );
	const store = useRef(
		new PageStore(
			props.currentPage,
			props.initialHtml,
			props.noPostsMarker
		)
	);
	const busy = useRef( false );
	const items = useRef< HTMLDivElement >( null );
	// The box of the server's page links: it stays while the links in it change.
	const links = useRef< HTMLDivElement >( null );
	// What the last answer changed, for the effect that follows it up.
	const arrived = useRef< 'page' | 'filters' | null >( null );
	const [ arrivals, setArrivals ] = useState( 0 );
	// Where the page links sat in the viewport when a page's answer came (the visitor is there).
	const steady = useRef< { links: Element; top: number } | null >( null );
	const { totalPages, linkTemplate, firstPageLink } = view;

	const island = () =>
		items.current?.closest< HTMLElement >( '[data-tp-island]' ) ?? null;
	const formOf = () =>
		island()?.querySelector< HTMLFormElement >(
			':scope > form.tp-filters'
		) ?? null;

	const request = (
		target: number,
		customData: Record< string, string >
	) => {
		const { url, fields } = props.early;
		const asked = String( target );
		// The first page asked for after a tap that came before the island had loaded: the
		// runtime sent that request then (with the filters the page was rendered with).
		const early =
			customData === props.customData
				? takeEarly( island(), asked )
				: null;
		const { action, ...rest } = fields;
		return early
			? answerText( early, { messages: i18n } )
			: postAction(
					action!,
					{
						...rest,
						page: asked,
						custom_data: JSON.stringify( customData ),
					},
					{ url, messages: i18n }
			  );
	};

	const goTo = async ( target: number ) => {
		if (
			target === page ||
			target < 1 ||
			target > totalPages ||
			busy.current
		) {
			return;
		}
		setFailure( null );
		if ( store.current.get( target ) === undefined ) {
			setLoading( target );
			speak( sprintf( i18n.loading, target ) );
		}
		busy.current = true;
		try {
			const result = await store.current.load( target, ( number ) =>
				request( number, view.customData )
			);
			if ( result === null ) {
				return;
			}
			if ( result.includes( props.noPostsMarker ) ) {
				// The listing shrank since this page was rendered: nothing more to add than "failed".
				throw { code: 'http', message: '' };
			}
			arrived.current = 'page';
			const box = links.current;
			// A no-scroll listing leaves the window where it is, whatever the page's height.
			steady.current =
				box && ! props.noScroll
					? { links: box, top: box.getBoundingClientRect().top }
					: null;
			holdHeight( items.current );
			setHtml( result );
			setPage( target );
			setArrivals( ( count ) => count + 1 );
		} catch ( error ) {
			const message = `${ sprintf( i18n.failed, target ) } ${
				isAjaxError( error ) ? error.message : ''
			}`.trim();
			setFailure( { message, retry: () => goTo( target ) } );
			speak( message );
		} finally {
			busy.current = false;
			setLoading( null );
		}
	};

	/**
	 * Shows the notices matching `customData` (the form's fields as `query`): page `target`,
	 * or page 1 when the listing no longer reaches it. With `push`, a new history entry.
	 */
	const applyFilters = async (
		customData: Record< string, string >,
		query: URLSearchParams,
		target: number,
		push: boolean
	) => {
		if ( ! filters || busy.current ) {
			return;
		}
		busy.current = true;
		setFailure( null );
		setLoading( target );
		speak( i18n.filtering );
		try {
			let shown = target;
			let answer = await request( shown, customData );
			if ( shown > 1 && answer.includes( props.noPostsMarker ) ) {
				shown = 1;
				answer = await request( shown, customData );
			}
			const facts = listingFacts( answer, props.noPostsMarker );
			const before = view;
			const next: View = {
				customData,
				totalPages: Math.max( 1, facts.pages ),
				linkTemplate: withFilterQuery(
					before.linkTemplate,
					query,
					filters.args
				),
				firstPageLink: withFilterQuery(
					before.firstPageLink,
					query,
					filters.args
				),
			};
			// With nothing found, what the server says above the notices (the filters applied,
			// what to try) stays, above the island's own "no notices" words.
			const shownHtml = facts.found
				? answer
				: answer.split( props.noPostsMarker )[ 0 ] + filters.emptyHtml;
			store.current = new PageStore(
				shown,
				shownHtml,
				props.noPostsMarker
			);
			if ( push ) {
				const state: unknown = window.history.state;
				if ( ! isOurEntry( state, props.unid ) ) {
					// The entry the visitor came from, so Back can return to it in place.
					window.history.replaceState(
						{
							...( typeof state === 'object' ? state : {} ),
							tpListing: props.unid,
							tpQuery: new URLSearchParams(
								window.location.search
							).toString(),
							tpFilters: before.customData,
							tpPage: page,
						},
						''
					);
				}
				try {
					window.history.pushState(
						{
							tpListing: props.unid,
							tpQuery: query.toString(),
							tpFilters: customData,
							tpPage: shown,
						},
						'',
						pageUrl( shown, next.linkTemplate, next.firstPageLink )
					);
				} catch {
					// A link on another origin (www or not, http or https) cannot be set: keep the URL.
				}
			}
			if ( items.current ) {
				items.current.style.minHeight = '';
			}
			setView( next );
			setHtml( shownHtml );
			setPage( shown );
			showFilterState(
				facts.countText ?? filters.none,
				activeFilters( customData, filters.fixed, filters.uncounted ),
				hasChoices( customData, filters.fixed )
			);
			arrived.current = 'filters';
			setArrivals( ( count ) => count + 1 );
		} catch ( error ) {
			if ( push && isAjaxError( error ) && error.status === 400 ) {
				// A field the server refused (a date that is no date): its page says which,
				// beside the field, and keeps what was typed, as it does without JavaScript.
				window.location.assign(
					withFilterQuery( view.firstPageLink, query, filters.args )
				);
				return;
			}
			const message = `${ i18n.filterFailed } ${
				isAjaxError( error ) ? error.message : ''
			}`.trim();
			setFailure( {
				message,
				retry: () => applyFilters( customData, query, target, push ),
			} );
			speak( message );
		} finally {
			busy.current = false;
			setLoading( null );
		}
	};
	// Handlers attached once call the latest of these.
	const latest = useRef( { applyFilters } );
	latest.current = { applyFilters };

	/** The server's parts beside the root: the count, the panel's summary, "Clear filters". */
	const showFilterState = (
		countText: string,
		active: number,
		clearable: boolean
	) => {
		const container = island();
		const form = formOf();
		if ( ! container || ! form || ! filters ) {
			return;
		}
		const count = container.querySelector(
			':scope > .tp-listing__bar > .tp-listing__count'
		);
		if ( count ) {
			count.textContent = countText;
		}
		// Why the URL's filters were left out no longer applies.
		container
			.querySelectorAll( ':scope > .tp-filters__ignored' )
			.forEach( ( message ) => message.remove() );
		const summary = form.querySelector( '.tp-filters__summary' );
		const words = filters.summaries[ String( active ) ];
		if ( summary && words ) {
			summary.textContent = words;
		}
		const clear = form.querySelector< HTMLElement >( '.tp-filters__clear' );
		if ( clear ) {
			clear.hidden = ! clearable;
		}
	};

	// Before the first paint, and before the runtime replays a held "Show notices" click.
	useLayoutEffect( () => {
		const form = formOf();
		if ( ! form || ! filters ) {
			return;
		}
		const onSubmit = ( event: SubmitEvent ) => {
			event.preventDefault();
			const query = formQuery( form, filters.args, filters.defaults );
			latest.current.applyFilters(
				customDataOf( query, filters.args, filters.fixed ),
				query,
				1,
				true
			);
		};
		const clear = form.querySelector< HTMLElement >( '.tp-filters__clear' );
		const onClear = ( event: MouseEvent ) => {
			if ( ! isPlainClick( event ) ) {
				return;
			}
			event.preventDefault();
			const query = new URLSearchParams();
			fillForm( form, query, filters.args );
			// The link hides: focus goes to the button that applies the form.
			form.querySelector< HTMLElement >( '.tp-filters__apply' )?.focus();
			latest.current.applyFilters( { ...filters.fixed }, query, 1, true );
		};
		const onBack = ( event: PopStateEvent ) => {
			if ( ! isOurEntry( event.state, props.unid ) ) {
				return;
			}
			const query = new URLSearchParams( event.state.tpQuery );
			fillForm( form, query, filters.args );
			latest.current.applyFilters(
				event.state.tpFilters,
				query,
				event.state.tpPage || 1,
				false
			);
		};
		form.addEventListener( 'submit', onSubmit );
		clear?.addEventListener( 'click', onClear );
		window.addEventListener( 'popstate', onBack );
		return () => {
			form.removeEventListener( 'submit', onSubmit );
			clear?.removeEventListener( 'click', onClear );
			window.removeEventListener( 'popstate', onBack );
		};
	}, [] ); // eslint-disable-line react-hooks/exhaustive-deps -- attached once; they read `latest`.

	// Before the new page is painted: a page taller than any shown so far pushes the page links
	// down; the window follows by as much, so the links the visitor just used, and the footer,
	// stay where they were on screen (then the scroll to the listing, if any, starts from there).
	useLayoutEffect( () => {
		const was = steady.current;
		steady.current = null;
		if ( ! was || ! was.links.isConnected ) {
			return;
		}
		keepLinksInView( was.links, was.top, false );
	}, [ arrivals ] );

	useEffect( () => {
		// The early module showed this page (with focus, address and scroll) but could not say
		// so: it has no live region before React and wp-a11y are there.
		if ( props.shownEarly ) {
			speak( sprintf( i18n.loaded, page, totalPages ) );
		}
	}, [] ); // eslint-disable-line react-hooks/exhaustive-deps -- once, at the mount.

	useEffect( () => {
		// Width only: a phone's address bar sliding away changes the height, not the layout.
		let width = window.innerWidth;
		const forget = () => {
			if ( items.current && window.innerWidth !== width ) {
				width = window.innerWidth;
				items.current.style.minHeight = '';
			}
		};
		window.addEventListener( 'resize', forget );
		return () => window.removeEventListener( 'resize', forget );
	}, [] );

	// After an answer: URL, scroll, focus, announcement and the theme event, in that order. A
	// change of filters leaves the visitor at the form (no scroll, no focus move) and says the count.
	useEffect( () => {
		const what = arrived.current;
		if ( ! what || ! items.current ) {
			return;
		}
		arrived.current = null;
		const container = island() || items.current;
		if ( what === 'filters' ) {
			speak(
				container.querySelector(
					':scope > .tp-listing__bar > .tp-listing__count'
				)?.textContent ?? ''
			);
			tellTheme( container, page );
		} else {
			showPage(
				container,
				items.current,
				page,
				{ ...props, linkTemplate, firstPageLink },
				() => speak( sprintf( i18n.loaded, page, totalPages ) )
			);
		}
	}, [ arrivals ] ); // eslint-disable-line react-hooks/exhaustive-deps -- runs once per answer.

	// A page link's plain click pages in place; any other click is the browser's.
	const onLinksClick = ( event: ReactMouseEvent< HTMLDivElement > ) => {
		const link = ( event.target as Element ).closest< HTMLAnchorElement >(
			'a[data-page]'
		);
		if ( link && isPlainClick( event ) ) {
			event.preventDefault();
			goTo( Number( link.dataset.page ) );
		}
	};

	const answer = splitAnswer( html, props.linksClass );
	return (
		<>
			<div
				className={ `tp-listing__items${
					loading ? ' is-loading' : ''
				}` }
				ref={ items }
				aria-busy={ loading ? true : undefined }
				dangerouslySetInnerHTML={ { __html: answer.items } }
			/>
			{ failure && (
				<p className="tp-paginator__error">
					{ failure.message }{ ' ' }
					<button
						type="button"
						className="tp-paginator__retry"
						onClick={ failure.retry }
					>
						{ i18n.retry }
					</button>
				</p>
			) }
			{ /* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks of the links inside, which the keyboard gives too. */ }
			<div
				className={ props.linksClass }
				ref={ links }
				onClick={ onLinksClick }
				dangerouslySetInnerHTML={ { __html: answer.links } }
			/>
		</>
	);
}
