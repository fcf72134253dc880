<?php
namespace TenderPress\Islands;

use WP_HTML_Tag_Processor;
use WP_Scripts;

/**
 * Loads islands on the pages that have them, and nowhere else.
 *
 * Islands call use() while they render; at wp_footer, if any did, this prints one JSON config and
 * the islands runtime as a module script (deferred by nature, never render-blocking). The config
 * tells the runtime, per island, its chunk URL and the WordPress scripts (React through
 * wp-element, api-fetch, i18n) to load first, in order, so React arrives only when the first
 * island mounts. A page where no island rendered gets no first-party script at all.
 *
 * Every tag goes through WordPress's own helpers, and each script the runtime adds later carries
 * the attributes those helpers' filters gave it, so a nonce-based Content-Security-Policy (whose
 * plugins add the nonce in wp_script_attributes and wp_inline_script_attributes) keeps working.
 */
final class IslandAssets {

	/** Scripts modern (module-capable) browsers never need; WordPress lists them as React's deps. */
	private const SKIPPED_HANDLES = array( 'wp-polyfill', 'regenerator-runtime' );

	/**
	 * Attributes a script filter may add that the runtime copies onto the elements it creates:
	 * the nonce of a Content-Security-Policy, and what Subresource Integrity and the fetch of a
	 * file need. Anything else (type, async, defer, event handlers) would change how or whether the
	 * script runs, which stays the runtime's decision.
	 */
	private const FILTERED_ATTRIBUTES = array( 'nonce', 'integrity', 'crossorigin', 'referrerpolicy' );

	/** @var self|null */
	private static $instance;

	/** @var array<string, true> Islands rendered on this page. */
	private $used = array();

	/**
	 * @var array<string, string> The island containers rendered for this page: each one's token
	 *                            (data-tp-instance) => its island. The runtime mounts no other.
	 */
	private $instances = array();

	/** @var array<string, array{file:string, dependencies:list<string>}>|null */
	private $manifest;

	/** @var array<string, array{module:string, dependencies:list<string>}> Islands added by themes or other plugins. */
	private $extra = array();

	public static function instance(): self {
		return self::$instance ??= new self();
	}

	public function register(): void {
		add_action( 'wp_footer', array( $this, 'print_runtime' ), 20 );
	}

	/** Marks an island as present on this page so its runtime and config get printed. */
	public function use( string $island ): void {
		$this->used[ $island ] = true;
	}

	/** @return list<string> Islands rendered on this page so far. */
	public function used(): array {
		return array_keys( $this->used );
	}

	/**
	 * Records one container of an island rendered for this page, and gives the token it carries
	 * (data-tp-instance). Random, so no one writing a post can know it before the page is
	 * rendered: the runtime mounts only containers whose token the page's config lists.
	 *
	 * @param string $island The island's name.
	 */
	public function add_instance( string $island ): string {
		$token                     = bin2hex( random_bytes( 12 ) );
		$this->instances[ $token ] = $island;
		$this->use( $island );
		return $token;
	}

	/**
	 * The containers rendered so far, token => island. A cache of rendered markup keeps, with
	 * the markup, the ones rendered while it was made (`array_slice( instances(), $before )`)
	 * and gives them back to adopt() when it serves that markup to another request.
	 *
	 * @return array<string, string>
	 */
	public function instances(): array {
		return $this->instances;
	}

	/**
	 * Lists on this page containers that an earlier request rendered: markup from a cache of
	 * rendered fragments, printed again. Only the server's cache may call it, with what
	 * instances() gave when the fragment was made; never with anything read from the markup.
	 *
	 * @param array<string, string> $instances Token => island.
	 */
	public function adopt( array $instances ): void {
		foreach ( $instances as $token => $island ) {
			$this->instances[ (string) $token ] = $island;
			$this->use( $island );
		}
	}

	/** Forgets which islands rendered (a new request in long-running tests). */
	public function reset(): void {
		$this->used      = array();
		$this->instances = array();
	}

	/**
	 * Lets a theme or plugin ship its own island, or replace one of ours, by chunk URL.
	 *
	 * @param string       $island       Name used in data-tp-island.
	 * @param string       $module_url   URL of an ES module whose default export is the island definition.
	 * @param list<string> $dependencies WordPress script handles it needs first (for example wp-element).
	 */
	public function add_island( string $island, string $module_url, array $dependencies = array( 'wp-element' ) ): void {
		$this->extra[ sanitize_key( $island ) ] = array(
			'module'       => esc_url_raw( $module_url ),
			'dependencies' => array_map( 'sanitize_key', $dependencies ),
		);
	}

	/** @return array<string, array{file:string, dependencies:list<string>}> */
	public function manifest(): array {
		if ( null === $this->manifest ) {
			$file           = TENDERPRESS_DIR . '/build/assets.json';
			$data           = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of this plugin's build, never a URL.
			$this->manifest = is_array( $data ) ? $data : array();
		}
		return $this->manifest;
	}

	/**
	 * The code of one of the build's classic scripts that PHP prints inline (lazy media, the push
	 * prompt's reveal script), read once per request; '' when the plugin was not built.
	 *
	 * @param string $file Its path under build/.
	 */
	public static function inline_script( string $file ): string {
		static $code = array();
		if ( ! isset( $code[ $file ] ) ) {
			$path          = TENDERPRESS_DIR . '/build/' . ltrim( $file, '/' );
			$code[ $file ] = is_readable( $path ) ? trim( (string) file_get_contents( $path ) ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of this plugin's build, never a URL.
		}
		return $code[ $file ];
	}

	public function build_url( string $file ): string {
		return plugins_url( 'build/' . ltrim( $file, '/' ), TENDERPRESS_FILE );
	}

	/**
	 * The config the runtime reads: islands present on this page and the scripts each needs.
	 *
	 * @return array<string, mixed>
	 */
	public function config(): array {
		$manifest = $this->manifest();
		$islands  = array();
		$scripts  = array();
		$shared   = $manifest['runtime/mount']['dependencies'] ?? array( 'wp-element' );
		foreach ( array_keys( $this->used ) as $island ) {
			if ( isset( $this->extra[ $island ] ) ) {
				// Its module is outside the build, where the runtime imports nothing from the
				// config: print_runtime() registers it in JavaScript instead.
				$module       = null;
				$dependencies = $this->extra[ $island ]['dependencies'];
				$preload      = null;
			} elseif ( isset( $manifest[ $island ] ) ) {
				$module       = $this->build_url( $manifest[ $island ]['file'] );
				$dependencies = $manifest[ $island ]['dependencies'];
				$preload      = $this->module_urls( $manifest[ $island ] );
			} else {
				continue;
			}
			$ordered = $this->resolve_scripts( array_merge( $shared, $dependencies ) );
			foreach ( $ordered as $handle => $script ) {
				$scripts[ $handle ] = $script;
			}
			$islands[ $island ] = array_filter(
				array(
					'module'  => $module,
					'scripts' => array_keys( $ordered ),
					'preload' => $preload,
					// Its early module, when it has one (runtime/types.ts EarlyPainter): one
					// file the runtime fetches at the first intent, beside the page's request.
					'early'   => null !== $module && isset( $manifest[ $island . '/early' ] ) ? $this->build_url( $manifest[ $island . '/early' ]['file'] ) : null,
				),
				static fn( $value ): bool => null !== $value
			);
		}
		$mount_scripts = $this->resolve_scripts( $shared );
		return array(
			'mount'        => isset( $manifest['runtime/mount'] ) ? $this->build_url( $manifest['runtime/mount']['file'] ) : '',
			'mountScripts' => array_keys( $mount_scripts ),
			'mountPreload' => isset( $manifest['runtime/mount'] ) ? $this->module_urls( $manifest['runtime/mount'] ) : array(),
			// Runs WordPress's scripts in order: imported at the first intent, beside them.
			'load'         => isset( $manifest['runtime/load'] ) ? $this->build_url( $manifest['runtime/load']['file'] ) : '',
			// An object, also when empty (JSON's [] would be a list).
			'instances'    => (object) $this->instances,
			'islands'      => $islands,
			'scripts'      => $scripts + $mount_scripts,
		);
	}

	/**
	 * A built module and every chunk it imports, however deep (build/assets.json lists them).
	 *
	 * @param array{file:string, imports?:list<string>} $entry
	 * @return list<string>
	 */
	private function module_urls( array $entry ): array {
		return array_map( array( $this, 'build_url' ), array_merge( array( $entry['file'] ), $entry['imports'] ?? array() ) );
	}

	public function print_runtime(): void {
		$manifest = $this->manifest();
		if ( ! $this->used || ! isset( $manifest['runtime'] ) ) {
			return;
		}
		wp_print_inline_script_tag(
			(string) wp_json_encode( $this->config(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES ),
			array(
				'type' => 'application/json',
				'id'   => 'tenderpress-islands',
			)
		);
		// Islands a theme or plugin added by URL (add_island()), registered before the runtime
		// runs (it drains window.tenderpressQueue first): the runtime itself imports modules from
		// the build only. Printed by the server, so a nonce-based policy trusts them like the rest.
		foreach ( $this->extra as $island => $extra ) {
			if ( isset( $this->used[ $island ] ) ) {
				wp_print_inline_script_tag(
					sprintf(
						'(window.tenderpressQueue=window.tenderpressQueue||[]).push(function(t){t.register(%s,function(){return import(%s)})});',
						wp_json_encode( $island, JSON_HEX_TAG | JSON_HEX_AMP ),
						wp_json_encode( $extra['module'], JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES )
					)
				);
			}
		}
		// As WordPress prints its own script modules: the filters apply, and the type stays "module".
		wp_print_script_tag(
			array(
				'type' => 'module',
				'src'  => esc_url_raw( $this->build_url( $manifest['runtime']['file'] ) ),
				'id'   => 'tenderpress-runtime',
			)
		);
	}

	/**
	 * Orders WordPress script handles with their dependencies first, as WP_Scripts would print
	 * them, skipping what this page already printed.
	 *
	 * @param list<string> $handles
	 * @return array<string, array<string, mixed>> Per handle, as describe_script() gives it.
	 */
	private function resolve_scripts( array $handles ): array {
		$wp_scripts = wp_scripts();
		$ordered    = array();
		$visit      = function ( string $handle ) use ( &$visit, &$ordered, $wp_scripts ): void {
			if ( isset( $ordered[ $handle ] ) || in_array( $handle, self::SKIPPED_HANDLES, true ) || in_array( $handle, $wp_scripts->done, true ) ) {
				return;
			}
			$registered = $wp_scripts->registered[ $handle ] ?? null;
			if ( ! $registered ) {
				return;
			}
			foreach ( $registered->deps as $dependency ) {
				$visit( $dependency );
			}
			$ordered[ $handle ] = $this->describe_script( $wp_scripts, $handle );
		};
		foreach ( $handles as $handle ) {
			$visit( $handle );
		}
		return $ordered;
	}

	/**
	 * What the runtime needs to add one script as WP_Scripts would print it: the file, its inline
	 * code, and the attributes WordPress's filters give each of those tags, only where they gave any.
	 *
	 * @return array{src?:string, translations?:string, before?:string, after?:string, attributes?:array<string, array<string, string>>}
	 */
	private function describe_script( WP_Scripts $wp_scripts, string $handle ): array {
		$registered = $wp_scripts->registered[ $handle ];
		$script     = array();
		$attributes = array();
		if ( $registered->src ) {
			$src = $registered->src;
			if ( ! preg_match( '|^(https?:)?//|', $src ) ) {
				$src = $wp_scripts->base_url . $src;
			}
			// As WP_Scripts::do_item(): null means no version; false or empty, WordPress's own.
			$version           = null === $registered->ver ? '' : ( $registered->ver ? $registered->ver : $wp_scripts->default_version );
			$src               = $version ? add_query_arg( 'ver', $version, $src ) : $src;
			$script['src']     = (string) apply_filters( 'script_loader_src', $src, $handle ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as WP_Scripts applies it.
			$attributes['src'] = $this->filtered_attributes(
				wp_get_script_tag(
					array(
						'src' => $script['src'],
						'id'  => "{$handle}-js",
					)
				)
			);
		}
		// In the order WP_Scripts prints them, each with the id it gives it.
		$translations = $wp_scripts->print_translations( $handle, false );
		$inline       = array(
			'translations' => is_string( $translations ) ? $translations : '',
			'before'       => $wp_scripts->get_inline_script_data( $handle, 'before' ),
			'after'        => $wp_scripts->get_inline_script_data( $handle, 'after' ),
		);
		foreach ( array_filter( $inline ) as $part => $code ) {
			$script[ $part ]     = $code;
			$attributes[ $part ] = $this->filtered_attributes( wp_get_inline_script_tag( $code, array( 'id' => "{$handle}-js-{$part}" ) ) );
		}
		$attributes = array_filter( $attributes );
		if ( $attributes ) {
			$script['attributes'] = $attributes;
		}
		return $script;
	}

	/**
	 * The allowed attributes of a tag printed by WordPress's own helper, so every filter on it has
	 * run exactly as for the scripts WordPress prints itself.
	 *
	 * @return array<string, string>
	 */
	private function filtered_attributes( string $tag ): array {
		$processor  = new WP_HTML_Tag_Processor( $tag );
		$attributes = array();
		if ( $processor->next_tag( array( 'tag_name' => 'script' ) ) ) {
			foreach ( self::FILTERED_ATTRIBUTES as $name ) {
				$value = $processor->get_attribute( $name );
				if ( null !== $value ) {
					// A bare attribute (crossorigin) means its empty value.
					$attributes[ $name ] = true === $value ? '' : $value;
				}
			}
		}
		return $attributes;
	}
}
