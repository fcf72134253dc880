<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Content\NoticeEditor;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Listings\CardTemplate;
use TenderPress\Listings\ListingSettings;
use TenderPress\Push\PushQueue;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Support\RateLimit;
use TenderPress\Support\Uninstall;
use TenderPress\Support\Upgrade;

/**
 * Deleting the plugin (Plugins > Delete runs uninstall_plugin(), which includes uninstall.php)
 * leaves nothing of the plugin's own in the database, keeps every notice, its fields and its
 * terms, and keeps what other plugins named with a `tenderpress_` prefix. Checked by listing what
 * the plugin stored before and after, after using it the way a site does: activation, an
 * upgrade, saved settings, pages rendered and paged, a notice published and announced, a queued
 * push job, a rate-limited request. And by reading php/ for every option, transient, meta key
 * and cron event the plugin writes, each of which Uninstall's lists must name.
 */
final class UninstallTest extends TestCase {

	/**
	 * What another plugin stores under names that start like this plugin's: uninstall leaves them.
	 */
	private const OTHERS = 'tenderpress_other_plugin';

	/**
	 * Every row in the database named like the plugin's (a name with `tenderpress`, `tp_` or
	 * `tender_`), other than the owner's content and the TenderPress theme's theme_mods.
	 *
	 * @return array<string, list<string>>
	 */
	private function plugin_rows(): array {
		global $wpdb;
		$like = static fn ( string $prefix ): string => $wpdb->esc_like( $prefix ) . '%';
		$cron = array();
		foreach ( (array) _get_cron_array() as $events ) {
			foreach ( array_keys( (array) $events ) as $hook ) {
				if ( str_contains( (string) $hook, 'tenderpress' ) ) {
					$cron[] = (string) $hook;
				}
			}
		}
		sort( $cron );
		return array(
			'options'   => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE ( option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s ) AND option_name NOT LIKE %s ORDER BY option_name", '%tenderpress%', $like( 'tp_' ), $like( '_transient_tp_' ), $like( 'tender_' ), $like( 'theme_mods_' ) ) ),
			'user meta' => $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s ORDER BY meta_key", '%tenderpress%' ) ),
			'post meta' => $this->internal_meta(),
			'cron'      => $cron,
			'tables'    => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', '%tenderpress%' ) ),
			// The index the plugin adds to a table of WordPress's on SQLite.
			'indexes'   => array_values( array_unique( array_filter( array_column( $wpdb->get_results( "SHOW INDEX FROM {$wpdb->term_relationships}", ARRAY_A ), 'Key_name' ), static fn( $name ) => str_contains( (string) $name, 'tenderpress' ) ) ) ),
		);
	}

	/**
	 * Notices' meta keys that are neither the notice's fields (the owner's content) nor
	 * WordPress's own bookkeeping: the plugin's internal meta, which uninstall removes.
	 *
	 * @return list<string>
	 */
	private function internal_meta(): array {
		global $wpdb;
		$keys = $wpdb->get_col( "SELECT DISTINCT m.meta_key FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE p.post_type = 'tender' ORDER BY m.meta_key" );
		return array_values( array_diff( $keys, $this->content_keys(), $this->wordpress_keys( $keys ) ) );
	}

	/** @return list<string> The notices' fields: content the site owner wrote. */
	private function content_keys(): array {
		return array_keys( NoticeFields::definitions() );
	}

	/**
	 * WordPress's own meta among the keys: `_edit_lock`, `_edit_last`, `_wp_*`, `_thumbnail_id`,
	 * `_encloseme`, `_pingme`.
	 *
	 * @param list<string> $keys Keys.
	 * @return list<string>
	 */
	private function wordpress_keys( array $keys ): array {
		return array_values( array_filter( $keys, static fn( string $key ) => (bool) preg_match( '/^_(edit_lock|edit_last|wp_|thumbnail_id$|encloseme$|pingme$)/', $key ) ) );
	}

	/** @return array{int, int, int} Notices, their fields' rows, their term links. */
	private function content(): array {
		global $wpdb;
		$keys = "'" . implode( "','", array_map( 'esc_sql', $this->content_keys() ) ) . "'";
		return array(
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'tender'" ),
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE p.post_type = 'tender' AND m.meta_key IN ({$keys})" ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- escaped above.
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->term_relationships} r JOIN {$wpdb->posts} p ON p.ID = r.object_id WHERE p.post_type = 'tender'" ),
		);
	}

	/** What another plugin named like this one's: an option, a transient, user meta, post meta, a cron event, a table. */
	private function store_another_plugins_rows(): void {
		global $wpdb;
		update_option( self::OTHERS, 'theirs', false );
		set_transient( self::OTHERS, 'theirs', HOUR_IN_SECONDS );
		set_transient( 'tenderpress_other_cache', 'theirs', HOUR_IN_SECONDS );
		update_user_meta( get_current_user_id(), self::OTHERS, 'theirs' );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::OTHERS );
		$wpdb->query( "CREATE TABLE {$wpdb->prefix}" . self::OTHERS . ' (id INTEGER PRIMARY KEY)' ); // phpcs:ignore WordPress.DB
	}

	/** @return array<string, list<string>> The other plugin's rows, as plugin_rows() lists them. */
	private function another_plugins_rows(): array {
		global $wpdb;
		return array(
			'options'   => array( '_transient_tenderpress_other_cache', '_transient_' . self::OTHERS, '_transient_timeout_tenderpress_other_cache', '_transient_timeout_' . self::OTHERS, self::OTHERS ),
			'user meta' => array( self::OTHERS ),
			'post meta' => array(),
			'cron'      => array( self::OTHERS ),
			'tables'    => array( $wpdb->prefix . self::OTHERS ),
			'indexes'   => array(),
		);
	}

	public function test_uninstalling_removes_what_the_plugin_stored_and_keeps_the_notices_and_other_plugins_rows(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->log_in_as( 'administrator' );
		delete_option( Upgrade::OPTION );
		Upgrade::run();
		update_option( Settings::OPTION, array( 'listings' => array( 'perPage' => 6, 'closingSoonDays' => 3 ) ) );
		PageView::visit( get_post_type_archive_link( 'tender' ) );
		Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( ListingSettings::sid( ListingSettings::defaults() ) ) );
		// A notice published now is announced: it records that in its meta (_tp_push).
		$announced = $this->make_notice();
		$this->assertNotSame( '', get_post_meta( $announced, PushQueue::META, true ), 'The plugin\'s own meta on a notice.' );
		$this->assertNotNull( PushQueue::add( $announced, true ), 'A queued push job.' );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.1';
		$this->assertTrue( RateLimit::hit( 'uninstall', 3, 600 ), 'A rate limit counter.' );
		unset( $_SERVER['REMOTE_ADDR'] );
		set_transient( NoticeEditor::ERRORS_KEY . get_current_user_id(), array( 'tp_buyer' => 'x' ), MINUTE_IN_SECONDS );
		update_option( CardTemplate::OPTION, array( 'x' ), true );
		$this->store_another_plugins_rows();
		$content = $this->content();

		$before = $this->plugin_rows();
		foreach ( array( Settings::OPTION, Upgrade::OPTION, Vapid::OPTION, CardTemplate::OPTION, 'tender_category_children' ) as $option ) {
			$this->assertContains( $option, $before['options'] );
		}
		$this->assertNotSame( array(), array_filter( $before['options'], static fn( $name ) => str_starts_with( $name, PushQueue::JOB_PREFIX ) ), 'A push job.' );
		$this->assertNotSame( array(), array_filter( $before['options'], static fn( $name ) => str_starts_with( $name, '_transient_' . RateLimit::PREFIX ) ), 'A rate limit counter.' );
		$this->assertContains( PushQueue::META, $before['post meta'] );
		$this->assertSame( array(), array_values( array_diff( $before['post meta'], Uninstall::post_meta() ) ), 'Each meta key on notices is a field (content, kept), WordPress\'s own, or the plugin\'s own, which Uninstall lists (and removes).' );
		$this->assertContains( PushQueue::HOOK, $before['cron'] );
		$this->assertNotSame( array(), array_diff( $before['tables'], $this->another_plugins_rows()['tables'] ) );
		$this->assertSame( NoticeSearch::on_sqlite() ? array( NoticeIndex::TERM_INDEX ) : array(), $before['indexes'] );

		uninstall_plugin( plugin_basename( TENDERPRESS_FILE ) );

		$this->assertSame( $this->another_plugins_rows(), $this->plugin_rows(), 'Only the other plugin\'s rows are left.' );
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key = %s", PushQueue::META ) ), 'No notice keeps _tp_push.' );
		$this->assertSame( $content, $this->content(), 'Every notice, its fields and its terms stay.' );
		$this->assertSame( 'theirs', get_option( self::OTHERS ) );
		$this->assertSame( 'theirs', get_transient( 'tenderpress_other_cache' ) );
	}

	/**
	 * Every call in php/ that writes an option, a transient, post or user meta, or a cron event
	 * under a name the plugin chooses, with the name as written: the first argument that names
	 * it, as tokens.
	 *
	 * @return list<array{kind: string, where: string, name: list<array{0: int, 1: string}|string>, file: string}>
	 */
	private static function writes_in_php(): array {
		$calls = array(
			'add_option'               => array( 'option', 0 ),
			'update_option'            => array( 'option', 0 ),
			'add_site_option'          => array( 'option', 0 ),
			'update_site_option'       => array( 'option', 0 ),
			'register_setting'         => array( 'option', 1 ),
			'set_transient'            => array( 'transient', 0 ),
			'set_site_transient'       => array( 'transient', 0 ),
			'add_post_meta'            => array( 'post meta', 1 ),
			'update_post_meta'         => array( 'post meta', 1 ),
			'add_user_meta'            => array( 'user meta', 1 ),
			'update_user_meta'         => array( 'user meta', 1 ),
			'update_metadata'          => array( 'meta', 2 ),
			'add_metadata'             => array( 'meta', 2 ),
			'wp_schedule_event'        => array( 'cron', 2 ),
			'wp_schedule_single_event' => array( 'cron', 1 ),
		);
		$found = array();
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( dirname( (string) ( new \ReflectionClass( Uninstall::class ) )->getFileName(), 2 ) ) );
		foreach ( $files as $file ) {
			if ( ! str_ends_with( (string) $file, '.php' ) ) {
				continue;
			}
			$tokens = array_values( array_filter( token_get_all( (string) file_get_contents( (string) $file ) ), static fn( $token ) => ! is_array( $token ) || ! in_array( $token[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true ) ) );
			foreach ( $tokens as $i => $token ) {
				if ( ! is_array( $token ) || T_STRING !== $token[0] || '(' !== ( $tokens[ $i + 1 ] ?? null ) ) {
					continue;
				}
				$function = strtolower( $token[1] );
				$args     = self::arguments( $tokens, $i + 1 );
				$where    = basename( (string) $file ) . ':' . $token[2];
				if ( isset( $calls[ $function ] ) ) {
					list( $kind, $at ) = $calls[ $function ];
					// Only calls of WordPress's functions, not methods of the same name.
					$before = $tokens[ $i - 1 ] ?? null;
					if ( is_array( $before ) && in_array( $before[0], array( T_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION ), true ) ) {
						continue;
					}
					$found[] = array(
						'kind'  => $kind,
						'where' => $where,
						'name'  => $args[ $at ] ?? array(),
						'file'  => (string) $file,
					);
				} elseif ( 'take' === $function && is_array( $tokens[ $i - 2 ] ?? null ) && 'OptionLock' === $tokens[ $i - 2 ][1] ) {
					// A lock (OptionLock::take()): a row of the options table by the name given.
					$found[] = array(
						'kind'  => 'option',
						'where' => $where,
						'name'  => $args[0],
						'file'  => (string) $file,
					);
				} elseif ( 'prepare' === $function && isset( $args[0], $args[1] ) && preg_match( '/\b(INSERT|REPLACE)\b[^;]*\bINTO\s*\{\$wpdb->options\}/i', self::text( $args[0] ) ) ) {
					// A row of the options table written directly (a lock, a queued job): its name
					// is the first value.
					$found[] = array(
						'kind'  => 'option',
						'where' => $where,
						'name'  => $args[1],
						'file'  => (string) $file,
					);
				}
			}
		}
		return $found;
	}

	/**
	 * The arguments of the call whose "(" is at $open, each as its tokens.
	 *
	 * @param list<array{0: int, 1: string, 2: int}|string> $tokens Tokens.
	 * @return list<list<array{0: int, 1: string, 2: int}|string>>
	 */
	private static function arguments( array $tokens, int $open ): array {
		$args  = array( array() );
		$depth = 0;
		for ( $i = $open + 1, $n = count( $tokens ); $i < $n; $i++ ) {
			$token = $tokens[ $i ];
			$text  = is_array( $token ) ? $token[1] : $token;
			if ( in_array( $text, array( '(', '[', '{' ), true ) || ( is_array( $token ) && in_array( $token[0], array( T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) ) {
				++$depth;
			} elseif ( in_array( $text, array( ')', ']', '}' ), true ) ) {
				if ( 0 === $depth ) {
					break;
				}
				--$depth;
			} elseif ( ',' === $text && 0 === $depth ) {
				$args[] = array();
				continue;
			}
			$args[ count( $args ) - 1 ][] = $token;
		}
		return $args;
	}

	/** @param list<array{0: int, 1: string}|string> $tokens Tokens. */
	private static function text( array $tokens ): string {
		return implode( '', array_map( static fn( $token ) => is_array( $token ) ? $token[1] : $token, $tokens ) );
	}

	/**
	 * The name an argument gives, as far as it can be read: the value of a string or a class
	 * constant, and whether more is appended to it (an id or hash). Null when it starts with
	 * anything else (a variable, a call).
	 *
	 * @param list<array{0: int, 1: string}|string> $tokens The argument.
	 * @param string                                $file   The file it is in.
	 * @return array{string, bool}|null The name or its start, and whether it is only a start.
	 */
	private static function resolve( array $tokens, string $file ): ?array {
		$first = $tokens[0] ?? null;
		$used  = 1;
		if ( is_array( $first ) && T_CONSTANT_ENCAPSED_STRING === $first[0] ) {
			$value = stripslashes( substr( $first[1], 1, -1 ) );
		} elseif ( is_array( $first ) && in_array( $first[0], array( T_STRING, T_STATIC, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED ), true ) && is_array( $tokens[1] ?? null ) && T_DOUBLE_COLON === $tokens[1][0] && is_array( $tokens[2] ?? null ) && T_STRING === $tokens[2][0] && '(' !== ( $tokens[3] ?? null ) ) {
			$class = self::class_name( $first[1], $file );
			$value = ( new \ReflectionClassConstant( $class, $tokens[2][1] ) )->getValue();
			$used  = 3;
			if ( ! is_string( $value ) ) {
				return null;
			}
		} else {
			return null;
		}
		return array( $value, count( $tokens ) > $used );
	}

	/** The full name of a class as a file names it (self, static, a `use`d or same-namespace name). */
	private static function class_name( string $name, string $file ): string {
		$source = (string) file_get_contents( $file );
		preg_match( '/^namespace\s+([^;]+);/m', $source, $space );
		if ( in_array( strtolower( $name ), array( 'self', 'static' ), true ) ) {
			preg_match( '/^(?:final\s+|abstract\s+)?(?:class|trait|interface|enum)\s+(\w+)/m', $source, $class );
			return $space[1] . '\\' . $class[1];
		}
		if ( str_starts_with( $name, '\\' ) ) {
			return ltrim( $name, '\\' );
		}
		if ( preg_match( '/^use\s+([\w\\\\]+\\\\' . preg_quote( $name, '/' ) . ');/m', $source, $use ) ) {
			return $use[1];
		}
		return $space[1] . '\\' . $name;
	}

	/**
	 * Every name the plugin writes is in Uninstall's lists, so a new option, transient, meta key
	 * or cron event cannot be forgotten there: this fails until it is added.
	 */
	public function test_every_option_transient_meta_key_and_cron_event_the_plugin_writes_is_in_uninstalls_lists(): void {
		$writes = self::writes_in_php();
		$kinds  = array_count_values( array_column( $writes, 'kind' ) );
		$this->assertGreaterThanOrEqual( 5, $kinds['option'] ?? 0, 'The scan finds the plugin\'s option writes.' );
		$this->assertGreaterThanOrEqual( 2, $kinds['cron'] ?? 0, 'And its cron events.' );

		$lists = array(
			'option'    => array( Uninstall::options(), Uninstall::option_prefixes() ),
			'transient' => array( array(), Uninstall::transient_prefixes() ),
			'post meta' => array( array_merge( Uninstall::post_meta(), $this->content_keys() ), array() ),
			'user meta' => array( Uninstall::user_meta(), array() ),
			'cron'      => array( Uninstall::cron_hooks(), array() ),
		);
		$missing    = array();
		$unreadable = array();
		foreach ( $writes as $write ) {
			$name = self::resolve( $write['name'], $write['file'] );
			if ( null === $name ) {
				$unreadable[] = $write['kind'] . ' ' . strtok( $write['where'], ':' ) . ': ' . self::text( $write['name'] );
				continue;
			}
			list( $names, $prefixes ) = $lists[ $write['kind'] ] ?? array( array(), array() );
			list( $value, $partial )  = $name;
			$listed                   = ( ! $partial && in_array( $value, $names, true ) )
				|| array() !== array_filter( $prefixes, static fn( string $prefix ) => str_starts_with( $value, $prefix ) );
			if ( ! $listed ) {
				$missing[] = $write['kind'] . ' ' . ( $partial ? $value . '…' : $value ) . ' (' . $write['where'] . ')';
			}
		}
		$this->assertSame( array(), $missing, 'Written by the plugin and missing from Uninstall\'s lists.' );
		// Names this scan cannot read, each checked by hand: the notice's fields, saved by key from
		// NoticeFields (content, kept); the rate limit's transients, named by RateLimit::key()
		// as RateLimit::PREFIX and a hash (a family Uninstall lists); and OptionLock's own
		// statement, whose names are read where its callers call OptionLock::take().
		sort( $unreadable );
		$this->assertSame(
			array(
				'option OptionLock.php: $name',
				'post meta NoticeEditor.php: $key',
				'transient RateLimit.php: $name',
			),
			$unreadable,
			'A name the scan cannot read: make it a constant, or list it here with why it is covered.'
		);
	}
}
