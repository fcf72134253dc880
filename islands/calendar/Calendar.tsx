import { useLayoutEffect } from '@wordpress/element';
import { isAjaxError } from '../shared/failures';
import { getJson } from '../shared/rest';
import { isPlainClick } from '../shared/clicks';
import { inYears, monthOf, moveBy } from './dates';
import type { CalendarProps, MonthAnswer } from './types';

/** Answers kept for months seen before (Previous, then Next again costs nothing). */
const KEPT_ANSWERS = 24;

/** Where focus goes once a month or day is in place. */
type FocusTarget =
	| { date: string }
	| { step: 'prev' | 'next' }
	| { keep: true };

/** A day cell of the grid: the cells of other months are blank and have no date. */
const CELL = 'td[data-tp-date]';

function readAnswer( value: unknown ): MonthAnswer {
	const answer = value as Partial< MonthAnswer > | null;
	if (
		! answer ||
		typeof answer.month !== 'string' ||
		typeof answer.html !== 'string' ||
		typeof answer.link !== 'string' ||
		typeof answer.label !== 'string'
	) {
		throw new TypeError( 'not a calendar month' );
	}
	return answer as MonthAnswer;
}

/**
 * Makes the server's table a WAI-ARIA date grid: one tab stop (the chosen day, else today, else
 * the month's first), the day links out of the tab order (Enter or Space on a day does what its
 * link does), the chosen day selected.
 */
export function enhanceGrid( root: HTMLElement ): void {
	const table = root.querySelector( 'table' );
	if ( ! table ) {
		return;
	}
	table.setAttribute( 'role', 'grid' );
	const cells = Array.from( table.querySelectorAll< HTMLElement >( CELL ) );
	for ( const cell of cells ) {
		cell.tabIndex = -1;
		cell.setAttribute(
			'aria-selected',
			String( cell.classList.contains( 'is-chosen' ) )
		);
		cell.querySelector( 'a' )?.setAttribute( 'tabindex', '-1' );
	}
	const stop =
		table.querySelector< HTMLElement >( `${ CELL }.is-chosen` ) ??
		table.querySelector< HTMLElement >(
			`${ CELL }[aria-current="date"]`
		) ??
		cells[ 0 ];
	if ( stop ) {
		stop.tabIndex = 0;
	}
}

/**
 * The deadline calendar (php/Islands/Calendar.php prints it whole; without JavaScript each month,
 * day and filter is a link or a form to the page). The island renders nothing: it asks the REST
 * route for the month or day a visitor picks, puts the server's markup in place without a
 * reload, keeps focus where the visitor was, says what changed in the live region, and updates
 * the address so a reload or a shared link shows the same.
 */
export function Calendar( {
	route,
	perDay,
	filters: initialFilters,
	years,
	i18n,
	messages,
	element,
}: CalendarProps ) {
	useLayoutEffect( () => {
		// The month's part of the server markup (React's own root is an empty element beside it).
		const root = element.querySelector< HTMLElement >(
			'.tp-calendar__month'
		);
		if ( ! root ) {
			return;
		}
		const doc = element.ownerDocument;
		const status = element.querySelector< HTMLElement >(
			'.tp-calendar__status'
		);
		const form = element.querySelector< HTMLFormElement >(
			'form.tp-calendar__filters'
		);
		const rtl = getComputedStyle( element ).direction === 'rtl';
		const answers = new Map< string, MonthAnswer >();
		let filters = initialFilters;
		let controller: AbortController | null = null;
		// The date a load in flight goes to: keys pressed meanwhile go on from there.
		let pending: string | null = null;

		// News for screen readers only; an error stays on screen for everyone.
		const say = ( words: string, error = false ) => {
			if ( status ) {
				status.textContent = words;
				status.classList.toggle( 'is-error', error );
				status.classList.toggle( 'screen-reader-text', ! error );
			}
		};
		const shownMonth = () =>
			root.querySelector( 'table' )?.getAttribute( 'data-tp-month' ) ??
			'';
		const cellOf = ( date: string ) =>
			root.querySelector< HTMLElement >(
				`${ CELL }[data-tp-date="${ date }"]`
			);
		// The grid's one tab stop.
		const makeStop = ( cell: HTMLElement ) => {
			for ( const other of root.querySelectorAll< HTMLElement >(
				CELL
			) ) {
				other.tabIndex = other === cell ? 0 : -1;
			}
		};

		const place = (
			answer: MonthAnswer,
			day: string | null,
			target: FocusTarget
		) => {
			const active = doc.activeElement;
			// Focus moves for a visitor still in the calendar (or nowhere); one who went on
			// elsewhere while it loaded stays there.
			const hadFocus =
				! active || active === doc.body || root.contains( active );
			root.innerHTML = answer.html;
			enhanceGrid( root );
			const monthField = form?.querySelector< HTMLInputElement >(
				'[data-tp-month-field]'
			);
			if ( monthField ) {
				monthField.value = answer.month;
			}
			const win = doc.defaultView;
			win?.history.replaceState(
				win.history.state,
				'',
				new URL( answer.link, win.location.href ).href
			);
			let focus: HTMLElement | null = null;
			if ( 'date' in target ) {
				focus = cellOf( target.date );
			} else if ( 'step' in target ) {
				focus = root.querySelector< HTMLElement >(
					`.tp-calendar__step--${ target.step }`
				);
			}
			// The element that had focus is gone with the old month: focus never falls to the page.
			focus ??= root.querySelector< HTMLElement >(
				`${ CELL }[tabindex="0"]`
			);
			if ( hadFocus && ! ( 'keep' in target ) && focus ) {
				if ( focus.matches( CELL ) ) {
					makeStop( focus );
				}
				focus.focus();
			}
			// A day picked: its heading ("Closing on …"); a month: its caption (name and count).
			const words = root.querySelector(
				day ? '.tp-calendar__list-title' : 'caption'
			)?.textContent;
			say( words || answer.label );
		};

		/**
		 * Puts a month (and a day) in place. `fallback` is what the visitor's click or form would
		 * have done without the island: when the answer fails it does that after all, so the
		 * visitor's action is not lost.
		 */
		const load = async (
			month: string,
			day: string | null,
			target: FocusTarget,
			fallback?: () => void
		) => {
			const query = new URLSearchParams( {
				...filters,
				month,
				id: element.id,
				per_day: String( perDay ),
			} );
			if ( day ) {
				query.set( 'day', day );
			}
			// Kept answers by what they show: the page's query below changes only by the
			// calendar's own arguments, which the server leaves out of the links.
			const key = query.toString();
			// The page's own query, which the calendar's links keep (a page id, a language).
			query.set(
				'base',
				doc.defaultView?.location.search.slice( 1 ) ?? ''
			);
			const url = `${ route }${
				route.includes( '?' ) ? '&' : '?'
			}${ query }`;
			controller?.abort();
			const current = new AbortController();
			controller = current;
			pending = 'date' in target ? target.date : null;
			root.setAttribute( 'aria-busy', 'true' );
			say( i18n.loading );
			try {
				const answer =
					answers.get( key ) ??
					readAnswer(
						await getJson( url, {
							messages,
							signal: current.signal,
						} )
					);
				if ( current.signal.aborted ) {
					return;
				}
				answers.delete( key );
				answers.set( key, answer );
				if ( answers.size > KEPT_ANSWERS ) {
					answers.delete( answers.keys().next().value as string );
				}
				place( answer, day, target );
			} catch ( error ) {
				if ( current.signal.aborted ) {
					return;
				}
				say(
					isAjaxError( error ) ? error.message : messages.serverError,
					true
				);
				fallback?.();
			} finally {
				if ( controller === current ) {
					root.removeAttribute( 'aria-busy' );
					controller = null;
					pending = null;
				}
			}
		};

		const follow = ( link: HTMLAnchorElement ) => () =>
			doc.defaultView?.location.assign( link.href );
		const choose = ( date: string, link?: HTMLAnchorElement | null ) =>
			load(
				monthOf( date ),
				date,
				{ date },
				link ? follow( link ) : undefined
			);

		const onClick = ( event: MouseEvent ) => {
			const target = event.target as Element;
			if ( ! isPlainClick( event ) || ! root.contains( target ) ) {
				return;
			}
			const step = target.closest< HTMLAnchorElement >(
				'a.tp-calendar__step'
			);
			const month = step?.getAttribute( 'data-tp-month' );
			if ( step && month ) {
				event.preventDefault();
				const way = step.classList.contains( 'tp-calendar__step--prev' )
					? 'prev'
					: 'next';
				load( month, null, { step: way }, follow( step ) );
				return;
			}
			const link = target.closest< HTMLAnchorElement >(
				'a.tp-calendar__day-link'
			);
			const date = link?.closest( CELL )?.getAttribute( 'data-tp-date' );
			if ( link && date ) {
				event.preventDefault();
				choose( date, link );
			}
		};

		const onKeyDown = ( event: KeyboardEvent ) => {
			const cell = ( event.target as Element ).closest< HTMLElement >(
				CELL
			);
			const date = cell?.getAttribute( 'data-tp-date' );
			if (
				! cell ||
				! date ||
				! root.contains( cell ) ||
				event.altKey ||
				event.ctrlKey ||
				event.metaKey
			) {
				return;
			}
			if ( event.key === 'Enter' || event.key === ' ' ) {
				event.preventDefault();
				choose( date, cell.querySelector( 'a' ) );
				return;
			}
			const row = cell.parentElement;
			const column = row ? Array.from( row.children ).indexOf( cell ) : 0;
			// While a month loads, its week is not there to go to the start or end of.
			if ( pending && ( event.key === 'Home' || event.key === 'End' ) ) {
				event.preventDefault();
				return;
			}
			const to = moveBy( event.key, pending ?? date, {
				shift: event.shiftKey,
				rtl,
				column,
			} );
			if ( ! to ) {
				return;
			}
			event.preventDefault();
			if ( ! inYears( to, years ) ) {
				return;
			}
			const there = cellOf( to );
			if ( there && ! pending ) {
				makeStop( there );
				there.focus();
			} else if ( monthOf( to ) !== shownMonth() || pending ) {
				load( monthOf( to ), null, { date: to } );
			}
		};

		// A click on a day without notices, or a day reached by pointer: the tab stop follows.
		const onFocusIn = ( event: FocusEvent ) => {
			const cell = ( event.target as Element ).closest< HTMLElement >(
				CELL
			);
			if ( cell && root.contains( cell ) && cell.tabIndex !== 0 ) {
				makeStop( cell );
			}
		};

		const onSubmit = ( event: SubmitEvent ) => {
			if ( ! form ) {
				return;
			}
			event.preventDefault();
			const fields: Record< string, string > = {};
			for ( const field of form.querySelectorAll<
				HTMLInputElement | HTMLSelectElement
			>( '[name]:not([data-tp-month-field]):not([data-tp-page-arg])' ) ) {
				if ( field.value !== '' ) {
					fields[ field.name ] = field.value;
				}
			}
			filters = fields;
			// HTMLFormElement.submit() sends the form without this listener hearing it.
			load( shownMonth(), null, { keep: true }, () => form.submit() );
		};

		enhanceGrid( root );
		element.addEventListener( 'click', onClick );
		root.addEventListener( 'keydown', onKeyDown );
		root.addEventListener( 'focusin', onFocusIn );
		form?.addEventListener( 'submit', onSubmit );
		return () => {
			controller?.abort();
			element.removeEventListener( 'click', onClick );
			root.removeEventListener( 'keydown', onKeyDown );
			root.removeEventListener( 'focusin', onFocusIn );
			form?.removeEventListener( 'submit', onSubmit );
		};
	}, [ element, route, perDay, initialFilters, years, i18n, messages ] );
	return null;
}
