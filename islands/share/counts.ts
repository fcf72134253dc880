/**
 * Share counts as the spec shows them (§9): hidden below 1; from 1000 to 999999 in thousands with
 * one decimal and K; from 1000000 in millions with one decimal and M. The decimal is cut, not
 * rounded, so 999999 reads 999.9K rather than 1000.0K.
 */
export function formatCount( count: number ): string {
	if ( ! Number.isFinite( count ) || count < 1 ) {
		return '';
	}
	const whole = Math.floor( count );
	if ( whole < 1000 ) {
		return String( whole );
	}
	if ( whole < 1000000 ) {
		return `${ ( Math.floor( whole / 100 ) / 10 ).toFixed( 1 ) }K`;
	}
	return `${ ( Math.floor( whole / 100000 ) / 10 ).toFixed( 1 ) }M`;
}

/** Reads a shown count back: K multiplies by 1000 and M by 1000000; anything else is 0. */
export function parseCount( shown: string ): number {
	const match = /^\s*(\d+(?:\.\d+)?)\s*([KM]?)\s*$/i.exec( shown );
	if ( ! match ) {
		return 0;
	}
	const unit = ( match[ 2 ] ?? '' ).toUpperCase();
	const factor = { K: 1000, M: 1000000 }[ unit ] ?? 1;
	return Math.round( Number( match[ 1 ] ) * factor );
}

/** The total's caption: the plural text for 0 and above 1, the singular for exactly 1. */
export function totalLabel(
	count: number,
	singular: string,
	plural: string
): string {
	return count === 1 ? singular : plural;
}
