<?php
namespace TenderPress\Tests;

use TenderPress\Islands\BackToTop;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\IslandContainer;

/**
 * The islands contract as the browser receives it: a container the runtime finds
 * (data-tp-island, data-tp-when), server markup that works without JavaScript, props as
 * HEX-escaped JSON that no string can break out of, safe fallbacks for bad block attributes,
 * and the runtime plus its config printed only on pages where an island rendered.
 */
final class IslandMarkupTest extends TestCase {

	private const PAYLOAD = '</script><script>alert(1)</script>';

	/** @return array<string, mixed> The island's props, parsed as the runtime parses them. */
	private function props( string $html ): array {
		$this->assertSame( 1, preg_match_all( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $matches ), 'One props script per island.' );
		$props = json_decode( $matches[1][0], true );
		$this->assertIsArray( $props, 'Props are valid JSON.' );
		return $props;
	}

	/** @return array<string, mixed> */
	private function islands_config( string $printed ): array {
		$this->assertSame( 1, preg_match( '#<script type="application/json" id="tenderpress-islands">(.*?)</script>#s', $printed, $match ) );
		$config = json_decode( $match[1], true );
		$this->assertIsArray( $config );
		return $config;
	}

	private function printed_runtime(): string {
		ob_start();
		IslandAssets::instance()->print_runtime();
		return (string) ob_get_clean();
	}

	public function test_menu_renders_a_no_js_drawer_with_the_seeded_menu(): void {
		$html = do_blocks( '<!-- wp:tenderpress/menu /-->' );
		$dom = new Html( $html );

		$nav = $dom->one( '//nav[@data-tp-island="mobile-menu"]' );
		$this->assertNotNull( $nav, 'The container is a <nav> the runtime can find.' );
		$this->assertSame( 'interaction', $nav->getAttribute( 'data-tp-when' ) );
		$this->assertSame( 'Primary', $nav->getAttribute( 'aria-label' ) );

		$summary = $dom->one( './details/summary', $nav );
		$this->assertNotNull( $summary, 'Without JavaScript the menu is a <details> drawer.' );
		$this->assertSame( 'Menu', trim( $summary->textContent ) );

		$top = $dom->all( './details/ul/li', $nav );
		$this->assertSame( array( 'Home', 'Tenders', 'Locations', 'How to bid', 'News and guides', 'About', 'Contact' ), array_map( static fn( $li ) => $dom->text( './a', $li ), $top ) );
		$sub_links = $dom->all( './/ul[' . Html::has_class( 'tp-mobile-menu__submenu' ) . ']/li/a', $nav );
		$this->assertCount( 14, $sub_links, 'Every submenu link is in the server markup.' );
		foreach ( $dom->all( './/a', $nav ) as $link ) {
			// The seeded custom links are root-relative, so they follow the port the site runs on.
			$this->assertMatchesRegularExpression( '#^(' . preg_quote( home_url( '/' ), '#' ) . '|/(?!/))#', $link->getAttribute( 'href' ), 'Every link leads into this site.' );
		}
	}

	public function test_menu_props_are_the_menu_tree(): void {
		$props = $this->props( do_blocks( '<!-- wp:tenderpress/menu /-->' ) );

		$this->assertSame( 'Primary', $props['label'] );
		$this->assertSame( 'Menu', $props['toggleLabel'] );
		$this->assertSame( 'Submenu of %s', $props['submenuLabel'] );
		$this->assertCount( 7, $props['items'] );
		foreach ( $props['items'] as $item ) {
			$this->assertSame( array( 'id', 'title', 'url', 'current', 'children' ), array_keys( $item ) );
			$this->assertIsInt( $item['id'] );
			$this->assertIsBool( $item['current'] );
		}
		$children = array_column( $props['items'], 'children', 'title' );
		$this->assertSame( array( 'Closing soon', 'Civil Works', 'Electrical', 'IT and Software', 'Medical Equipment', 'Consultancy', 'Expressions of interest', 'Deadline calendar' ), array_column( $children['Tenders'], 'title' ) );
		$this->assertSame( array( 'Maharashtra', 'Karnataka', 'Delhi', 'Kerala' ), array_column( $children['Locations'], 'title' ) );
		$this->assertSame( array( 'Registering as a bidder', 'Bid security (EMD) explained' ), array_column( $children['How to bid'], 'title' ) );
		$this->assertSame( array(), $children['About'] );
		$this->assertSame( home_url( '/tender-location/kerala/' ), $children['Locations'][3]['url'] );
		$this->assertSame( array(), $children['Locations'][3]['children'] );
	}

	public function test_a_hostile_menu_item_cannot_break_out_of_the_props(): void {
		$this->log_in_as( 'administrator' ); // May store any title, script included.
		$menu = get_nav_menu_locations()['primary'];
		wp_update_nav_menu_item(
			$menu,
			0,
			array(
				'menu-item-title'  => 'Offers ' . self::PAYLOAD . ' & "deals"',
				'menu-item-url'    => home_url( '/offers/' ),
				'menu-item-type'   => 'custom',
				'menu-item-status' => 'publish',
			)
		);

		$html = do_blocks( '<!-- wp:tenderpress/menu {"label":"Main ' . addslashes( self::PAYLOAD ) . '"} /-->' );

		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringNotContainsString( '</script><script>', $html );
		$this->assertSame( 1, substr_count( $html, '</script>' ), 'Only the props script closes a script.' );
		$props = $this->props( $html );
		$titles = array_column( $props['items'], 'title' );
		$this->assertContains( 'Offers  & "deals"', $titles );
		$this->assertSame( 'Main', $props['label'] );
		$this->assertStringContainsString( '\u0026 \u0022deals\u0022', $html, 'Quotes and ampersands are HEX-escaped in the JSON.' );
		$this->assertStringContainsString( '>Offers  &amp; &quot;deals&quot;</a>', $html );
	}

	public function test_props_json_is_hex_escaped_so_any_string_round_trips(): void {
		$tricky = array(
			'payload' => self::PAYLOAD,
			'comment' => '<!--<script>',
			'quotes'  => "it's \"quoted\" & <b>bold</b>",
		);

		$html = IslandContainer::render( 'back-to-top', '<a href="#top">Top</a>', $tricky );

		$this->assertStringNotContainsString( '</script><script>', $html );
		$this->assertStringNotContainsString( '<!--', $html );
		$this->assertSame( 1, substr_count( $html, '</script>' ) );
		$this->assertStringContainsString( '\u003C\/script\u003E', $html );
		$this->assertSame( $tricky, $this->props( $html ), 'The island gets back exactly the strings the server meant.' );
		$this->assertSame( array( 'back-to-top' ), IslandAssets::instance()->used() );
	}

	public function test_unknown_strategy_and_tag_fall_back(): void {
		$html = IslandContainer::render( 'back-to-top', '', array(), array( 'when' => 'never', 'tag' => 'script' ) );
		$this->assertMatchesRegularExpression( '#^<div class="tp-back-to-top" data-tp-island="back-to-top" data-tp-instance="[0-9a-f]{24}" data-tp-when="idle">#', $html );
	}

	public function test_intent_options_become_the_runtime_attributes_and_a_filter_can_change_them(): void {
		$html = IslandContainer::render( 'demo', '<a href="/p/2/">2</a>', array(), array( 'when' => 'interaction', 'intent' => '.pages', 'replay' => 'a[href]' ) );
		$dom = new Html( $html );
		$container = $dom->one( '//div[@data-tp-island="demo"]' );
		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ) );
		$this->assertSame( '.pages', $container->getAttribute( 'data-tp-intent' ) );
		$this->assertSame( 'a[href]', $container->getAttribute( 'data-tp-replay' ) );
		$this->assertFalse( $container->hasAttribute( 'data-tp-scroll' ), 'Only the scroll strategy has a threshold.' );

		$load_at_once = static fn( $options, $island ) => 'demo' === $island ? array( 'when' => 'load' ) + $options : $options;
		add_filter( 'tenderpress_island_options', $load_at_once, 10, 2 );
		try {
			$filtered = ( new Html( IslandContainer::render( 'demo', '', array(), array( 'when' => 'scroll', 'scroll' => 300 ) ) ) )->one( '//div' );
			$other = ( new Html( IslandContainer::render( 'other', '', array(), array( 'when' => 'scroll', 'scroll' => 300 ) ) ) )->one( '//div' );
		} finally {
			remove_filter( 'tenderpress_island_options', $load_at_once, 10 );
		}
		$this->assertSame( 'load', $filtered->getAttribute( 'data-tp-when' ) );
		$this->assertSame( 'scroll', $other->getAttribute( 'data-tp-when' ) );
		$this->assertSame( '300', $other->getAttribute( 'data-tp-scroll' ) );
	}

	public function test_extra_attributes_cannot_replace_the_runtime_attributes(): void {
		$html = IslandContainer::render(
			'demo',
			'<p>x</p>',
			array(),
			array(
				'when'       => 'visible',
				'attributes' => array(
					'data-tp-when'   => '__proto__',
					'data-tp-island' => 'other',
					'aria-label'     => 'Demo',
				),
			)
		);
		$this->assertStringContainsString( 'data-tp-when="visible"', $html );
		$this->assertStringContainsString( 'data-tp-island="demo"', $html );
		$this->assertStringNotContainsString( '__proto__', $html );
		$this->assertStringContainsString( 'aria-label="Demo"', $html );
	}

	public function test_back_to_top_is_a_plain_link_to_the_top(): void {
		$html = do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );
		$dom = new Html( $html );

		$container = $dom->one( '//div[@data-tp-island="back-to-top"]' );
		$this->assertNotNull( $container );
		$this->assertSame( 'scroll', $container->getAttribute( 'data-tp-when' ), 'React waits until the visitor has scrolled.' );
		$this->assertSame( '400', $container->getAttribute( 'data-tp-scroll' ), 'As far as the link waits to appear.' );
		$this->assertSame( 'a', $container->getAttribute( 'data-tp-replay' ), 'A click before the island mounts is replayed.' );
		$link = $dom->one( './a[@href="#top"]', $container );
		$this->assertNotNull( $link, 'Without JavaScript it is a link to #top.' );
		$this->assertSame( 'Back to top', trim( $link->textContent ) );
		$this->assertSame(
			array(
				'label'     => 'Back to top',
				'speed'     => 400,
				'showAfter' => 400,
				'targetId'  => 'top',
			),
			$this->props( $html )
		);
	}

	/** @return array<string, array<string, mixed>> The back-to-top block's attribute schemas. */
	private function back_to_top_attributes(): array {
		return json_decode( (string) file_get_contents( TENDERPRESS_DIR . '/blocks/back-to-top/block.json' ), true )['attributes'];
	}

	/**
	 * WordPress drops block attributes its schema (block.json) refuses before the block renders,
	 * so the island gets the defaults.
	 *
	 * @dataProvider bad_back_to_top_attributes
	 */
	public function test_bad_back_to_top_attributes_fall_back_to_the_defaults( string $attributes ): void {
		$html = do_blocks( '<!-- wp:tenderpress/back-to-top ' . $attributes . ' /-->' );
		$props = $this->props( $html );
		$schema = $this->back_to_top_attributes();

		$this->assertSame( $schema['speed']['default'], $props['speed'] );
		$this->assertSame( $schema['showAfter']['default'], $props['showAfter'] );
		$this->assertSame( $schema['targetId']['default'], $props['targetId'] );
		$this->assertStringContainsString( 'href="#' . $schema['targetId']['default'] . '"', $html );
		$this->assertStringNotContainsString( '<script>', $html );
	}

	public function bad_back_to_top_attributes(): array {
		return array(
			'speed not a number'  => array( '{"speed":"abc","targetId":"x y<script>"}' ),
			'negative numbers'    => array( '{"speed":-5,"showAfter":-100}' ),
			'huge numbers'        => array( '{"speed":999999,"showAfter":999999}' ),
			'target with a quote' => array( '{"targetId":"a\" onclick=\"alert(1)"}' ),
			'target is a number'  => array( '{"targetId":7}' ),
		);
	}

	public function test_back_to_top_render_cleans_attributes_given_directly(): void {
		$schema = $this->back_to_top_attributes();
		$props = $this->props( BackToTop::render( array( 'speed' => 'abc', 'showAfter' => array( 1 ), 'targetId' => 'x y<script>' ) ) );
		$this->assertSame( $schema['speed']['default'], $props['speed'] );
		$this->assertSame( $schema['showAfter']['default'], $props['showAfter'] );
		$this->assertSame( $schema['targetId']['default'], $props['targetId'] );

		$props = $this->props( BackToTop::render( array( 'speed' => '250', 'showAfter' => 999999, 'targetId' => 'main-content' ) ) );
		$this->assertSame( 250, $props['speed'] );
		$this->assertSame( $schema['showAfter']['maximum'], $props['showAfter'] );
		$this->assertSame( 'main-content', $props['targetId'] );

		$props = $this->props( BackToTop::render( array( 'speed' => -5, 'showAfter' => '-1' ) ) );
		$this->assertSame( $schema['speed']['minimum'], $props['speed'] );
		$this->assertSame( $schema['showAfter']['minimum'], $props['showAfter'] );
	}

	public function test_the_paginator_names_its_early_module_and_an_island_without_one_does_not(): void {
		$this->make_notice();
		$this->make_notice();
		do_blocks( '<!-- wp:tenderpress/listing {"perPage":1} /--><!-- wp:tenderpress/back-to-top /-->' );
		$config = $this->islands_config( $this->printed_runtime() );
		$manifest = json_decode( (string) file_get_contents( TENDERPRESS_DIR . '/build/assets.json' ), true );
		$build = plugins_url( 'build/', TENDERPRESS_FILE );

		// One file under the build, which the runtime fetches at the first intent on a page link.
		$this->assertSame( $build . $manifest['paginator/early']['file'], $config['islands']['paginator']['early'] );
		$this->assertMatchesRegularExpression( '#/build/paginator/early-[^"/]+\.js$#', $config['islands']['paginator']['early'] );
		$this->assertSame( array(), $manifest['paginator/early']['imports'] );
		$this->assertArrayNotHasKey( 'early', $config['islands']['back-to-top'] );
		// It is no island of its own.
		$this->assertArrayNotHasKey( 'paginator/early', $config['islands'] );
	}

	public function test_the_runtime_and_config_are_printed_for_rendered_islands(): void {
		do_blocks( '<!-- wp:tenderpress/menu /--><!-- wp:tenderpress/back-to-top /-->' );
		$printed = $this->printed_runtime();
		$manifest = json_decode( (string) file_get_contents( TENDERPRESS_DIR . '/build/assets.json' ), true );
		$build = plugins_url( 'build/', TENDERPRESS_FILE );

		$this->assertSame( 1, substr_count( $printed, '<script type="module"' ), 'One module script: the runtime.' );
		$this->assertStringContainsString( '<script type="module" src="' . $build . $manifest['runtime']['file'] . '" id="tenderpress-runtime"></script>', $printed );
		$this->assertMatchesRegularExpression( '#src="[^"]*/build/runtime-[^"/]+\.js"#', $printed );

		$config = $this->islands_config( $printed );
		$this->assertSame( array( 'mobile-menu', 'back-to-top' ), array_keys( $config['islands'] ) );
		$this->assertSame( $build . $manifest['mobile-menu']['file'], $config['islands']['mobile-menu']['module'] );
		$this->assertSame( $build . $manifest['back-to-top']['file'], $config['islands']['back-to-top']['module'] );
		$this->assertSame( $build . $manifest['runtime/mount']['file'], $config['mount'] );
		$this->assertSame( $build . $manifest['runtime/load']['file'], $config['load'], 'The module that runs WordPress\'s scripts in order.' );
		// Each module with the chunks it imports, for the runtime to preload all at once.
		$urls = static fn( array $entry ) => array_map( static fn( $file ) => $build . $file, array_merge( array( $entry['file'] ), $entry['imports'] ) );
		$this->assertSame( $urls( $manifest['back-to-top'] ), $config['islands']['back-to-top']['preload'] );
		$this->assertSame( $urls( $manifest['runtime/mount'] ), $config['mountPreload'] );

		foreach ( array( $config['islands']['mobile-menu']['scripts'], $config['islands']['back-to-top']['scripts'], $config['mountScripts'], array_keys( $config['scripts'] ) ) as $order ) {
			$this->assertNotContains( 'wp-polyfill', $order );
			$react = array_search( 'react', $order, true );
			$react_dom = array_search( 'react-dom', $order, true );
			$element = array_search( 'wp-element', $order, true );
			$this->assertIsInt( $react );
			$this->assertIsInt( $react_dom );
			$this->assertIsInt( $element );
			$this->assertLessThan( $react_dom, $react, 'react comes before react-dom' );
			$this->assertLessThan( $element, $react_dom, 'react-dom comes before wp-element' );
		}
		$this->assertArrayNotHasKey( 'wp-polyfill', $config['scripts'] );
		foreach ( $config['scripts'] as $handle => $script ) {
			$this->assertStringStartsWith( site_url( '/wp-includes/' ), $script['src'], $handle );
		}
	}

	public function test_script_versions_follow_wordpress_rules(): void {
		wp_register_script( 'tp-test-no-version', 'https://cdn.example/a.js', array(), null, true );
		wp_register_script( 'tp-test-core-version', 'https://cdn.example/b.js', array(), false, true );
		wp_register_script( 'tp-test-own-version', 'https://cdn.example/c.js', array(), '2.1', true );
		try {
			IslandAssets::instance()->add_island( 'versions', 'https://cdn.example/island.js', array( 'tp-test-no-version', 'tp-test-core-version', 'tp-test-own-version' ) );
			IslandContainer::render( 'versions', '', array() );
			$scripts = IslandAssets::instance()->config()['scripts'];
		} finally {
			wp_deregister_script( 'tp-test-no-version' );
			wp_deregister_script( 'tp-test-core-version' );
			wp_deregister_script( 'tp-test-own-version' );
		}
		$this->assertSame( 'https://cdn.example/a.js', $scripts['tp-test-no-version']['src'], 'null: no version.' );
		$this->assertSame( 'https://cdn.example/b.js?ver=' . get_bloginfo( 'version' ), $scripts['tp-test-core-version']['src'], 'false: WordPress’s version.' );
		$this->assertSame( 'https://cdn.example/c.js?ver=2.1', $scripts['tp-test-own-version']['src'] );
	}

	public function test_only_the_rendered_island_is_in_the_config(): void {
		do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );
		$this->assertSame( array( 'back-to-top' ), array_keys( $this->islands_config( $this->printed_runtime() )['islands'] ) );
	}

	public function test_nothing_is_printed_on_a_page_without_islands(): void {
		do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );
		IslandAssets::instance()->reset();
		$this->assertSame( '', $this->printed_runtime() );

		do_blocks( '<!-- wp:paragraph --><p>No islands here.</p><!-- /wp:paragraph -->' );
		$this->assertSame( '', $this->printed_runtime() );
	}

	public function test_the_runtime_is_printed_in_the_page_footer(): void {
		$this->assertSame( 20, has_action( 'wp_footer', array( IslandAssets::instance(), 'print_runtime' ) ) );
		do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );

		ob_start();
		do_action( 'wp_footer' );
		$footer = (string) ob_get_clean();

		$this->assertSame( 1, substr_count( $footer, 'id="tenderpress-runtime"' ) );
		$this->assertSame( 1, substr_count( $footer, 'id="tenderpress-islands"' ) );
	}

	/**
	 * Issue 25: the runtime mounts only containers the server rendered for the page. Each gets a
	 * random token that the page's config lists under its island; markup typed into a post can
	 * neither know it beforehand nor add to the list.
	 */
	public function test_every_container_carries_a_fresh_token_that_the_config_lists(): void {
		$first  = new Html( IslandContainer::render( 'back-to-top', '', array() ) );
		$second = new Html( IslandContainer::render( 'back-to-top', '', array() ) );
		$tokens = array(
			$first->one( '//*[@data-tp-island]' )->getAttribute( 'data-tp-instance' ),
			$second->one( '//*[@data-tp-island]' )->getAttribute( 'data-tp-instance' ),
		);
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{24}$/', $tokens[0], '96 random bits: not to be guessed.' );
		$this->assertNotSame( $tokens[0], $tokens[1] );

		$config = $this->islands_config( $this->printed_runtime() );
		$this->assertSame( array_fill_keys( $tokens, 'back-to-top' ), $config['instances'] );

		IslandAssets::instance()->reset();
		IslandContainer::render( 'back-to-top', '', array() );
		$this->assertNotContains( $tokens[0], array_keys( IslandAssets::instance()->instances() ), 'A new request lists only its own containers.' );
	}

	public function test_a_config_without_containers_lists_them_as_an_empty_object(): void {
		IslandAssets::instance()->use( 'back-to-top' );
		$this->assertStringContainsString( '"instances":{}', $this->printed_runtime() );
	}

	/**
	 * A fragment kept in a cache (the object cache, a later request) is printed again in a page
	 * that did not render it: the cache gives back the containers it holds, and they mount.
	 */
	public function test_a_cached_fragment_brings_its_containers_to_the_page_that_prints_it(): void {
		$before   = count( IslandAssets::instance()->instances() );
		$fragment = IslandContainer::render( 'back-to-top', '', array() );
		$kept     = array_slice( IslandAssets::instance()->instances(), $before, null, true );

		IslandAssets::instance()->reset();
		$this->assertSame( '', $this->printed_runtime(), 'A later request that has not printed it has no islands.' );

		IslandAssets::instance()->adopt( $kept );
		$token  = ( new Html( $fragment ) )->one( '//*[@data-tp-island]' )->getAttribute( 'data-tp-instance' );
		$config = $this->islands_config( $this->printed_runtime() );
		$this->assertSame( array( $token => 'back-to-top' ), $config['instances'] );
		$this->assertArrayHasKey( 'back-to-top', $config['islands'] );
	}

	/**
	 * The runtime imports modules from the plugin's build only: an island a theme adds by URL is
	 * registered in JavaScript by a script the server prints, never by a URL in the config.
	 */
	public function test_an_island_added_by_url_is_registered_by_a_printed_script_not_the_config(): void {
		IslandAssets::instance()->add_island( 'countdown', 'https://theme.example/islands/countdown.js?v="1"</script>' );
		IslandContainer::render( 'countdown', '<p>Closes soon</p>', array() );
		$printed = $this->printed_runtime();

		$config = $this->islands_config( $printed );
		$this->assertArrayNotHasKey( 'module', $config['islands']['countdown'] );
		$this->assertArrayNotHasKey( 'preload', $config['islands']['countdown'] );
		$this->assertContains( 'wp-element', $config['islands']['countdown']['scripts'] );

		$dom      = new Html( $printed );
		$scripts  = $dom->all( '//script' );
		$register = $scripts[1] ?? null;
		$this->assertNotNull( $register );
		$this->assertSame( '', $register->getAttribute( 'type' ) );
		$this->assertStringContainsString( 't.register("countdown",function(){return import(', $register->textContent );
		$this->assertStringContainsString( esc_url_raw( 'https://theme.example/islands/countdown.js?v="1"</script>' ), json_decode( (string) preg_replace( '/^.*import\((".*?")\).*$/s', '$1', $register->textContent ) ) );
		$this->assertSame( 'tenderpress-runtime', $scripts[2]->getAttribute( 'id' ), 'Registered before the runtime runs.' );
		$this->assertSame( 1, substr_count( $printed, '</script>' ) - 2, 'The URL cannot close its script.' );
	}
}
