import { useEffect, useRef, useState } from '@wordpress/element';
import type { MouseEvent } from 'react';
import { postAction, isAjaxError } from '../shared/ajax';
import { announce } from '../shared/live-region';
import { scrollWindowTo } from '../shared/motion';
import {
	format,
	NO_POSTS_MARKER,
	PageStore,
	pageUrl,
	pageWindow,
	SCROLL_DURATION,
	SCROLL_OFFSET,
	shouldReplaceUrl,
} from './state';
import type { PaginatorProps } from './types';

export const PAGE_LOADED = 'tenderpress:page-loaded';

interface Failure {
	page: number;
	message: string;
}

/** A plain left click: anything else (new tab, new window, download) is left to the browser. */
function isPlainClick( event: MouseEvent ): boolean {
	return (
		event.button === 0 &&
		! event.metaKey &&
		! event.ctrlKey &&
		! event.shiftKey &&
		! event.altKey
	);
}

export function Paginator( props: PaginatorProps ) {
	const { totalPages, visiblePages, linkTemplate, firstPageLink, i18n } =
		props;
	const [ page, setPage ] = useState( props.currentPage );
	const [ html, setHtml ] = useState( props.initialHtml );
	const [ loading, setLoading ] = useState< number | null >( null );
	const [ failure, setFailure ] = useState< Failure | null >( null );
	const store = useRef(
		new PageStore( props.currentPage, props.initialHtml )
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
			{ url: props.ajaxUrl }
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
			announce( format( i18n.loading, target ) );
		}
		try {
			const result = await store.current.load( target, request );
			if ( result === null ) {
				return;
			}
			if ( result.includes( NO_POSTS_MARKER ) ) {
				// The listing shrank since this page was rendered: nothing more to add than "failed".
				throw { code: 'http', message: '' };
			}
			arrived.current = true;
			setHtml( result );
			setPage( target );
		} catch ( error ) {
			const message = `${ format( i18n.failed, target ) } ${
				isAjaxError( error ) ? error.message : ''
			}`.trim();
			setFailure( { page: target, message } );
			announce( message );
		} finally {
			setLoading( null );
		}
	};

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
		announce( format( i18n.loaded, page, totalPages ) );
		container.dispatchEvent(
			new CustomEvent( PAGE_LOADED, {
				bubbles: true,
				detail: { page, container },
			} )
		);
	}, [ page ] ); // eslint-disable-line react-hooks/exhaustive-deps -- runs once per page change.

	const link = (
		target: number,
		label: string,
		className: string,
		extra: Record< string, string > = {}
	) => (
		<a
			className={ `tp-pagination__link${ className }` }
			data-page={ target }
			href={ pageUrl( target, linkTemplate, firstPageLink ) }
			onClick={ ( event ) => {
				if ( isPlainClick( event ) ) {
					event.preventDefault();
					goTo( target );
				}
			} }
			{ ...extra }
		>
			{ label }
		</a>
	);

	const spec = {
		'data-totalpages': totalPages,
		'data-currentpage': page,
		'data-sid': props.sid,
		'data-unid': props.unid,
		'data-iselementor': 0,
		'data-isblock': props.isBlock ? 1 : 0,
		'data-postid': props.postId,
		...( props.noScroll ? { 'data-noscroll': 1 } : {} ),
	};

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
			<nav
				className="tp-pagination"
				aria-label={ i18n.navLabel }
				{ ...spec }
			>
				<ul className="tp-pagination__list">
					{ page > 1 && (
						<li>
							{ link(
								page - 1,
								i18n.previous,
								' tp-pagination__prev',
								{ rel: 'prev' }
							) }
						</li>
					) }
					{ pageWindow( page, totalPages, visiblePages ).map(
						( number ) => (
							<li key={ number }>
								{ number === page ? (
									<span
										className="tp-pagination__link is-current"
										aria-current="page"
									>
										<span className="screen-reader-text">
											{ format( i18n.page, number ) }
										</span>
										<span aria-hidden="true">
											{ number }
										</span>
									</span>
								) : (
									link( number, String( number ), '', {
										'aria-label': format(
											i18n.page,
											number
										),
									} )
								) }
							</li>
						)
					) }
					{ page < totalPages && (
						<li>
							{ link(
								page + 1,
								i18n.next,
								' tp-pagination__next',
								{ rel: 'next' }
							) }
						</li>
					) }
				</ul>
			</nav>
		</>
	);
}
