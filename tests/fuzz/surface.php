<?php
/**
 * The public surface of TenderPress, as the running WordPress knows it, for the fuzz suite:
 * prints JSON with the admin-ajax actions open to visitors, the REST routes of the plugin's
 * namespace and of its post types' and taxonomies' REST bases (methods and arguments), the
 * front-end query variables of those types and the ones the plugin adds, and existing content
 * to fill route placeholders with.
 *
 * Everything is asked of WordPress rather than listed here, so an endpoint a later issue adds is
 * covered without touching the suite. "The plugin's" means code that lives in the plugin: a
 * callback, or a call to register_post_type() / register_taxonomy(), whose file is inside the
 * plugin's folders (or whose class is in the TenderPress\ namespace).
 *
 * Run with the site's environment (TP_DB_FILE, TP_SITE_URL), as the fuzz server runs.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$tenderpress_fuzz_registered = array(
	'post_types' => array(),
	'taxonomies' => array(),
);

/**
 * Whether a file belongs to the plugin: its entry folder or its PSR-4 root, wherever symlinks
 * put them.
 */
function tenderpress_fuzz_is_plugin_file( string $file ): bool {
	static $roots = null;
	if ( ! defined( 'TENDERPRESS_DIR' ) ) {
		// Core registers its own types before any plugin loads.
		return false;
	}
	if ( null === $roots ) {
		$roots = array( realpath( TENDERPRESS_DIR ) );
		if ( class_exists( \TenderPress\Plugin::class ) ) {
			$roots[] = dirname( realpath( ( new ReflectionClass( \TenderPress\Plugin::class ) )->getFileName() ) );
		}
	}
	$real = realpath( $file );
	foreach ( $roots as $root ) {
		if ( $real && str_starts_with( $real, $root . DIRECTORY_SEPARATOR ) ) {
			return true;
		}
	}
	return false;
}

/** Whether a hook callback is the plugin's. */
function tenderpress_fuzz_is_plugin_callback( $callback ): bool {
	try {
		if ( is_array( $callback ) ) {
			$class = is_object( $callback[0] ) ? get_class( $callback[0] ) : (string) $callback[0];
			if ( str_starts_with( ltrim( $class, '\\' ), 'TenderPress\\' ) ) {
				return true;
			}
			$reflection = new ReflectionMethod( $class, $callback[1] );
		} elseif ( is_string( $callback ) && str_contains( $callback, '::' ) ) {
			if ( str_starts_with( ltrim( $callback, '\\' ), 'TenderPress\\' ) ) {
				return true;
			}
			$reflection = new ReflectionMethod( $callback );
		} elseif ( is_object( $callback ) && ! $callback instanceof Closure ) {
			if ( str_starts_with( get_class( $callback ), 'TenderPress\\' ) ) {
				return true;
			}
			$reflection = new ReflectionMethod( $callback, '__invoke' );
		} else {
			$reflection = new ReflectionFunction( $callback );
		}
	} catch ( ReflectionException $e ) {
		return false;
	}
	$file = $reflection->getFileName();
	return $file && tenderpress_fuzz_is_plugin_file( $file );
}

/**
 * Records who registered each post type and taxonomy: the file that called register_*(). Set
 * as pre-initialised hooks (WordPress adopts $wp_filter entries that exist before it loads), so
 * the registrations of every plugin's `init` are seen.
 */
function tenderpress_fuzz_record_registration( string $kind, string $function, string $name ): void {
	global $tenderpress_fuzz_registered;
	// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- who called register_*() is the point.
	foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ) as $frame ) {
		if ( ( $frame['function'] ?? '' ) === $function && isset( $frame['file'] ) && tenderpress_fuzz_is_plugin_file( $frame['file'] ) ) {
			$tenderpress_fuzz_registered[ $kind ][ $name ] = true;
			return;
		}
	}
}

$GLOBALS['wp_filter'] = array(
	'registered_post_type' => array(
		10 => array(
			array(
				'function'      => static function ( $name ) {
					tenderpress_fuzz_record_registration( 'post_types', 'register_post_type', $name );
				},
				'accepted_args' => 1,
			),
		),
	),
	'registered_taxonomy'  => array(
		10 => array(
			array(
				'function'      => static function ( $name ) {
					tenderpress_fuzz_record_registration( 'taxonomies', 'register_taxonomy', $name );
				},
				'accepted_args' => 1,
			),
		),
	),
);

$_SERVER['HTTP_HOST'] = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888', PHP_URL_HOST );
define( 'WP_USE_THEMES', false );
require ( getenv( 'TP_SITE_DIR' ) ?: __DIR__ . '/../../.wp/site' ) . '/wp-load.php';

$post_types = array_map( 'get_post_type_object', array_keys( $tenderpress_fuzz_registered['post_types'] ) );
$taxonomies = array_map( 'get_taxonomy', array_keys( $tenderpress_fuzz_registered['taxonomies'] ) );

$ajax = array();
foreach ( $GLOBALS['wp_filter'] as $hook => $wp_hook ) {
	if ( ! str_starts_with( $hook, 'wp_ajax_nopriv_' ) ) {
		continue;
	}
	foreach ( $wp_hook->callbacks as $callbacks ) {
		foreach ( $callbacks as $callback ) {
			if ( tenderpress_fuzz_is_plugin_callback( $callback['function'] ) ) {
				$ajax[] = substr( $hook, strlen( 'wp_ajax_nopriv_' ) );
				continue 3;
			}
		}
	}
}

// Where each type's routes live, and what fills a placeholder in them.
$bases = array();
foreach ( $post_types as $type ) {
	if ( $type->show_in_rest ) {
		$bases[] = array(
			'prefix' => '/' . ( $type->rest_namespace ?: 'wp/v2' ) . '/' . ( $type->rest_base ?: $type->name ),
			'kind'   => 'post',
			'name'   => $type->name,
		);
	}
}
foreach ( $taxonomies as $taxonomy ) {
	if ( $taxonomy->show_in_rest ) {
		$bases[] = array(
			'prefix' => '/' . ( $taxonomy->rest_namespace ?: 'wp/v2' ) . '/' . ( $taxonomy->rest_base ?: $taxonomy->name ),
			'kind'   => 'term',
			'name'   => $taxonomy->name,
		);
	}
}

/** The parts of an argument's schema that say what a valid value looks like. */
function tenderpress_fuzz_schema( array $arg ): array {
	return array_intersect_key( $arg, array_flip( array( 'type', 'enum', 'format', 'required', 'items', 'properties', 'minimum', 'maximum', 'pattern' ) ) );
}

$routes = array();
foreach ( rest_get_server()->get_routes() as $route => $handlers ) {
	$owner = null;
	foreach ( $bases as $base ) {
		if ( $route === $base['prefix'] || str_starts_with( $route, $base['prefix'] . '/' ) ) {
			$owner = $base;
		}
	}
	if ( null === $owner && ! preg_match( '#^/tenderpress#', $route ) ) {
		continue;
	}
	foreach ( $handlers as $handler ) {
		$routes[] = array(
			'route'   => $route,
			'owner'   => $owner ? array( 'kind' => $owner['kind'], 'name' => $owner['name'] ) : null,
			'methods' => array_keys( array_filter( $handler['methods'] ) ),
			'args'    => array_map( 'tenderpress_fuzz_schema', $handler['args'] ?? array() ),
		);
	}
}

$query_vars = array();
foreach ( array_merge( $post_types, $taxonomies ) as $object ) {
	if ( $object->query_var && $object->public ) {
		$query_vars[ $object->query_var ] = array(
			'name'  => $object->query_var,
			'owner' => array(
				'kind' => $object instanceof WP_Post_Type ? 'post' : 'term',
				'name' => $object->name,
			),
		);
	}
}
$core_vars = $GLOBALS['wp']->public_query_vars;
if ( isset( $GLOBALS['wp_filter']['query_vars'] ) ) {
	foreach ( $GLOBALS['wp_filter']['query_vars']->callbacks as $callbacks ) {
		foreach ( $callbacks as $callback ) {
			if ( tenderpress_fuzz_is_plugin_callback( $callback['function'] ) ) {
				foreach ( array_diff( (array) call_user_func( $callback['function'], $core_vars ), $core_vars ) as $name ) {
					$query_vars[ $name ] ??= array(
						'name'  => $name,
						'owner' => null,
					);
				}
			}
		}
	}
}

// The listing's filter and sort arguments: read from the URL by the plugin itself (not query
// variables, so WordPress does not list them), on the notice archive.
$filter_args = array();
if ( class_exists( \TenderPress\Listings\NoticeFilters::class ) ) {
	$archive = wp_make_link_relative( (string) get_post_type_archive_link( \TenderPress\Content\NoticePostType::POST_TYPE ) );
	foreach ( \TenderPress\Listings\NoticeFilters::ARGS as $name ) {
		if ( ! isset( $query_vars[ $name ] ) ) {
			$filter_args[] = array(
				'name' => $name,
				'path' => $archive,
			);
		}
	}
}

// Settings that open a door to an endpoint are turned on, so what stands behind the door is
// fuzzed and not only the door: share counts collected in browsers (share.collect) let visitors
// send counts to tenderpress_save_<network>_shares. Showing counts (share.counts) stays off: it
// would schedule the background refresh, whose requests have nothing to do with the inputs.
// Saved through the Settings API, as the settings screen saves them.
$tenderpress_fuzz_share = array();
foreach ( TenderPress\Settings\Settings::section( TenderPress\Islands\Share::SECTION )->fields as $tenderpress_fuzz_id => $tenderpress_fuzz_field ) {
	$tenderpress_fuzz_share[ $tenderpress_fuzz_id ] = TenderPress\Settings\Settings::get( TenderPress\Islands\Share::SECTION, $tenderpress_fuzz_id );
}
// The sign-in limit counts failures per visitor's address, and every input comes from this one
// machine: after a few, each login and lost-password input would meet the pause and nothing
// behind it. So the site is set up as one behind a proxy: loopback, where the fuzz client
// connects from, is a trusted proxy, and the visitor's address is read from a header, which the
// fuzz client fills with a new address for each request (site.mjs).
// The limit per account still applies; its own tests are PHPUnit's (LoginGuardTest).
$tenderpress_fuzz_accounts = array();
foreach ( TenderPress\Settings\Settings::section( TenderPress\Accounts\LoginGuard::SECTION )->fields as $tenderpress_fuzz_id => $tenderpress_fuzz_field ) {
	$tenderpress_fuzz_accounts[ $tenderpress_fuzz_id ] = TenderPress\Settings\Settings::get( TenderPress\Accounts\LoginGuard::SECTION, $tenderpress_fuzz_id );
}
update_option(
	TenderPress\Settings\Settings::OPTION,
	array(
		TenderPress\Islands\Share::SECTION          => array_merge( $tenderpress_fuzz_share, array( 'collect' => true ) ),
		TenderPress\Accounts\LoginGuard::SECTION => array_merge(
			$tenderpress_fuzz_accounts,
			array(
				'trustedProxies' => '127.0.0.0/8, ::1',
				'proxyHeader'    => 'X-Fuzz-Client',
				'attempts'       => 50,
			)
		),
	) + (array) get_option( TenderPress\Settings\Settings::OPTION, array() )
);

// A push subscription of another browser's: the push routes' valid examples name it with keys of
// their own, which the routes refuse (403) without changing it, as they refuse anyone who does not
// hold a subscription's auth secret. A valid subscription of the fuzz client's own would be stored
// once and then changed by every mutation that is still a valid subscription.
list( , $tenderpress_fuzz_point ) = TenderPress\Push\P256::generate();
$tenderpress_fuzz_endpoint       = 'https://updates.push.services.mozilla.com/wpush/v2/fuzz-other-browser';
TenderPress\Push\SubscriptionStore::insert( $tenderpress_fuzz_endpoint, TenderPress\Support\Base64Url::encode( $tenderpress_fuzz_point ), TenderPress\Support\Base64Url::encode( random_bytes( 16 ) ), TenderPress\Push\SubscriptionTopics::none() );

// Existing content, newest first, so placeholders name things that exist; and the nonces a
// visitor's page carries (this script runs as no user, as a visitor is).
$content = array(
	'push'   => array( 'endpoint' => $tenderpress_fuzz_endpoint ),
	'posts'  => array(),
	'terms'  => array(),
	'nonces' => array(
		TenderPress\Ajax\SaveShares::NONCE => wp_create_nonce( TenderPress\Ajax\SaveShares::NONCE ),
		TenderPress\Ajax\GetToken::NONCE   => wp_create_nonce( TenderPress\Ajax\GetToken::NONCE ),
	),
);
foreach ( $post_types as $type ) {
	$posts = get_posts(
		array(
			'post_type'        => $type->name,
			'post_status'      => 'publish',
			'numberposts'      => 1,
			'suppress_filters' => false,
		)
	);
	if ( $posts ) {
		$revisions = wp_get_post_revisions( $posts[0]->ID, array( 'posts_per_page' => 1 ) );
		$content['posts'][ $type->name ] = array(
			'id'       => $posts[0]->ID,
			'slug'     => $posts[0]->post_name,
			'revision' => $revisions ? reset( $revisions )->ID : null,
		);
	}
}
foreach ( $taxonomies as $taxonomy ) {
	$terms = get_terms(
		array(
			'taxonomy'   => $taxonomy->name,
			'hide_empty' => true,
			'number'     => 1,
			'orderby'    => 'count',
			'order'      => 'DESC',
		)
	);
	if ( $terms && ! is_wp_error( $terms ) ) {
		$content['terms'][ $taxonomy->name ] = array(
			'id'   => $terms[0]->term_id,
			'slug' => $terms[0]->slug,
		);
	}
}

echo wp_json_encode(
	array(
		'post_types' => wp_list_pluck( $post_types, 'name' ),
		'taxonomies' => wp_list_pluck( $taxonomies, 'name' ),
		'ajax'       => array_values( array_unique( $ajax ) ),
		'routes'     => $routes,
		'query_vars'  => array_values( $query_vars ),
		'filter_args' => $filter_args,
		'content'     => $content,
	),
	JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
);
