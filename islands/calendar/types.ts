import type { AjaxMessages } from '../shared/failures';
import type { YearSpan } from './dates';

export interface CalendarStrings {
	/** Said while a month or day is on its way. */
	loading: string;
}

export interface CalendarProps {
	/** The REST route that answers a month's markup (php/Islands/Calendar.php). */
	route: string;
	/** Notices listed for a day, the block's own. */
	perDay: number;
	/**
	 * The filters the page was made with, by the name the page's address and the route give
	 * them (notice_type, category, location); the block's own notice type among them.
	 */
	filters: Record< string, string >;
	/** The years the calendar shows (php/Listings/CalendarMonth.php). */
	years: YearSpan;
	i18n: CalendarStrings;
	/** What a visitor reads when a request fails without a message from the server. */
	messages: AjaxMessages;
	/** The container: the server's calendar stays in it, and the island fills its month part. */
	element: HTMLElement;
}

/** What the route answers. */
export interface MonthAnswer {
	/** "2026-11". */
	month: string;
	/** The day listed, or null when no notice closes in the month. */
	day: string | null;
	/** The month's name, "November 2026". */
	label: string;
	/** Notices closing by date, for dates with any. */
	days: Record< string, number >;
	/** The month part of the calendar, as the page prints it. */
	html: string;
	/** The page's address for this month or day, relative to the page (`?tp_month=…`). */
	link: string;
}
