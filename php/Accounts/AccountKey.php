<?php
namespace TenderPress\Accounts;

use WP_User;

/**
 * Which account a sign-in names, however it was typed, so that one account has one count of
 * failures: its login and its e-mail address are the same account (keyed by the user's id), and
 * so are their look-alikes. A name typed in full-width letters (`ａｄｍｉｎ`), with a ligature or
 * in another case is brought to one form (Unicode NFKC, then case-folded) before it is looked
 * up, and an unknown name is keyed on that form: guessing `ＡＤＭＩＮ` counts against `admin`,
 * and cycling through spellings of one name gives no fresh allowance.
 */
final class AccountKey {

	/** The account a typed login or e-mail address names, as typed or in its normal form; or null. */
	public static function user( string $typed ): ?WP_User {
		$typed = trim( $typed );
		if ( '' === $typed ) {
			return null;
		}
		foreach ( array_unique( array( $typed, self::normalise( $typed ) ) ) as $name ) {
			$user = get_user_by( 'login', $name );
			if ( ! $user instanceof WP_User && is_email( $name ) ) {
				$user = get_user_by( 'email', $name );
			}
			if ( $user instanceof WP_User ) {
				return $user;
			}
		}
		return null;
	}

	/**
	 * The key of the account's counts: `user:<id>` for an account, `name:<normal form>` for a name
	 * no account has.
	 *
	 * @param string       $typed What was typed.
	 * @param WP_User|null $user  The account, when the caller already knows it.
	 */
	public static function of( string $typed, ?WP_User $user = null ): string {
		$user = $user ?? self::user( $typed );
		return $user instanceof WP_User ? 'user:' . $user->ID : 'name:' . self::normalise( $typed );
	}

	/** NFKC, case-folded, without surrounding space; a name that is not UTF-8 is only trimmed. */
	public static function normalise( string $name ): string {
		$name = trim( $name );
		if ( ! mb_check_encoding( $name, 'UTF-8' ) ) {
			return $name;
		}
		$normal = class_exists( \Normalizer::class ) ? \Normalizer::normalize( $name, \Normalizer::FORM_KC ) : $name;
		return trim( mb_convert_case( is_string( $normal ) ? $normal : $name, MB_CASE_FOLD, 'UTF-8' ) );
	}
}
