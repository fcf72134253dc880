<?php
namespace TenderPress\Tests;

use TenderPress\Islands\IslandAssets;

/**
 * Islands on a site with a nonce-based Content-Security-Policy. CSP plugins add their nonce
 * through WordPress's wp_script_attributes and wp_inline_script_attributes filters, so the
 * runtime must be printed through them, and every WordPress script the runtime adds later must
 * carry what those filters give the tags WordPress itself would print for it.
 */
final class IslandAssetsCspTest extends TestCase {

	/** Base64, as CSP plugins make nonces: "+", "/" and "=" must come through unharmed. */
	private const NONCE = 'dHAtY3NwLW5vbmNl+/=';

	/** @var array<string, mixed> Extra attributes the filters under test add to every tag. */
	private $added = array( 'nonce' => self::NONCE );

	protected function setUp(): void {
		parent::setUp();
		add_filter( 'wp_script_attributes', array( $this, 'add_attributes' ) );
		add_filter( 'wp_inline_script_attributes', array( $this, 'add_attributes' ) );
	}

	protected function tearDown(): void {
		remove_filter( 'wp_script_attributes', array( $this, 'add_attributes' ) );
		remove_filter( 'wp_inline_script_attributes', array( $this, 'add_attributes' ) );
		remove_all_filters( 'pre_load_script_translations' );
		parent::tearDown();
	}

	/** What a CSP plugin does: the same extra attributes on every script tag WordPress prints. */
	public function add_attributes( array $attributes ): array {
		return $this->added + $attributes;
	}

	/** The runtime and config as printed for a home page: the menu, a listing (and its quick view) and back-to-top. */
	private function printed_runtime(): string {
		do_blocks( '<!-- wp:tenderpress/menu /--><!-- wp:tenderpress/listing /--><!-- wp:tenderpress/back-to-top /-->' );
		// The listing's quick view opens a dialog with the deadline reminder, whose stepper island
		// the page then needs too.
		$this->assertSame( array( 'mobile-menu', 'paginator', 'stepper', 'quick-view', 'back-to-top' ), IslandAssets::instance()->used() );
		ob_start();
		IslandAssets::instance()->print_runtime();
		return (string) ob_get_clean();
	}

	/** @return array<string, array<string, mixed>> The script descriptions in the printed config. */
	private function described_scripts( string $printed ): array {
		$config = json_decode( ( new Html( $printed ) )->text( '//script[@id="tenderpress-islands"]' ), true );
		$this->assertIsArray( $config );
		$this->assertNotEmpty( $config['scripts'] );
		return $config['scripts'];
	}

	/**
	 * The tags WordPress itself prints for a handle (translations, inline code, file), by id:
	 * their attributes and their inline code.
	 *
	 * @return array<string, array{attributes: array<string, string>, code: string}>
	 */
	private function printed_by_wordpress( string $handle ): array {
		ob_start();
		wp_scripts()->do_item( $handle );
		$tags = array();
		foreach ( ( new Html( (string) ob_get_clean() ) )->all( '//script' ) as $script ) {
			$attributes = array();
			foreach ( $script->attributes as $attribute ) {
				$attributes[ $attribute->name ] = $attribute->value;
			}
			$tags[ $script->getAttribute( 'id' ) ] = array(
				'attributes' => $attributes,
				'code'       => trim( $script->textContent ),
			);
		}
		return $tags;
	}

	public function test_the_runtime_and_its_config_are_printed_through_the_filters_and_carry_the_nonce(): void {
		$dom = new Html( $this->printed_runtime() );

		$runtime = $dom->one( '//script[@id="tenderpress-runtime"]' );
		$this->assertNotNull( $runtime );
		$this->assertSame( self::NONCE, $runtime->getAttribute( 'nonce' ) );
		$this->assertSame( 'module', $runtime->getAttribute( 'type' ), 'Still a module: deferred by nature, never render-blocking.' );
		$this->assertMatchesRegularExpression( '#/build/runtime-[^"/]+\.js$#', $runtime->getAttribute( 'src' ) );

		$config = $dom->one( '//script[@id="tenderpress-islands"]' );
		$this->assertNotNull( $config );
		$this->assertSame( 'application/json', $config->getAttribute( 'type' ) );
		$this->assertSame( self::NONCE, $config->getAttribute( 'nonce' ) );
	}

	public function test_every_script_the_runtime_adds_carries_what_wordpress_would_print_for_it(): void {
		// A translated site: WordPress prints api-fetch's translations in their own tag first.
		add_filter(
			'pre_load_script_translations',
			static function ( $translations, $file, $handle ) {
				return 'wp-api-fetch' === $handle ? '{"locale_data":{"messages":{"":{"lang":"hi_IN"}}}}' : $translations;
			},
			10,
			3
		);
		$scripts = $this->described_scripts( $this->printed_runtime() );

		$this->assertArrayHasKey( 'react', $scripts );
		$this->assertArrayHasKey( 'after', $scripts['wp-i18n'] );
		$this->assertArrayHasKey( 'translations', $scripts['wp-api-fetch'] );
		$this->assertArrayHasKey( 'after', $scripts['wp-api-fetch'] );
		foreach ( $scripts as $handle => $script ) {
			$wordpress = $this->printed_by_wordpress( $handle );
			$expected  = array();
			$described = array();
			foreach ( array( 'translations', 'before', 'src', 'after' ) as $part ) {
				if ( isset( $script[ $part ] ) ) {
					$id = 'src' === $part ? "{$handle}-js" : "{$handle}-js-{$part}";
					$this->assertArrayHasKey( $id, $wordpress, "WordPress prints {$id} too." );
					$expected[ $id ]  = 'src' === $part ? $wordpress[ $id ]['attributes']['src'] : $wordpress[ $id ]['code'];
					$described[ $id ] = 'src' === $part ? $script['src'] : trim( $script[ $part ] );
					$this->assertSame( array( 'nonce' => self::NONCE ), $script['attributes'][ $part ] ?? null, "{$id} carries the nonce WordPress gives its tag." );
					$this->assertSame( self::NONCE, $wordpress[ $id ]['attributes']['nonce'] );
				}
			}
			$this->assertSame( array_keys( $wordpress ), array_keys( $described ), "{$handle}: the same tags as WordPress, in its order." );
			$this->assertSame( $expected, $described, "{$handle}: the same file and inline code as WordPress prints." );
			$this->assertSame( array(), array_diff_key( $script['attributes'], array_flip( array( 'translations', 'before', 'src', 'after' ) ) ) );
		}
	}

	public function test_only_attributes_that_let_a_script_load_come_through(): void {
		$this->added = array(
			'nonce'          => self::NONCE,
			'integrity'      => 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
			'crossorigin'    => true,
			'referrerpolicy' => 'no-referrer',
			'type'           => 'text/plain',
			'async'          => true,
			'defer'          => true,
			'onload'         => 'alert(1)',
			'data-consent'   => 'marketing',
		);
		$scripts     = $this->described_scripts( $this->printed_runtime() );

		$this->assertSame(
			array(
				'nonce'          => self::NONCE,
				'integrity'      => 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
				'crossorigin'    => '',
				'referrerpolicy' => 'no-referrer',
			),
			$scripts['react']['attributes']['src'],
			'A bare crossorigin is its empty value; type, async, defer, handlers and data stay the runtime\'s.'
		);
		$this->assertSame( $scripts['react']['attributes']['src'], $scripts['wp-i18n']['attributes']['after'] );
	}

	public function test_without_a_filter_nothing_is_added_and_the_config_stays_compact(): void {
		remove_filter( 'wp_script_attributes', array( $this, 'add_attributes' ) );
		remove_filter( 'wp_inline_script_attributes', array( $this, 'add_attributes' ) );
		$printed = $this->printed_runtime();

		$this->assertSame( array(), ( new Html( $printed ) )->all( '//script[@nonce]' ) );
		foreach ( $this->described_scripts( $printed ) as $handle => $script ) {
			$this->assertArrayNotHasKey( 'attributes', $script, $handle );
		}
	}
}
