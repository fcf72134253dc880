<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Content\NoticeStatus;
use TenderPress\Islands\Paginator;
use TenderPress\Plugin;
use TenderPress\Support\SiteTime;
use WP_Translation_Controller;

/**
 * The plugin in Hindi, from its own translation (plugin/languages/tenderpress-hi_IN.mo; WordPress
 * itself has no Hindi files here): a site whose language is hi_IN renders the listing in Hindi,
 * and pagination_request answers in the language the request names when the plugin has a
 * translation for it, in the site's language otherwise, and leaves the site's language as it was.
 */
final class TranslationTest extends TestCase {

	private const HINDI_STATUSES   = array( 'खुली', 'जल्द बंद होगी', 'बंद', 'कोई अंतिम तिथि नहीं' );
	private const ENGLISH_STATUSES = array( 'Open', 'Closing soon', 'Closed', 'No deadline' );

	/** @var callable|null The site-language filter while a test has one. */
	private $site_locale;

	/** @var \WP_Locale_Switcher|null WordPress's locale switcher from before a test changed the site's language. */
	private $saved_switcher;

	protected function setUp(): void {
		parent::setUp();
		Paginator::reset();
	}

	protected function tearDown(): void {
		if ( $this->site_locale ) {
			remove_filter( 'locale', $this->site_locale );
			$this->site_locale = null;
			remove_filter( 'locale', array( $GLOBALS['wp_locale_switcher'], 'filter_locale' ) );
			remove_filter( 'determine_locale', array( $GLOBALS['wp_locale_switcher'], 'filter_locale' ) );
			$GLOBALS['wp_locale_switcher'] = $this->saved_switcher;
			$this->reload_plugin_translations();
		}
		set_query_var( 'paged', 0 );
		Paginator::reset();
		parent::tearDown();
	}

	/** The site's language as Settings > General would set it, with the plugin loaded as at init. */
	private function set_site_locale( string $locale ): void {
		$this->site_locale = static fn(): string => $locale;
		add_filter( 'locale', $this->site_locale );
		// As wp-settings.php makes it on a request to that site: it restores to the site's language.
		$this->saved_switcher          = $GLOBALS['wp_locale_switcher'];
		$GLOBALS['wp_locale_switcher'] = new \WP_Locale_Switcher();
		$GLOBALS['wp_locale_switcher']->init();
		$this->reload_plugin_translations();
	}

	private function reload_plugin_translations(): void {
		unload_textdomain( 'tenderpress', true );
		WP_Translation_Controller::get_instance()->set_locale( determine_locale() );
		Plugin::load_textdomain();
	}

	private function render_listing(): string {
		return do_blocks( '<!-- wp:tenderpress/listing {"perPage":10} /-->' );
	}

	/** @return list<string> The status badges' words, in order. */
	private function statuses( string $html ): array {
		$dom = new Html( $html );
		return array_map( static fn( $badge ) => trim( $badge->textContent ), $dom->all( '//span[' . Html::has_class( 'tp-status' ) . ']' ) );
	}

	/** @return array<string, mixed> The paginator island's props. */
	private function props( string $html ): array {
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $match ) );
		return json_decode( $match[1], true );
	}

	private function ask_page_two( string $html, string $lang ): Ajax {
		$nav = ( new Html( $html ) )->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertNotNull( $nav );
		return Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $nav->getAttribute( 'data-sid' ), array( 'lang' => $lang ) ) );
	}

	public function test_a_site_in_hindi_renders_the_listing_and_its_island_strings_in_hindi(): void {
		$this->set_site_locale( 'hi_IN' );

		$html = $this->render_listing();
		$dom  = new Html( $html );

		$statuses = $this->statuses( $html );
		$this->assertNotEmpty( $statuses );
		$this->assertSame( array(), array_diff( $statuses, self::HINDI_STATUSES ), 'Every status badge is in Hindi.' );
		$nav = $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertSame( 'सूचनाओं के पृष्ठ', $nav->getAttribute( 'aria-label' ) );
		$this->assertNotNull( $dom->one( './/a[@aria-label="पृष्ठ 2"]', $nav ), 'The link to page 2 is named in Hindi.' );
		$this->assertSame( 'अगला', $dom->text( './/a[' . Html::has_class( 'tp-pagination__next' ) . ']', $nav ) );

		// The island's words come with it, translated, and it asks for pages in the same language.
		$props = $this->props( $html );
		$this->assertSame( 'hi_IN', $props['early']['fields']['lang'] );
		$this->assertSame( '%2$d में से पृष्ठ %1$d लोड हो गया।', $props['i18n']['loaded'] );
		$this->assertSame( 'फिर से प्रयास करें', $props['i18n']['retry'] );
		$this->assertSame( 'सर्वर से संपर्क नहीं हो सका। अपना कनेक्शन जाँचें।', $props['i18n']['network'] );
	}

	public function test_a_site_in_hindi_says_the_time_left_in_hindi_with_its_plurals(): void {
		$this->set_site_locale( 'hi_IN' );
		$now = 1800000000; // 2027-01-15T08:00:00Z, 1:30 pm in India: the clock this test sets.

		$this->assertSame( '18 दिन शेष', NoticeStatus::time_left( $now + 18 * DAY_IN_SECONDS + 5 * HOUR_IN_SECONDS, $now ) );
		$this->assertSame( '10 सप्ताह शेष', NoticeStatus::time_left( $now + 74 * DAY_IN_SECONDS, $now ) );
		$five = $now + 5 * HOUR_IN_SECONDS;
		$this->assertSame( 'आज ' . SiteTime::time_of_day( $five ) . ' पर बंद, 5 घंटे में', NoticeStatus::time_left( $five, $now ) );
		$one = $now + HOUR_IN_SECONDS;
		$this->assertSame( 'आज ' . SiteTime::time_of_day( $one ) . ' पर बंद, 1 घंटा में', NoticeStatus::time_left( $one, $now ), 'One hour in the singular.' );
	}

	public function test_pagination_request_with_lang_hi_IN_answers_in_hindi_on_an_english_site(): void {
		$html = $this->render_listing();
		$this->assertSame( 'en_US', $this->props( $html )['early']['fields']['lang'] );

		$hindi    = $this->ask_page_two( $html, 'hi_IN' );
		$statuses = $this->statuses( $hindi->body );
		$this->assertNotEmpty( $statuses );
		$this->assertSame( array(), array_diff( $statuses, self::HINDI_STATUSES ), 'The answer is in Hindi.' );

		// The site stays English afterwards, and a page cached in Hindi is not served in English.
		$this->assertSame( 'en_US', determine_locale() );
		$this->assertSame( 'Next', __( 'Next', 'tenderpress' ) );
		$english = $this->ask_page_two( $html, 'en_US' );
		$this->assertSame( array(), array_diff( $this->statuses( $english->body ), self::ENGLISH_STATUSES ), 'The same page in English is English.' );
		$this->assertCount( count( $statuses ), $this->statuses( $english->body ) );
	}

	public function test_a_lang_without_a_translation_answers_in_the_sites_language(): void {
		$html    = $this->render_listing();
		$english = $this->ask_page_two( $html, 'en_US' )->body;

		foreach ( array( 'fr_FR', 'de_DE_formal', 'xx' ) as $lang ) {
			$this->assertSame( $english, $this->ask_page_two( $html, $lang )->body, $lang );
		}
	}

	public function test_a_hindi_site_answers_in_english_when_asked(): void {
		$this->set_site_locale( 'hi_IN' );
		$html = $this->render_listing();

		$english = $this->ask_page_two( $html, 'en_US' );
		$this->assertSame( array(), array_diff( $this->statuses( $english->body ), self::ENGLISH_STATUSES ) );
		$this->assertSame( 'अगला', __( 'Next', 'tenderpress' ), 'The site is Hindi again afterwards.' );
	}

	public function test_answering_in_hindi_does_not_offer_hindi_as_a_site_language(): void {
		$html = $this->render_listing();
		$this->ask_page_two( $html, 'hi_IN' );

		// General Settings lists the languages WordPress has: the plugin's translation adds none.
		$this->assertNotContains( 'hi_IN', get_available_languages() );
	}
}
