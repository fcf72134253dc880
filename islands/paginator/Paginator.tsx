/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { speak } from '@wordpress/a11y';
import { useEffect, useRef, useState } from '@wordpress/element';
import { sprintf } from '@wordpress/i18n';
import { postAction, isAjaxError } from '../shared/ajax';
import { scrollWindowTo } from '../shared/motion';
import { PageLinks } from './PageLinks';
import {
	PageStore,
	pageUrl,
	SCROLL_DURATION,
	SCROLL_OFFSET,
	shouldReplaceUrl,
} from './state';
import type { PaginatorProps } from './types';

export const PAGE_LOADED = 'tenderpress:page-loaded';

/**
 * Keeps the items at least as tall as the tallest page shown so far, so a shorter page (the last
 * one, or one with shorter titles) does not pull the page links up from under the pointer, the
 * footer up the screen, or the scroll position of a no-scroll listing with them. Forgotten when
 * the window's width changes: the heights were measured for another layout.
 */
function holdHeight( element: HTMLElement | null ) {
	if ( element ) {
		element.style.minHeight = `${ element.offsetHeight }px`;
	}
}

interface Failure {
	page: number;
	message: string;
}

export function Paginator( props: PaginatorProps ) {
	const { totalPages, visiblePages, linkTemplate, firstPageLink, i18n } =
		props;
	const [ page, setPage ] = useState( props.currentPage );
	const [ html, setHtml ] = useState( props.initialHtml );
	const [ loading, setLoading ] = useState< number | null >( null );
	const [ failure, setFailure ] = useState< Failure | null >( null );
	const store = useRef(
		new PageStore(
			props.currentPage,
			props.initialHtml,
			props.noPostsMarker
		)
	);
	const items = useRef< HTMLDivElement >( null );
	const arrived = useRef( false );

	const request = ( target: number ) =>
		postAction(
			'pagination_request',
			{
				sid: props.sid,
				unid: props.unid,
				iselementor: '0',
				isblock: props.isBlock ? '1' : '0',
				postid: String( props.postId ),
				page: String( target ),
				lang: props.lang,
				ajax_nonce: props.nonce,
				custom_data: JSON.stringify( props.customData ),
			},
			{ url: props.ajaxUrl, messages: i18n }
		);

	const goTo = async ( target: number ) => {
		if (
			target === page ||
			target < 1 ||
			target > totalPages ||
			store.current.inFlight
		) {
			return;
		}
		setFailure( null );
		if ( store.current.get( target ) === undefined ) {
			setLoading( target );
			speak( sprintf( i18n.loading, target ) );
		}
		try {
			const result = await store.current.load( target, request );
			if ( result === null ) {
				return;
			}
			if ( result.includes( props.noPostsMarker ) ) {
				// The listing shrank since this page was rendered: nothing more to add than "failed".
				throw { code: 'http', message: '' };
			}
			arrived.current = true;
			holdHeight( items.current );
			setHtml( result );
			setPage( target );
		} catch ( error ) {
			const message = `${ sprintf( i18n.failed, target ) } ${
				isAjaxError( error ) ? error.message : ''
			}`.trim();
			setFailure( { page: target, message } );
			speak( message );
		} finally {
			setLoading( null );
		}
	};

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

	// After a page arrives: URL, scroll, focus, announcement and the theme event, in that order.
	useEffect( () => {
		if ( ! arrived.current || ! items.current ) {
			return;
		}
		arrived.current = false;
		const container =
			( items.current.closest(
				'[data-tp-island]'
			) as HTMLElement | null ) || items.current;
		if ( shouldReplaceUrl( props.isAdmin ) ) {
			try {
				window.history.replaceState(
					window.history.state,
					'',
					pageUrl( page, linkTemplate, firstPageLink )
				);
			} catch {
				// A link on another origin (www or not, http or https) cannot be set: keep the URL.
			}
		}
		items.current
			.querySelector< HTMLElement >( '.tp-listing__item a' )
			?.focus( { preventScroll: true } );
		if ( ! props.noScroll ) {
			scrollWindowTo(
				container.getBoundingClientRect().top +
					window.scrollY -
					SCROLL_OFFSET,
				SCROLL_DURATION
			);
		}
		speak( sprintf( i18n.loaded, page, totalPages ) );
		container.dispatchEvent(
			new CustomEvent( PAGE_LOADED, {
				bubbles: true,
				detail: { page, container },
			} )
		);
	}, [ page ] ); // eslint-disable-line react-hooks/exhaustive-deps -- runs once per page change.

	return (
		<>
			<div
				className={ `tp-listing__items${
					loading ? ' is-loading' : ''
				}` }
				ref={ items }
				aria-busy={ loading ? true : undefined }
				dangerouslySetInnerHTML={ { __html: html } }
			/>
			{ failure && (
				<p className="tp-paginator__error">
					{ failure.message }{ ' ' }
					<button
						type="button"
						className="tp-paginator__retry"
						onClick={ () => goTo( failure.page ) }
					>
						{ i18n.retry }
					</button>
				</p>
			) }
			<PageLinks
				page={ page }
				totalPages={ totalPages }
				visiblePages={ visiblePages }
				linkTemplate={ linkTemplate }
				firstPageLink={ firstPageLink }
				i18n={ i18n }
				onNavigate={ goTo }
				navAttributes={ {
					'data-totalpages': totalPages,
					'data-currentpage': page,
					'data-sid': props.sid,
					'data-unid': props.unid,
					'data-iselementor': 0,
					'data-isblock': props.isBlock ? 1 : 0,
					'data-postid': props.postId,
					...( props.noScroll ? { 'data-noscroll': 1 } : {} ),
				} }
			/>
		</>
	);
}
