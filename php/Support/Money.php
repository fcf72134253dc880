<?php
namespace TenderPress\Support;

use TenderPress\Listings\ListingOptions;

/**
 * The one formatter of amounts of money (a notice's value, EMD and fee), wherever they are shown:
 * the key facts, the cards, the quick view and the tabs all print what this gives, and islands get
 * the formatted string from their PHP props, never a copy of these rules.
 *
 * - The currency's symbol once, before the number: "₹7,66,00,000", not "₹7,66,00,000 INR". A
 *   currency without a symbol here shows its ISO code instead: "AED 1,000".
 * - Digits grouped as the site's locale groups them: in India (a locale of region IN, or of one
 *   of India's languages) the last three digits, then groups of two ("7,66,00,000"); elsewhere in
 *   threes, with the separators WordPress's number_format_i18n() uses for the locale.
 * - With the site's "lakh and crore" setting on, amounts of a lakh or more in short form:
 *   "₹7.66 crore", "₹2.5 lakh" (rounded to two decimals, trailing zeros dropped).
 */
final class Money {

	/** Symbols of the currencies a site here is likely to use; others show their ISO code. */
	public const SYMBOLS = array(
		'INR' => '₹',
		'USD' => '$',
		'EUR' => '€',
		'GBP' => '£',
		'JPY' => '¥',
	);

	/** Languages of India (and its neighbours) whose numbers group as lakh and crore. */
	private const INDIAN_LANGUAGES = array( 'as', 'bn', 'gu', 'hi', 'kn', 'ml', 'mr', 'ne', 'or', 'pa', 'ta', 'te', 'ur' );

	public const LAKH  = 100000;
	public const CRORE = 10000000;

	/**
	 * An amount as the site shows it, plain text (escape it for HTML).
	 *
	 * @param float     $amount   The amount, 0 or more.
	 * @param string    $currency ISO 4217 code; '' for the site's currency.
	 * @param bool|null $short    Lakh/crore short form; null for the site's setting.
	 */
	public static function format( float $amount, string $currency = '', ?bool $short = null ): string {
		global $wp_locale;
		$currency  = '' === $currency ? ListingOptions::currency() : strtoupper( $currency );
		$short     = null === $short ? ListingOptions::money_short() : $short;
		$thousands = isset( $wp_locale ) ? (string) $wp_locale->number_format['thousands_sep'] : ',';
		$decimal   = isset( $wp_locale ) ? (string) $wp_locale->number_format['decimal_point'] : '.';
		return self::compose( $amount, $currency, self::groups_in_lakhs( get_locale() ), $thousands, $decimal, $short );
	}

	/**
	 * The amount with its currency, from explicit parts (the locale's grouping and separators):
	 * what format() gives for a site with those settings.
	 *
	 * @param float  $amount    The amount, 0 or more.
	 * @param string $currency  ISO 4217 code.
	 * @param bool   $lakhs     Group digits as lakh and crore (3, then 2s) rather than in threes.
	 * @param string $thousands The locale's group separator.
	 * @param string $decimal   The locale's decimal point.
	 * @param bool   $short     Lakh/crore short form for a lakh or more.
	 */
	public static function compose( float $amount, string $currency, bool $lakhs, string $thousands, string $decimal, bool $short ): string {
		$number = null;
		if ( $short ) {
			$number = self::short_number( $amount, $lakhs, $thousands, $decimal );
		}
		if ( null === $number ) {
			$number = self::number( $amount, floor( $amount ) === $amount ? 0 : 2, $lakhs, $thousands, $decimal );
		}
		$code = strtoupper( $currency );
		// A code is a word: a no-break space keeps it on the line of its number.
		return isset( self::SYMBOLS[ $code ] ) ? self::SYMBOLS[ $code ] . $number : $code . "\u{00A0}" . $number;
	}

	/**
	 * A number with its digits grouped.
	 *
	 * @param float  $amount    The number, 0 or more.
	 * @param int    $decimals  Digits after the decimal point.
	 * @param bool   $lakhs     Group as lakh and crore: the last three digits, then groups of two.
	 * @param string $thousands The group separator.
	 * @param string $decimal   The decimal point.
	 */
	public static function number( float $amount, int $decimals, bool $lakhs, string $thousands, string $decimal ): string {
		$plain    = number_format( abs( $amount ), $decimals, '.', '' );
		$parts    = explode( '.', $plain );
		$integer  = $parts[0];
		$fraction = $parts[1] ?? '';
		if ( $lakhs && strlen( $integer ) > 3 ) {
			$head    = substr( $integer, 0, -3 );
			$grouped = implode( $thousands, (array) str_split( strrev( $head ), 2 ) );
			$integer = strrev( $grouped ) . $thousands . substr( $integer, -3 );
		} else {
			$integer = strrev( implode( $thousands, (array) str_split( strrev( $integer ), 3 ) ) );
		}
		// strrev() would reverse a separator of more than one byte (a no-break space): put it back.
		if ( strlen( $thousands ) > 1 ) {
			$integer = str_replace( strrev( $thousands ), $thousands, $integer );
		}
		return ( $amount < 0 ? '-' : '' ) . $integer . ( '' === $fraction ? '' : $decimal . $fraction );
	}

	/**
	 * "7.66 crore" or "2.5 lakh" for a lakh or more; null below a lakh, which shows in full. The
	 * unit is chosen after rounding, so 99,99,999 shows as "1 crore", never "100 lakh".
	 */
	private static function short_number( float $amount, bool $lakhs, string $thousands, string $decimal ): ?string {
		if ( $amount < self::LAKH ) {
			return null;
		}
		$in_lakhs = round( $amount / self::LAKH, 2 );
		if ( $in_lakhs < 100 ) {
			/* translators: %s: an amount in lakhs (hundred thousands), such as 2.5. */
			return sprintf( __( '%s lakh', 'tenderpress' ), self::trimmed( $in_lakhs, $lakhs, $thousands, $decimal ) );
		}
		/* translators: %s: an amount in crores (ten millions), such as 7.66. */
		return sprintf( __( '%s crore', 'tenderpress' ), self::trimmed( round( $amount / self::CRORE, 2 ), $lakhs, $thousands, $decimal ) );
	}

	/** Up to two decimals, without trailing zeros: 7.66, 2.5, 1. */
	private static function trimmed( float $value, bool $lakhs, string $thousands, string $decimal ): string {
		$fixed    = rtrim( rtrim( number_format( $value, 2, '.', '' ), '0' ), '.' );
		$point    = strpos( $fixed, '.' );
		$decimals = false === $point ? 0 : strlen( $fixed ) - $point - 1;
		return self::number( $value, $decimals, $lakhs, $thousands, $decimal );
	}

	/**
	 * Whether a locale groups digits as lakh and crore: region India, or a language of India
	 * (hi, ta, …, which WordPress names without a region).
	 *
	 * @param string $locale A WordPress locale such as en_IN, hi_IN, te or de_DE.
	 */
	public static function groups_in_lakhs( string $locale ): bool {
		$parts = explode( '_', $locale );
		return ( isset( $parts[1] ) && 'IN' === strtoupper( $parts[1] ) ) || in_array( strtolower( $parts[0] ), self::INDIAN_LANGUAGES, true );
	}

	/** The site's currency symbol (or its code when it has no symbol here), for labels and prefixes. */
	public static function site_symbol(): string {
		$code = ListingOptions::currency();
		return self::SYMBOLS[ $code ] ?? $code;
	}
}
