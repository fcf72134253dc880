/**
 * A rough strength of a new password, 0 (very weak) to 3 (strong), shown while it is typed. Not
 * WordPress's zxcvbn meter (about 400 KB, too much for a popup on a phone): length counts most,
 * then the kinds of characters; one character repeated or a run such as "12345678" or "abcdef"
 * is very weak whatever its length. The server takes any password a policy plugin accepts.
 */
export function passwordStrength( password: string ): 0 | 1 | 2 | 3 {
	const length = Array.from( password ).length;
	if ( length < 8 || isRun( password ) ) {
		return 0;
	}
	const kinds = [ /[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/ ].filter( ( kind ) =>
		kind.test( password )
	).length;
	let score = 1;
	if ( length >= 12 && kinds >= 2 ) {
		score++;
	}
	if ( ( length >= 12 && kinds >= 3 ) || length >= 20 ) {
		score++;
	}
	return Math.min( score, 3 ) as 1 | 2 | 3;
}

/** One character repeated, or each character one more or one less than the one before. */
function isRun( password: string ): boolean {
	const codes = Array.from( password.toLowerCase() ).map(
		( character ) => character.codePointAt( 0 ) ?? 0
	);
	const step = codes[ 1 ]! - codes[ 0 ]!;
	return (
		Math.abs( step ) <= 1 &&
		codes.every(
			( code, index ) =>
				index === 0 || code - codes[ index - 1 ]! === step
		)
	);
}
