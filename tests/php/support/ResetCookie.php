<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\ResetLink;

/**
 * The reset cookie a browser sends admin-ajax.php once it followed an e-mailed reset link
 * (ResetLink), as WordPress leaves $_COOKIE at the start of a request (slashed).
 */
final class ResetCookie {

	public static function set( string $login, string $key ): void {
		$_COOKIE[ ResetLink::cookie_name() ] = wp_slash( $login . ':' . $key );
	}

	public static function clear(): void {
		unset( $_COOKIE[ ResetLink::cookie_name() ] );
	}
}
