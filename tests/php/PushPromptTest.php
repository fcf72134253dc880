<?php
namespace TenderPress\Tests;

use DOMElement;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\PushButton;
use TenderPress\Islands\PushPrompt;
use TenderPress\Push\PushSettings;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Base64Url;
use TenderPress\Support\Upgrade;

/**
 * The push notifications' opt-in prompt as a visitor's page gets it: the island's container
 * (loaded when a visitor goes for Allow), the hidden prompt with its sentence, its three buttons
 * and the iOS hint, the props the island reads (the site's VAPID public key, the subscription
 * route, the service worker inside its scope, the back-off, the notice types with their labels,
 * the messages), the owner's wording with the site's name (escaped, never markup), printed once
 * per page whether the theme fires wp_body_open or only wp_footer, with its inline reveal script
 * and its style. Nothing at all when the setting is off, a filter says no, on an admin screen,
 * a feed or an embed, or before the schema upgrade made the push table. No PHP notice meanwhile.
 */
final class PushPromptTest extends TestCase {

	/** The site name the tests give the site, for exact sentences. */
	private const SITE = 'Harbour Works Board';

	/** The default sentence: what a visitor gets. */
	private const DEFAULT = 'Get browser alerts when new tenders and EOIs are published.';

	/** The original site's sentence (a setting), after the site's name. */
	private const ORIGINAL_TAIL = ' likes to show you notifications for the latest Tenders, EOI.';

	/** The prompt's region's name. */
	private const REGION = 'Browser notifications';

	/** The island runtime's selector of the Allow button. */
	private const ALLOW = '[data-tp-push-allow]';

	/** @var array<string> The styles enqueued before the test. */
	private $queued_styles = array();

	/** @var array<string> Scripts and styles printed before the test (wp_footer prints more). */
	private $done = array();

	/** @var array<string, mixed> The hooks the tests change, as they were. */
	private $hooks = array();

	/** @var PushPrompt|null A prompt a test registered, whose hooks are removed after it. */
	private $registered = null;

	/** @var array{is_feed: bool, is_embed: bool} The main query's flags, as they were. */
	private $query_flags = array(
		'is_feed'  => false,
		'is_embed' => false,
	);

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->queued_styles = wp_styles()->queue;
		$this->done          = array(
			'scripts' => wp_scripts()->done,
			'styles'  => wp_styles()->done,
		);
		foreach ( array( 'tenderpress_push_offered', 'wp_body_open', 'wp_footer', 'wp_enqueue_scripts' ) as $hook ) {
			$this->hooks[ $hook ] = isset( $GLOBALS['wp_filter'][ $hook ] ) ? clone $GLOBALS['wp_filter'][ $hook ] : null;
		}
		// The dev site's test servers may turn the prompt off with a filter (TP_PUSH_PROMPT=off):
		// these tests start from the plugin's own answer.
		remove_all_filters( 'tenderpress_push_offered' );
		// The plugin's own prompt prints once per PHP process: the tests register fresh ones.
		foreach ( array( 'wp_body_open', 'wp_footer', 'wp_enqueue_scripts' ) as $hook ) {
			$this->remove_plugin_prompt( $hook );
		}
		$this->query_flags = array(
			'is_feed'  => (bool) $GLOBALS['wp_query']->is_feed,
			'is_embed' => (bool) $GLOBALS['wp_query']->is_embed,
		);
		wp_dequeue_style( PushPrompt::STYLE );
		wp_deregister_style( PushPrompt::STYLE );
		Settings::forget_stored();
		update_option( 'blogname', self::SITE );
	}

	protected function tearDown(): void {
		foreach ( $this->hooks as $hook => $filters ) {
			if ( null === $filters ) {
				unset( $GLOBALS['wp_filter'][ $hook ] );
			} else {
				$GLOBALS['wp_filter'][ $hook ] = $filters; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the hooks as they were before the test.
			}
		}
		$this->registered              = null;
		$GLOBALS['wp_query']->is_feed  = $this->query_flags['is_feed'];
		$GLOBALS['wp_query']->is_embed = $this->query_flags['is_embed'];
		wp_dequeue_style( PushPrompt::STYLE );
		wp_deregister_style( PushPrompt::STYLE );
		wp_styles()->queue = $this->queued_styles;
		wp_scripts()->done = $this->done['scripts'];
		wp_styles()->done  = $this->done['styles'];
		// Back to a visitor's page after a test on an admin screen.
		unset( $GLOBALS['current_screen'], $GLOBALS['typenow'], $GLOBALS['taxnow'] );
		IslandAssets::instance()->reset();
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/** Removes the plugin's own PushPrompt's callbacks from a hook (put back in tearDown). */
	private function remove_plugin_prompt( string $hook ): void {
		if ( ! isset( $GLOBALS['wp_filter'][ $hook ] ) ) {
			return;
		}
		foreach ( $GLOBALS['wp_filter'][ $hook ]->callbacks as $priority => $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof PushPrompt ) {
					remove_action( $hook, $callback['function'], $priority );
				}
			}
		}
	}

	/** A fresh prompt, hooked as the plugin hooks its own. */
	private function register_prompt(): PushPrompt {
		$prompt = new PushPrompt();
		$prompt->register();
		$this->registered = $prompt;
		return $prompt;
	}

	/**
	 * Saves the push section as the settings form sends it: an unticked box sends nothing, so
	 * the prompt stays on unless told, and the form always sends its number (7 unless told).
	 *
	 * @param array<string, mixed> $fields The fields sent.
	 */
	private function save_push( array $fields ): void {
		$this->forget_settings_messages();
		update_option(
			Settings::OPTION,
			array(
				PushSettings::SECTION => $fields + array(
					'prompt'           => '1',
					'backoffDays'      => '7',
					'maxSubscriptions' => '100000',
					'newPerHour'       => '1000',
				),
			)
		);
		$this->assertSame( array(), $this->settings_errors(), 'The save is accepted.' );
	}

	/** What a fresh prompt prints, as a page's hooks call it. */
	private function printed(): string {
		ob_start();
		( new PushPrompt() )->print_prompt();
		return (string) ob_get_clean();
	}

	/**
	 * How many prompts printed HTML holds (as elements: the reveal script's code names the
	 * container's selector too).
	 */
	private function prompts( string $html ): int {
		return count( ( new Html( $html ) )->all( '//*[@data-tp-island="push"]' ) );
	}

	/** What a hook prints. */
	private function fire( string $hook ): string {
		ob_start();
		do_action( $hook ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- WordPress's own hooks.
		return (string) ob_get_clean();
	}

	/** The prompt's container in printed HTML, which must be there once. */
	private function container( Html $dom ): DOMElement {
		$containers = $dom->all( '//*[@data-tp-island="push"]' );
		$this->assertCount( 1, $containers, 'One prompt on the page.' );
		return $containers[0];
	}

	/**
	 * The props of the prompt printed in HTML.
	 *
	 * @return array<string, mixed>
	 */
	private function props( string $html ): array {
		$dom    = new Html( $html );
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $this->container( $dom ) );
		$this->assertNotNull( $script, 'The props are in the container.' );
		$props = json_decode( $script->textContent, true ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertIsArray( $props, 'The props are a JSON object.' );
		return $props;
	}

	/** The sentence the status paragraph carries, in printed HTML. */
	private function sentence( string $html ): string {
		$dom       = new Html( $html );
		$paragraph = $dom->one( './/p[@role="status"]', $this->container( $dom ) );
		$this->assertNotNull( $paragraph );
		$this->assertTrue( $paragraph->hasAttribute( 'data-tp-text' ) );
		return $paragraph->getAttribute( 'data-tp-text' );
	}

	/** Asserts that nothing of the prompt is on the page, nor its style queued. */
	private function assert_not_offered( string $case ): void {
		$this->assertFalse( PushPrompt::offered(), $case . ': not offered.' );
		$prompt = $this->register_prompt();
		$page   = $this->fire( 'wp_body_open' ) . $this->fire( 'wp_footer' );
		ob_start();
		$prompt->print_prompt();
		$page .= (string) ob_get_clean();
		$this->assertStringNotContainsString( 'data-tp-island="push"', $page, $case . ': no prompt.' );
		$this->assertStringNotContainsString( 'tp-push__prompt', $page, $case . ': no prompt.' );
		$this->assertStringNotContainsString( 'tenderpress-push-reveal', $page, $case . ': no reveal script.' );
		$this->assertNotContains( PushPrompt::ISLAND, IslandAssets::instance()->used(), $case . ': the island is not loaded.' );
		$prompt->enqueue_style();
		do_action( 'wp_enqueue_scripts' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, as a page fires it.
		$this->assertFalse( wp_style_is( PushPrompt::STYLE, 'enqueued' ), $case . ': no style.' );
		$this->assertFalse( wp_style_is( PushPrompt::STYLE, 'registered' ), $case . ': no style.' );
	}

	public function test_offered_by_default_on_a_visitors_page(): void {
		$this->assertTrue( Settings::get( PushSettings::SECTION, 'prompt' ), 'The setting is on by default.' );
		$this->assertGreaterThanOrEqual( 8, Upgrade::stored_version(), 'The seeded site has the push table.' );
		$this->assertFalse( is_admin() );
		$this->assertFileExists( TENDERPRESS_DIR . '/build/push-reveal.js', 'The plugin is built.' );
		$this->assertTrue( PushPrompt::offered() );

		$seen = array();
		add_filter(
			'tenderpress_push_offered',
			static function ( $offered ) use ( &$seen ) {
				$seen[] = $offered;
				return $offered;
			}
		);
		$this->assertTrue( PushPrompt::offered() );
		$this->save_push( array( 'prompt' => '0' ) );
		$this->assertFalse( PushPrompt::offered() );
		$this->assertSame( array( true, false ), $seen, 'The filter gets the plugin\'s own answer.' );
	}

	public function test_the_markup(): void {
		$html = PushPrompt::render();
		$dom  = new Html( $html );
		$box  = $this->container( $dom );

		$this->assertSame( 'div', $box->tagName ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertSame( 'interaction', $box->getAttribute( 'data-tp-when' ), 'The island loads when a visitor goes for it.' );
		$this->assertSame( self::ALLOW, $box->getAttribute( 'data-tp-intent' ) );
		$this->assertSame( self::ALLOW, $box->getAttribute( 'data-tp-replay' ), 'An early click on Allow is not lost.' );
		$this->assertNotNull( $dom->one( 'self::*[' . Html::has_class( 'tp-push' ) . ']', $box ) );
		$this->assertContains( PushPrompt::ISLAND, IslandAssets::instance()->used(), 'The island\'s code is on the page.' );

		$sentence = self::DEFAULT;
		$sections = $dom->all( './/section[' . Html::has_class( 'tp-push__prompt' ) . ']', $box );
		$this->assertCount( 1, $sections );
		$section = $sections[0];
		$this->assertTrue( $section->hasAttribute( 'hidden' ), 'Hidden until the reveal script shows it.' );
		$this->assertSame( self::REGION, $section->getAttribute( 'aria-label' ), 'A short name: the sentence follows.' );

		$statuses = $dom->all( './/p[@role="status"]', $section );
		$this->assertCount( 1, $statuses );
		$this->assertNotNull( $dom->one( 'self::p[' . Html::has_class( 'tp-push__said' ) . ']', $statuses[0] ) );
		$shown = $dom->one( './/p[' . Html::has_class( 'tp-push__text' ) . ']', $section );
		$this->assertNotNull( $shown );
		$this->assertSame( $sentence, $shown->textContent, 'The sentence shows from the first paint: nothing moves when it is said.' );
		$this->assertSame( 'true', $shown->getAttribute( 'aria-hidden' ), 'Heard once, from the status line.' );
		$this->assertSame( '', $statuses[0]->textContent, 'The status is empty: the script writes the sentence, so it is announced.' );
		$this->assertSame( 0, $statuses[0]->childNodes->length );
		$this->assertSame( $sentence, $statuses[0]->getAttribute( 'data-tp-text' ) );

		$buttons = $dom->all( './/button', $section );
		$this->assertCount( 3, $buttons );
		$this->assertSame( 'Allow', trim( $buttons[0]->textContent ) );
		$this->assertSame( 'button', $buttons[0]->getAttribute( 'type' ) );
		$this->assertTrue( $buttons[0]->hasAttribute( 'data-tp-push-allow' ) );
		$this->assertSame( 'No thanks', trim( $buttons[1]->textContent ) );
		$this->assertSame( 'button', $buttons[1]->getAttribute( 'type' ) );
		$this->assertTrue( $buttons[1]->hasAttribute( 'data-tp-push-dismiss' ) );
		$this->assertSame( 'Close', trim( $buttons[2]->textContent ), 'A visible Close: not now, for this visit.' );
		$this->assertSame( 'button', $buttons[2]->getAttribute( 'type' ) );
		$this->assertTrue( $buttons[2]->hasAttribute( 'data-tp-push-close' ) );
		$this->assertCount( 1, $dom->all( './/*[@data-tp-push-allow]', $box ), 'The intent and replay selector finds the Allow button only.' );

		$hints = $dom->all( './/p[' . Html::has_class( 'tp-push__hint' ) . ']', $section );
		$this->assertCount( 1, $hints );
		$this->assertTrue( $hints[0]->hasAttribute( 'hidden' ), 'The iOS hint shows only on iOS.' );
		$this->assertStringContainsString( 'Add to Home Screen', $hints[0]->textContent );

		$this->assertNotNull( $dom->one( './div[@data-tp-root]/section', $box ), 'The prompt is in the island\'s root.' );
		$this->assertCount( 1, $dom->all( './script[@type="application/json"][@data-tp-props]', $box ) );
	}

	public function test_the_props(): void {
		$props = $this->props( PushPrompt::render() );

		$this->assertSame( Vapid::public_key(), $props['publicKey'] );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]{87}$/D', $props['publicKey'], 'An unpadded base64url key.' );
		$point = Base64Url::decode( $props['publicKey'] );
		$this->assertIsString( $point );
		$this->assertSame( 65, strlen( $point ), 'An uncompressed P-256 point.' );
		$this->assertSame( "\x04", $point[0] );
		$this->assertSame( Vapid::keys()[1], $point, 'The key browsers subscribe with is the one the site signs with.' );

		$this->assertSame( rest_url( 'tenderpress/v1/push/subscriptions' ), $props['route'] );

		$this->assertIsString( $props['worker'] );
		$this->assertIsString( $props['scope'] );
		$this->assertStringEndsWith( '/sdk_files/push/webpush/', $props['scope'] );
		$this->assertStringStartsWith( $props['scope'], $props['worker'], 'The worker is inside its scope.' );
		list( $worker, $query ) = explode( '?', $props['worker'], 2 ) + array( '', '' );
		$this->assertSame( $props['scope'] . 'sw.js', $worker );
		$this->assertSame( plugins_url( 'sdk_files/push/webpush/sw.js', TENDERPRESS_FILE ), $worker );
		// The worker renews subscriptions the browser replaces through the same route.
		parse_str( $query, $params );
		$this->assertSame( array( 'route' => $props['route'] ), $params );
		$this->assertFileExists( TENDERPRESS_DIR . '/sdk_files/push/webpush/sw.js', 'The worker\'s address is a file of the plugin.' );

		$this->assertSame( 7, $props['backoffDays'] );
		$this->assertSame( array( array( 'tender', 'Tender' ), array( 'eoi', 'EOI' ) ), $props['types'] );

		$this->assertIsArray( $props['labels'] );
		$this->assertSame( self::DEFAULT, $props['labels']['prompt'] );
		$this->assertSame( self::REGION, $props['labels']['region'] );
		$this->assertSame( 'Allow', $props['labels']['allow'] );
		$this->assertSame( 'No thanks', $props['labels']['dismiss'] );
		foreach ( $props['labels'] as $key => $label ) {
			$this->assertIsString( $label, $key );
			$this->assertNotSame( '', trim( $label ), $key );
		}

		$this->assertSame( array( 'network', 'timeout', 'aborted', 'serverError' ), array_keys( $props['messages'] ) );
		$this->assertSame( AjaxResponse::client_messages(), $props['messages'] );
		foreach ( $props['messages'] as $key => $message ) {
			$this->assertIsString( $message, $key );
			$this->assertNotSame( '', trim( $message ), $key );
		}
	}

	public function test_the_topics_are_the_top_level_terms_with_notices_their_own_or_their_descendants(): void {
		$state = wp_insert_term( 'Zed State Of Cities', NoticeTaxonomies::LOCATION );
		$this->assertIsArray( $state );
		$city = wp_insert_term( 'Zed City', NoticeTaxonomies::LOCATION, array( 'parent' => $state['term_id'] ) );
		$this->assertIsArray( $city );
		$empty = wp_insert_term( 'Zed Empty State', NoticeTaxonomies::LOCATION );
		$this->assertIsArray( $empty );
		// Filed under the city alone, as an editor who ticks only the city does.
		$notice = $this->make_notice();
		wp_set_object_terms( $notice, array( (int) $city['term_id'] ), NoticeTaxonomies::LOCATION );

		$locations = $this->props( PushPrompt::render() )['locations'];
		$this->assertContains( array( (int) $state['term_id'], 'Zed State Of Cities' ), $locations, 'The state of a city with notices is offered.' );
		$ids = array_column( $locations, 0 );
		$this->assertNotContains( (int) $city['term_id'], $ids, 'A city is not a top-level choice.' );
		$this->assertNotContains( (int) $empty['term_id'], $ids, 'A state without notices is not offered.' );
		$names = array_column( $locations, 1 );
		$sorted = $names;
		usort( $sorted, 'strcasecmp' );
		$this->assertSame( $sorted, $names, 'By name.' );
	}

	public function test_the_props_follow_the_settings(): void {
		$this->save_push(
			array(
				'backoffDays' => '30',
				'types'       => array( 'award', 'tender', 'corrigendum' ),
			)
		);
		$props = $this->props( PushPrompt::render() );
		$this->assertSame( 30, $props['backoffDays'] );
		$this->assertSame( array( array( 'award', 'Award' ), array( 'tender', 'Tender' ), array( 'corrigendum', 'Corrigendum' ) ), $props['types'] );

		$this->save_push( array( 'backoffDays' => '0' ) );
		$this->assertSame( 0, Settings::get( PushSettings::SECTION, 'backoffDays' ) );
		$props = $this->props( PushPrompt::render() );
		$this->assertSame( 0, $props['backoffDays'], 'A saved 0 (ask on every page) is not the default.' );
		$this->assertSame( array(), $props['types'], 'No type ticked: none offered.' );

		$this->save_push( array( 'types' => array( 'eoi', 'corrigendum', 'award', 'tender' ) ) );
		$props = $this->props( PushPrompt::render() );
		$this->assertSame( 7, $props['backoffDays'] );
		$this->assertSame( array( 'eoi', 'corrigendum', 'award', 'tender' ), array_column( $props['types'], 0 ) );
		foreach ( $props['types'] as $type ) {
			$this->assertCount( 2, $type );
			$this->assertIsString( $type[1] );
			$this->assertNotSame( '', trim( $type[1] ) );
		}
	}

	public function test_a_custom_wording_gets_the_sites_name(): void {
		$this->save_push( array( 'wording' => 'Hear first from {site}: new notices of {site}, as they come.' ) );
		$expected = 'Hear first from ' . self::SITE . ': new notices of ' . self::SITE . ', as they come.';
		$this->assertSame( $expected, PushPrompt::wording() );
		$html = PushPrompt::render();
		$this->assertSame( $expected, $this->sentence( $html ) );
		$this->assertSame( $expected, $this->props( $html )['labels']['prompt'] );

		$this->save_push( array( 'wording' => 'Notices by push, no site name.' ) );
		$this->assertSame( 'Notices by push, no site name.', $this->sentence( PushPrompt::render() ) );
	}

	public function test_an_empty_wording_is_the_default_sentence_or_the_original_sites_when_chosen(): void {
		foreach ( array( '', '   ' ) as $wording ) {
			$this->save_push( array( 'wording' => $wording ) );
			$this->assertSame( self::DEFAULT, PushPrompt::wording(), '"' . $wording . '"' );
			$this->assertSame( self::DEFAULT, $this->sentence( PushPrompt::render() ), '"' . $wording . '"' );

			$this->save_push(
				array(
					'wording'         => $wording,
					'originalWording' => '1',
				)
			);
			$this->assertSame( self::SITE . self::ORIGINAL_TAIL, PushPrompt::wording(), '"' . $wording . '"' );
			$this->assertSame( self::SITE . self::ORIGINAL_TAIL, $this->sentence( PushPrompt::render() ), '"' . $wording . '"' );
		}
		// The owner's own wording wins over either.
		$this->save_push(
			array(
				'wording'         => '{site} alerts',
				'originalWording' => '1',
			)
		);
		$this->assertSame( self::SITE . ' alerts', PushPrompt::wording() );
	}

	public function test_a_site_name_with_markup_and_quotes_is_text(): void {
		update_option( 'blogname', 'Tenders & "Bids" <b>x</b>' );
		$name = 'Tenders & "Bids" x';
		foreach ( array( '', '{site} sends alerts' ) as $wording ) {
			$this->save_push(
				array(
					'wording'         => $wording,
					'originalWording' => '1',
				)
			);
			$expected = '' === $wording ? $name . self::ORIGINAL_TAIL : $name . ' sends alerts';
			$html     = PushPrompt::render();
			$dom      = new Html( $html );
			$this->assertSame( array(), $dom->all( '//b' ), 'The site name is never markup.' );
			$this->assertDoesNotMatchRegularExpression( '#</?b[\s>]#i', $html, 'Not even as text a browser would parse.' );
			$this->assertStringNotContainsString( '"Bids"', $html, 'Quotes never close an attribute.' );
			$this->assertStringContainsString( 'data-tp-text="Tenders &amp; &quot;Bids&quot; x', $html );
			$this->assertSame( $expected, $this->sentence( $html ) );
			$this->assertSame( $expected, $this->props( $html )['labels']['prompt'] );
			$this->assertCount( 1, $dom->all( '//button[@data-tp-push-allow]' ), 'The markup after the name is intact.' );
		}
	}

	public function test_printed_once_with_its_reveal_script_when_both_hooks_fire(): void {
		$prompt = $this->register_prompt();
		$this->assertSame( 5, has_action( 'wp_body_open', array( $prompt, 'print_prompt' ) ) );
		$this->assertSame( 5, has_action( 'wp_footer', array( $prompt, 'print_prompt' ) ) );
		$this->assertSame( 10, has_action( 'wp_enqueue_scripts', array( $prompt, 'enqueue_style' ) ) );

		$open   = $this->fire( 'wp_body_open' );
		$footer = $this->fire( 'wp_footer' );
		$this->assertSame( 1, $this->prompts( $open ), 'Printed at the start of the body.' );
		$this->assertSame( 1, substr_count( $open, 'id="tenderpress-push-reveal"' ) );
		$this->assertSame( 0, $this->prompts( $footer ), 'Not again at the end.' );
		$this->assertSame( 0, substr_count( $footer, 'id="tenderpress-push-reveal"' ) );

		ob_start();
		$prompt->print_prompt();
		$this->assertSame( '', ob_get_clean(), 'Never twice on a page.' );

		$this->assert_prompt_then_reveal( $open );
	}

	public function test_a_theme_without_wp_body_open_gets_it_at_wp_footer(): void {
		$this->register_prompt();
		$footer = $this->fire( 'wp_footer' );
		$this->assertSame( 1, $this->prompts( $footer ) );
		$this->assertSame( 1, substr_count( $footer, 'id="tenderpress-push-reveal"' ) );
		$this->assert_prompt_then_reveal( $footer );
		$again = $this->fire( 'wp_body_open' ) . $this->fire( 'wp_footer' );
		$this->assertStringNotContainsString( 'data-tp-island="push"', $again, 'Once per page.' );
		$this->assertStringNotContainsString( 'tenderpress-push-reveal', $again, 'Once per page.' );
	}

	/** Asserts the printed page part holds the prompt, then the built reveal script. */
	private function assert_prompt_then_reveal( string $html ): void {
		$dom     = new Html( $html );
		$box     = $this->container( $dom );
		$scripts = $dom->all( '//script[@id="tenderpress-push-reveal"]' );
		$this->assertCount( 1, $scripts );
		$code = trim( (string) file_get_contents( TENDERPRESS_DIR . '/build/push-reveal.js' ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin, never a URL.
		$this->assertNotSame( '', $code );
		$this->assertStringContainsString( $code, $scripts[0]->textContent, 'The built reveal script, inline.' );
		$this->assertFalse( $scripts[0]->hasAttribute( 'src' ) );
		$this->assertSame( $box, $dom->one( '//script[@id="tenderpress-push-reveal"]/preceding::*[@data-tp-island="push"][1]' ), 'The script comes after the prompt it shows.' );
		$this->assertLessThan( strpos( $html, 'id="tenderpress-push-reveal"' ), strpos( $html, 'data-tp-island="push"' ) );
	}

	public function test_print_prompt_prints_once_per_instance(): void {
		$prompt = new PushPrompt();
		ob_start();
		$prompt->print_prompt();
		$prompt->print_prompt();
		$html = (string) ob_get_clean();
		$this->assertSame( 1, $this->prompts( $html ) );
		$this->assertSame( 1, substr_count( $html, 'id="tenderpress-push-reveal"' ) );
		$this->assertSame( 1, $this->prompts( $this->printed() ), 'Another page prints it again.' );
	}

	public function test_not_offered_when_the_setting_is_off(): void {
		$this->save_push( array( 'prompt' => '0' ) );
		$this->assertFalse( Settings::get( PushSettings::SECTION, 'prompt' ) );
		$this->assert_not_offered( 'Setting off' );
	}

	public function test_not_offered_when_a_filter_says_no(): void {
		add_filter( 'tenderpress_push_offered', '__return_false' );
		$this->assert_not_offered( 'Filter' );
	}

	public function test_not_offered_on_an_admin_screen(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$this->log_in_as( 'administrator' );
		set_current_screen( 'dashboard' );
		$this->assertTrue( is_admin() );
		$this->assertFalse( PushPrompt::offered() );
		$prompt = new PushPrompt();
		ob_start();
		$prompt->print_prompt();
		$this->assertSame( '', ob_get_clean() );
		$prompt->enqueue_style();
		$this->assertFalse( wp_style_is( PushPrompt::STYLE, 'enqueued' ) );
		$this->assertFalse( wp_style_is( PushPrompt::STYLE, 'registered' ) );
	}

	public function test_not_offered_in_a_feed_or_an_embed(): void {
		$GLOBALS['wp_query']->is_feed = true;
		$this->assertTrue( is_feed() );
		$this->assert_not_offered( 'Feed' );
		$GLOBALS['wp_query']->is_feed  = false;
		$GLOBALS['wp_query']->is_embed = true;
		$this->assertTrue( is_embed() );
		$this->assert_not_offered( 'Embed' );
	}

	public function test_not_offered_before_the_schema_upgrade(): void {
		update_option( Upgrade::OPTION, 7 );
		$this->assertSame( 7, Upgrade::stored_version() );
		$this->assert_not_offered( 'Before the upgrade' );
	}

	public function test_a_page_view_on_a_site_without_push_keys_shows_no_prompt_and_writes_nothing(): void {
		global $wpdb;
		delete_option( Vapid::OPTION );
		delete_option( Vapid::PUBLIC_OPTION );
		wp_set_current_user( 0 );

		$writes = QueryLog::start();
		$this->assert_not_offered( 'Without keys' );
		$this->assertSame( '', PushPrompt::connection()['publicKey'] );
		// (The theme's own bookkeeping aside: WordPress stores a theme's mods on its first page.)
		$this->assertSame( array(), array_values( array_filter( $writes->stop(), static fn( string $query ): bool => str_contains( $query, 'tenderpress_push' ) ) ), 'A visitor\'s page view writes nothing of the plugin\'s.' );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( "SELECT option_id FROM {$wpdb->options} WHERE option_name IN (%s, %s)", Vapid::OPTION, Vapid::PUBLIC_OPTION ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery

		// Saving the settings makes them, and the prompt shows.
		$this->save_push( array() );
		$this->assertNotSame( '', Vapid::public_key() );
		$this->assertTrue( PushPrompt::offered() );
	}

	public function test_a_page_reads_the_stored_public_key_and_never_the_private_one(): void {
		$reads  = array();
		$listen = static function ( $query ) use ( &$reads ) {
			$reads[] = $query;
			return $query;
		};
		wp_cache_flush();
		wp_load_alloptions();
		add_filter( 'query', $listen );
		try {
			$key = PushPrompt::connection()['publicKey'];
		} finally {
			remove_filter( 'query', $listen );
		}
		$this->assertSame( Base64Url::encode( Vapid::keys()[1] ), $key );
		$this->assertSame( array(), array_values( array_filter( $reads, static fn( string $query ): bool => str_contains( $query, 'tenderpress_push_vapid' ) ) ), 'The public key is autoloaded; the pair is not read.' );
	}

	public function test_the_style_is_enqueued_to_be_inlined_when_offered(): void {
		$this->assertFalse( wp_style_is( PushPrompt::STYLE, 'enqueued' ) );
		$this->register_prompt();
		do_action( 'wp_enqueue_scripts' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, as a page fires it.
		$this->assertTrue( wp_style_is( PushPrompt::STYLE, 'enqueued' ) );

		$path = wp_styles()->get_data( PushPrompt::STYLE, 'path' );
		$this->assertIsString( $path, 'A path: WordPress may print the small file inline.' );
		$this->assertFileExists( $path );
		$this->assertSame( realpath( TENDERPRESS_DIR . '/assets/push.css' ), realpath( $path ) );
		$this->assertStringEndsWith( '/assets/push.css', $path );
		$this->assertStringEndsWith( '/assets/push.css', (string) wp_styles()->registered[ PushPrompt::STYLE ]->src );

		wp_maybe_inline_styles();
		$inline = wp_styles()->get_data( PushPrompt::STYLE, 'after' );
		$this->assertIsArray( $inline, 'WordPress inlines it.' );
		$this->assertStringContainsString( trim( (string) file_get_contents( $path ) ), implode( "\n", $inline ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin, never a URL.
	}

	public function test_the_get_notifications_button_is_a_trigger_as_block_and_shortcode_and_absent_where_nothing_is_offered(): void {
		$block  = new Html( do_blocks( '<!-- wp:tenderpress/push-button /-->' ) );
		$button = $block->one( '//button' );
		$this->assertNotNull( $button );
		$this->assertSame( 'Get notifications', trim( $button->textContent ) );
		$this->assertSame( 'button', $button->getAttribute( 'type' ) );
		$this->assertStringContainsString( 'tenderpress-push-prompt', $button->getAttribute( 'class' ), 'One of the prompt\'s triggers.' );
		$this->assertStringContainsString( 'tp-push-button', $button->getAttribute( 'class' ), 'Shown by push.css only where the browser can take push.' );

		$short = new Html( do_shortcode( '[' . PushButton::SHORTCODE . ' label="Tell me about <b>new</b> tenders"]' ) );
		$this->assertSame( 'Tell me about new tenders', trim( $short->one( '//button' )->textContent ) );
		$this->assertNull( $short->one( '//b' ), 'The label is text.' );

		$css = (string) file_get_contents( TENDERPRESS_DIR . '/assets/push.css' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$this->assertMatchesRegularExpression( '/\.tp-push-button \{\s*display: none;/', $css );
		$this->assertMatchesRegularExpression( '/\.tp-push-able \.tp-push-button \{\s*display: inline-block;/', $css );

		$this->save_push( array( 'prompt' => '0' ) );
		$this->assertSame( '', do_blocks( '<!-- wp:tenderpress/push-button /-->' ), 'No button where the site offers no notifications.' );
		$this->assertSame( '', do_shortcode( '[' . PushButton::SHORTCODE . ']' ) );
	}

	public function test_no_php_notice_while_rendering(): void {
		$log = DebugLog::open_proven();
		update_option( 'blogname', 'Tenders & "Bids" <b>x</b>' );
		$this->save_push(
			array(
				'wording'     => '{site} alerts',
				'backoffDays' => '0',
				'types'       => array(),
			)
		);
		$this->register_prompt();
		do_action( 'wp_enqueue_scripts' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, as a page fires it.
		$page = $this->fire( 'wp_body_open' ) . $this->fire( 'wp_footer' );
		$this->assertSame( 1, $this->prompts( $page ) );
		$this->save_push( array( 'prompt' => '0' ) );
		$this->assertSame( '', $this->printed() );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice, warning or deprecation.' );
	}
}
