/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import type { MouseEvent } from 'react';
import { pageUrl, pageWindow } from './state';
import type { PageLinksStrings } from './types';

export interface PageLinksProps {
	page: number;
	totalPages: number;
	visiblePages: number;
	linkTemplate: string;
	firstPageLink: string;
	i18n: PageLinksStrings;
	/** The spec's data-* attributes of the nav. */
	navAttributes: Record< string, string | number >;
	/** Called for a plain left click on a page link; other clicks are the browser's. */
	onNavigate?: ( page: number ) => void;
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

/**
 * The page links after a page loaded in place: the same markup as php/Listings/PageLinks.php
 * renders for that page (tests/fixtures/page-links.json holds the server's side of the contract).
 */
export function PageLinks( {
	page,
	totalPages,
	visiblePages,
	linkTemplate,
	firstPageLink,
	i18n,
	navAttributes,
	onNavigate,
}: PageLinksProps ) {
	if ( totalPages < 2 ) {
		return null;
	}
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
				if ( onNavigate && isPlainClick( event ) ) {
					event.preventDefault();
					onNavigate( target );
				}
			} }
			{ ...extra }
		>
			{ label }
		</a>
	);

	return (
		<nav
			className="tp-pagination"
			aria-label={ i18n.navLabel }
			{ ...navAttributes }
		>
			<ul className="tp-pagination__list">
				{ page > 1 && (
					<li>
						{ link(
							page - 1,
							i18n.previous,
							' tp-pagination__prev',
							{
								rel: 'prev',
							}
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
										{ sprintf( i18n.page, number ) }
									</span>
									<span aria-hidden="true">{ number }</span>
								</span>
							) : (
								link( number, String( number ), '', {
									'aria-label': sprintf( i18n.page, number ),
								} )
							) }
						</li>
					)
				) }
				{ page < totalPages && (
					<li>
						{ link( page + 1, i18n.next, ' tp-pagination__next', {
							rel: 'next',
						} ) }
					</li>
				) }
			</ul>
		</nav>
	);
}
