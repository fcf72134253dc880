/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import { isPlainClick } from '../shared/clicks';
import { pagePlaces, pageUrl } from './state';
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
				{ pagePlaces( page, totalPages, visiblePages ).map(
					// Keyed by place, not number: the row has as many places on every page, and
					// each box stays where it is and shows its new number.
					( number, place ) => {
						if ( number === null ) {
							return (
								<li
									key={ place }
									className="tp-pagination__gap"
									aria-hidden="true"
								>
									<span className="tp-pagination__link">
										…
									</span>
								</li>
							);
						}
						return (
							<li key={ place }>
								{ number === page ? (
									<span
										className="tp-pagination__link is-current"
										aria-current="page"
									>
										<span className="screen-reader-text">
											{ sprintf( i18n.page, number ) }
										</span>
										<span aria-hidden="true">
											{ number }
										</span>
									</span>
								) : (
									link( number, String( number ), '', {
										'aria-label': sprintf(
											i18n.page,
											number
										),
									} )
								) }
							</li>
						);
					}
				) }
			</ul>
			<ul className="tp-pagination__steps">
				{ page > 1 && (
					<li className="tp-pagination__step-prev">
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
				{ page < totalPages && (
					<li className="tp-pagination__step-next">
						{ link( page + 1, i18n.next, ' tp-pagination__next', {
							rel: 'next',
						} ) }
					</li>
				) }
			</ul>
		</nav>
	);
}
