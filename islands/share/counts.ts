/**
 * A page's share counts as the server formats them (php/Islands/Share.php shown_counts(), the
 * count endpoint's `shown`): the island formats nothing itself, so what it writes is what the
 * server prints, in the site's language and its plural forms.
 */
export interface ShownCount {
	/** As the button's badge shows it: "7", "1.2K". */
	count: string;
	/** As a screen reader says it: "1.2K shares". */
	said: string;
}

export interface ShownCounts {
	/** The page's total: its value, as shown (0 included), and its caption ("Shares"). */
	total: { value: number; count: string; caption: string };
	/** Each service with a count of 1 or more, by service id; the others show none. */
	services: Record< string, ShownCount >;
}

const isText = ( value: unknown ): value is string => typeof value === 'string';

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Reads one page's entry of `shown`; null when it is not in that shape (an older server, a
 * proxy's page), and the bar then keeps what the server printed.
 */
export function readShown( raw: unknown ): ShownCounts | null {
	if ( ! isRecord( raw ) || ! isRecord( raw.total ) ) {
		return null;
	}
	const { value, count, caption } = raw.total;
	if (
		typeof value !== 'number' ||
		! Number.isInteger( value ) ||
		! isText( count ) ||
		! isText( caption ) ||
		! isRecord( raw.services )
	) {
		return null;
	}
	const services: Record< string, ShownCount > = {};
	for ( const [ id, entry ] of Object.entries( raw.services ) ) {
		if (
			! isRecord( entry ) ||
			! isText( entry.count ) ||
			! isText( entry.said )
		) {
			return null;
		}
		services[ id ] = { count: entry.count, said: entry.said };
	}
	return { total: { value, count, caption }, services };
}
