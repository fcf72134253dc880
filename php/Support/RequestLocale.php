<?php
namespace TenderPress\Support;

use TenderPress\Plugin;
use WP_Translation_Controller;

/**
 * Renders part of an answer in the language a request asked for (pagination_request's `lang`),
 * when there is a translation for it, and in the site's language otherwise.
 *
 * A language WordPress itself has installed (or en_US) goes through switch_to_locale(), so core's
 * strings, dates and the plugin's follow it. A language only the plugin has a translation for
 * (WP_LANG_DIR/plugins/tenderpress-<locale>.mo, or the plugin's own languages/ folder) cannot:
 * switch_to_locale() refuses locales core lacks, and making core list them (the
 * get_available_languages filter) would also offer them in General Settings, where choosing one
 * does nothing for WordPress's own screens. For those, only the plugin's text domain is swapped for
 * the render, and determine_locale() says that locale meanwhile, so what is cached per locale
 * (rendered listing pages) is kept apart. WordPress has no words in that language, so its own few
 * in a listing ("3 days" of a time left) come in English; month names keep the site's language.
 */
final class RequestLocale {

	private const DOMAIN = 'tenderpress';

	/** The shape of a `lang` a request may send: a locale code, or '' for the site's. */
	public const PATTERN = '/^([a-z]{2,3}(_[A-Z]{2})?(_[a-z0-9]+)?)?$/D';

	/** The plugin's translation file for a locale, if there is one: updates in WP_LANG_DIR first. */
	public static function plugin_file( string $locale ): ?string {
		foreach ( array( WP_LANG_DIR . '/plugins', TENDERPRESS_DIR . '/languages' ) as $dir ) {
			$file = $dir . '/' . self::DOMAIN . '-' . $locale . '.mo';
			// WordPress 6.5 reads the .l10n.php twin of a .mo first, and either may ship alone.
			if ( is_readable( $file ) || is_readable( substr( $file, 0, -3 ) . '.l10n.php' ) ) {
				return $file;
			}
		}
		return null;
	}

	/**
	 * Runs $render in $locale where a translation exists, else as the site is.
	 *
	 * @template T
	 * @param string       $locale A locale code already checked for shape ('' for the site's).
	 * @param callable():T $render What to run.
	 * @return T
	 */
	public static function run( string $locale, callable $render ) {
		$original = determine_locale();
		if ( '' === $locale || $original === $locale ) {
			return $render();
		}
		if ( in_array( $locale, array_merge( array( 'en_US' ), get_available_languages() ), true ) && switch_to_locale( $locale ) ) {
			try {
				return $render();
			} finally {
				restore_previous_locale();
			}
		}
		$file = self::plugin_file( $locale );
		if ( null === $file ) {
			return $render();
		}
		$pin = static fn(): string => $locale;
		add_filter( 'determine_locale', $pin, PHP_INT_MAX );
		unload_textdomain( self::DOMAIN, true );
		load_textdomain( self::DOMAIN, $file, $locale );
		try {
			return $render();
		} finally {
			remove_filter( 'determine_locale', $pin, PHP_INT_MAX );
			unload_textdomain( self::DOMAIN, true );
			WP_Translation_Controller::get_instance()->set_locale( $original );
			Plugin::load_textdomain();
		}
	}
}
