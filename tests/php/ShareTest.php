<?php
namespace TenderPress\Tests;

use TenderPress\Islands\Share;
use TenderPress\Share\ShareSettings;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareServices;

/**
 * Share bars as a visitor without JavaScript gets them: the chosen services as real links to
 * their share pages, with the page's address and title encoded, after a notice's, post's or
 * page's text as the site owner chose, from the block and the shortcode anywhere, and "More"
 * listing every service. The island's props carry what it needs, and the owner's choices are
 * checked before they are stored.
 */
final class ShareTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		Share::reset();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		parent::tearDown();
	}

	/** The content of the page at the URL, as its template prints it. */
	private function content_on( string $url ): string {
		PageView::visit( $url );
		$this->assertTrue( have_posts() );
		the_post();
		return (string) apply_filters( 'the_content', get_post()->post_content );
	}

	/** @return array<string, string> Each share button's service and link, in order. */
	private function buttons( string $html ): array {
		$buttons = array();
		foreach ( ( new Html( $html ) )->all( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*[@data-tp-service]' ) as $button ) {
			$buttons[ $button->getAttribute( 'data-tp-service' ) ] = $button->getAttribute( 'href' );
		}
		return $buttons;
	}

	/** The share section as the settings form sends it: every field at its default, then these. */
	private function share_form( array $values ): array {
		$form = array();
		foreach ( Settings::section( Share::SECTION )->fields as $id => $field ) {
			$form[ $id ] = $field->default;
		}
		return array_merge( $form, $values );
	}

	private function set_share( array $values ): void {
		update_option( Settings::OPTION, array( Share::SECTION => $this->share_form( $values ) ) );
	}

	public function test_a_notice_page_ends_with_real_share_links_to_the_notice(): void {
		$id    = $this->make_notice( array(), array( 'post_title' => 'Roads & "bridges" <b>of</b> 2026' ) );
		$url   = (string) get_permalink( $id );
		$title = html_entity_decode( wp_strip_all_tags( get_the_title( $id ) ), ENT_QUOTES );
		$this->assertSame( 'Roads & “bridges” of 2026', $title, 'The title as the page shows it.' );
		$html  = $this->content_on( $url );
		$links = $this->buttons( $html );

		$this->assertSame( ShareSettings::DEFAULT_SERVICES, array_keys( $links ), 'The default services, in order.' );
		$this->assertStringContainsString( rawurlencode( $url ), $links['whatsapp'] );
		$this->assertStringStartsWith( 'https://', $links['whatsapp'] );
		$this->assertStringContainsString( 'text=' . rawurlencode( $title . ' ' . $url ), $links['whatsapp'], 'The title, as text, and the address, encoded.' );
		$this->assertStringStartsWith( 'mailto:', $links['email'] );
		$this->assertStringContainsString( 'subject=' . rawurlencode( $title ) . '&', $links['email'] );
		$this->assertSame( $url, $links['copy-link'], 'Copy link\'s address is the notice itself, so a click held before the island mounts goes nowhere else.' );

		$dom = new Html( $html );
		foreach ( $dom->all( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/a[@data-tp-service="whatsapp"]' ) as $link ) {
			$this->assertSame( '_blank', $link->getAttribute( 'target' ) );
			$this->assertStringContainsString( 'noopener', $link->getAttribute( 'rel' ) );
			$this->assertStringContainsString( 'WhatsApp (opens in a new tab)', $dom->text( './/*[' . Html::has_class( 'screen-reader-text' ) . ']', $link ), 'Named for screen readers.' );
			$this->assertNotNull( $dom->one( './/*[local-name()="svg"][@aria-hidden="true"]', $link ), 'Its icon, inline, hidden from screen readers.' );
		}
		$this->assertStringNotContainsString( '<script src', $html, 'No third-party script.' );
	}

	public function test_a_fresh_site_shows_a_quiet_bar_a_public_body_would_choose(): void {
		$html = Share::render();
		$dom  = new Html( $html );
		$bar  = $dom->one( '//aside[' . Html::has_class( 'tp-share' ) . ']' );
		$this->assertStringContainsString( 'tp-share--quiet', $bar->getAttribute( 'class' ), 'Outlined, in the site\'s colours.' );
		$this->assertStringNotContainsString( 'tp-share--brand', $bar->getAttribute( 'class' ) );
		$this->assertSame( array( 'copy-link', 'email', 'whatsapp', 'print', 'device' ), array_keys( $this->buttons( $html ) ) );
		$labels = array_map( static fn( \DOMElement $label ): string => $label->textContent, $dom->all( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*/span[' . Html::has_class( 'tp-share__label' ) . ']' ) );
		$this->assertSame( array( 'Copy link', 'Email', 'WhatsApp', 'Print', 'Share via an app' ), $labels, 'Each name beside its icon.' );
		foreach ( array( 'copy-link', 'print', 'device' ) as $scripted ) {
			$control = $dom->one( '//ul/li/*[@data-tp-service="' . $scripted . '"]' );
			$this->assertStringContainsString( 'tp-share__button--script', $control->getAttribute( 'class' ), $scripted . ' needs scripts, so it is hidden where they do not run.' );
		}
		foreach ( array( 'email', 'whatsapp' ) as $plain ) {
			$this->assertStringNotContainsString( 'tp-share__button--script', $dom->one( '//ul/li/*[@data-tp-service="' . $plain . '"]' )->getAttribute( 'class' ), $plain . ' is a plain link.' );
		}
		$device = $dom->one( '//ul/li/*[@data-tp-service="device"]' );
		$this->assertSame( 'button', $device->nodeName );
		$this->assertStringContainsString( 'tp-share__item--native', $device->parentNode->getAttribute( 'class' ), 'Its item is shown on touch screens only (CSS).' );

		$this->set_share( array( 'brandColours' => true ) );
		$this->assertStringContainsString( 'tp-share--brand', ( new Html( Share::render() ) )->one( '//aside' )->getAttribute( 'class' ), 'Brand colours stay a choice.' );
	}

	public function test_more_lists_the_services_this_audience_uses_first_and_the_owner_trims_it(): void {
		$dom   = new Html( Share::render() );
		$names = array_map( static fn( \DOMElement $a ): string => $a->getAttribute( 'data-tp-service' ), $dom->all( '//details//a[' . Html::has_class( 'tp-share__service' ) . ']' ) );
		$this->assertSame( array( 'email', 'whatsapp', 'telegram', 'linkedin', 'x', 'facebook', 'sms' ), array_slice( $names, 0, 7 ) );
		$this->assertNotContains( 'device', $names, 'The share sheet is not a service of the list.' );

		$this->set_share( array( 'more' => array( 'email', 'telegram' ) ) );
		$this->assertSame( array( 'email', 'telegram' ), Settings::get( Share::SECTION, 'more' ) );
		Share::reset();
		$html  = Share::render();
		$names = array_map( static fn( \DOMElement $a ): string => $a->getAttribute( 'data-tp-service' ), ( new Html( $html ) )->all( '//details//a[' . Html::has_class( 'tp-share__service' ) . ']' ) );
		$this->assertSame( array( 'email', 'telegram' ), $names );
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $match ) );
		$props = json_decode( $match[1], true );
		$this->assertSame( array( 'email', 'telegram' ), $props['more'], 'The dialog lists the same.' );
		$this->assertSame( array( 'copy-link', 'email', 'whatsapp', 'print', 'device', 'telegram' ), array_column( $props['services'], 'id' ), 'The island knows only what it may be asked to share with.' );

		$this->set_share( array( 'more' => array() ) );
		Share::reset();
		$this->assertNull( ( new Html( Share::render() ) )->one( '//*[' . Html::has_class( 'tp-share__more-button' ) . ']' ), 'Nothing under More: no More.' );
	}

	public function test_more_lists_every_service_that_has_a_link_without_javascript(): void {
		$html = Share::render();
		$dom  = new Html( $html );
		$with = array_filter( ShareServices::all(), static fn( array $service ) => isset( $service['url'] ) );
		$this->assertGreaterThanOrEqual( 60, count( ShareServices::all() ) );
		$this->assertCount( count( $with ), $dom->all( '//details//a[' . Html::has_class( 'tp-share__service' ) . ']' ) );
		$this->assertSame( 'More', trim( $dom->text( '//details/summary' ) ) );
	}

	public function test_the_owner_chooses_the_services_and_where_bars_go(): void {
		$this->set_share(
			array(
				'services' => array( 'email', 'x' ),
				'notices'  => false,
				'pages'    => true,
			)
		);
		$notice = $this->make_notice();
		$this->assertSame( array(), $this->buttons( $this->content_on( (string) get_permalink( $notice ) ) ), 'No bar on notices now.' );
		PageView::reset();
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'How to bid',
				'post_content' => 'Read the notice first.',
			)
		);
		$this->assertSame( array( 'email', 'x' ), array_keys( $this->buttons( $this->content_on( (string) get_permalink( $page ) ) ) ), 'In the order chosen.' );
	}

	public function test_no_bar_in_excerpts_feeds_or_listings(): void {
		$id = $this->make_notice( array(), array( 'post_content' => 'Supply of cables.' ) );
		PageView::visit( home_url( '/tenders/' ) );
		$this->assertSame( array(), $this->buttons( (string) apply_filters( 'the_content', 'Supply of cables.' ) ), 'Not on an archive.' );
		PageView::reset();
		PageView::visit( (string) get_permalink( $id ) );
		the_post();
		$this->assertStringNotContainsString( 'tp-share', get_the_excerpt(), 'Not in the excerpt.' );
	}

	public function test_the_shortcode_and_the_block_name_their_services_and_ignore_unknown_ones(): void {
		$this->assertSame( array( 'x', 'email' ), array_keys( $this->buttons( do_shortcode( '[tenderpress_share services="x, no-such-service,email"]' ) ) ) );
		$this->assertSame( '', do_shortcode( '[tenderpress_share services="no-such-service"]' ), 'Nothing to show, nothing rendered.' );
		$this->assertSame( array( 'telegram' ), array_keys( $this->buttons( do_blocks( '<!-- wp:tenderpress/share {"services":"telegram"} /-->' ) ) ) );
		$this->assertSame( ShareSettings::DEFAULT_SERVICES, array_keys( $this->buttons( do_blocks( '<!-- wp:tenderpress/share {"services":"<script>"} /-->' ) ) ), 'An attribute the block refuses falls back to the site\'s choice.' );
	}

	public function test_the_shortcode_takes_the_blocks_layout_and_refuses_what_the_block_refuses(): void {
		$aside = static fn( string $html ): ?\DOMElement => ( new Html( $html ) )->one( '//aside[@data-tp-island="share"]' );
		$this->assertStringContainsString( 'tp-share--floating', (string) $aside( do_shortcode( '[tenderpress_share layout="floating"]' ) )?->getAttribute( 'class' ), 'As the block\'s layout attribute.' );
		$this->assertStringContainsString( 'tp-share--inline', (string) $aside( do_shortcode( '[tenderpress_share layout="sideways" onclick="alert(1)"]' ) )?->getAttribute( 'class' ), 'A layout the block does not have: inline, its default.' );
		$this->assertStringNotContainsString( 'onclick', do_shortcode( '[tenderpress_share onclick="alert(1)"]' ) );
	}

	public function test_the_island_gets_the_catalogue_the_window_size_and_its_words(): void {
		$this->set_share(
			array(
				'popupWidth'    => 700,
				'copiedMessage' => 'Copied!',
			)
		);
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', Share::render(), $match ) );
		$props = json_decode( $match[1], true );
		$this->assertSame(
			array(
				'width'  => 700,
				'height' => 400,
			),
			$props['popup']
		);
		$this->assertContains( 'https', $props['protocols'] );
		$this->assertNotContains( 'javascript', $props['protocols'] );
		$this->assertCount( count( ShareServices::all() ), $props['services'], 'By default every service: those on the bar and every one under More.' );
		$mastodon = array_values( array_filter( $props['services'], static fn( array $service ) => 'mastodon' === $service['id'] ) )[0];
		$this->assertSame( 'mastodon.social', $mastodon['instance'] );
		$this->assertSame( 'Copied!', $props['i18n']['copied'] );
		$this->assertSame( 'Your %s Instance', $props['i18n']['instanceTitle'] );
		$this->assertStringEndsWith( '/build/share-icons.svg', $props['sprite'] );
	}

	public function test_bad_choices_are_refused_and_nothing_is_stored(): void {
		$this->log_in_as( 'administrator' );
		$before = get_option( Settings::OPTION, array() );
		foreach ( array(
			array( 'services' => array( 'x', '<script>' ) ),
			array( 'services' => 'x' ),
			array( 'copiedMessage' => str_repeat( 'a', 81 ) ),
			array( 'copiedMessage' => array( 'a' ) ),
			array( 'popupWidth' => 99999 ),
			array( 'more' => array( 'email', 'no-such-service' ) ),
			array( 'more' => array( 'device' ) ),
			array( 'more' => 'email' ),
			array( 'brandColours' => 'sometimes' ),
		) as $bad ) {
			update_option( Settings::OPTION, array( Share::SECTION => $this->share_form( $bad ) ) );
			$this->assertSame( $before, get_option( Settings::OPTION, array() ), wp_json_encode( $bad ) );
		}
		$this->set_share(
			array(
				'services'      => array( 'x', 'email' ),
				'copiedMessage' => '<b>Done</b>',
			)
		);
		$this->assertSame( array( 'x', 'email' ), Settings::get( 'share', 'services' ) );
		$this->assertSame( 'Done', Settings::get( 'share', 'copiedMessage' ), 'Markup is stripped.' );
		$this->assertSame( array(), Settings::section( 'share' )->fields['services']->validate( null ), 'No box ticked: none.' );
	}

	public function test_the_floating_bar_is_printed_once_in_the_footer_with_a_more_button_instead_of_the_list(): void {
		$id = $this->make_notice();
		PageView::visit( (string) get_permalink( $id ) );
		ob_start();
		do_action( 'wp_footer' );
		$footer = (string) ob_get_clean();
		$this->assertCount( 0, ( new Html( $footer ) )->all( '//aside[' . Html::has_class( 'tp-share--floating' ) . ']' ), 'Off by default.' );

		PageView::reset();
		$this->set_share( array( 'floating' => true ) );
		PageView::visit( (string) get_permalink( $id ) );
		ob_start();
		do_action( 'wp_footer' );
		$footer = (string) ob_get_clean();
		$dom    = new Html( $footer );
		$this->assertCount( 1, $dom->all( '//aside[' . Html::has_class( 'tp-share--floating' ) . ']' ) );
		$this->assertSame( array_values( ShareSettings::DEFAULT_SERVICES ), array_keys( $this->buttons( $footer ) ) );
		$this->assertCount( 0, $dom->all( '//aside//details' ), 'The full list is on the inline bar only.' );
		$this->assertNotNull( $dom->one( '//aside//button[' . Html::has_class( 'tp-share__more-button' ) . ']' ) );
		$this->assertSame( 'Share (side bar)', $dom->text( '//aside//h2' ), 'Named apart from the inline bar for screen readers.' );
	}

	public function test_stored_counts_show_on_the_buttons_and_in_the_total_without_javascript(): void {
		$id  = $this->make_notice();
		$url = (string) get_permalink( $id );
		ShareCounts::store( (string) ShareCounts::page_of( $url ), 'facebook', 1250 );
		ShareCounts::store( (string) ShareCounts::page_of( $url ), 'x', 1 );
		ShareCounts::store( (string) ShareCounts::page_of( $url ), 'pinterest', 4 );
		$content = $this->content_on( $url );
		$this->assertStringNotContainsString( 'tp-share__total', $content, 'Counts are off by default.' );
		$this->assertStringNotContainsString( 'data-tp-count', $content );

		PageView::reset();
		Share::reset();
		// An owner who shows counts chooses networks that publish them.
		$this->set_share(
			array(
				'counts'   => true,
				'services' => array( 'facebook', 'x', 'linkedin' ),
			)
		);
		$dom      = new Html( $this->content_on( $url ) );
		$facebook = $dom->one( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*[@data-tp-service="facebook"]' );
		$x        = $dom->one( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*[@data-tp-service="x"]' );
		$linkedin = $dom->one( '//ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*[@data-tp-service="linkedin"]' );
		$this->assertSame( '1.2K', $facebook->getAttribute( 'data-tp-count' ) );
		$this->assertSame( 'Facebook (opens in a new tab), 1.2K shares', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $facebook ) );
		$this->assertSame( '1', $x->getAttribute( 'data-tp-count' ) );
		$this->assertSame( 'X (opens in a new tab), 1 share', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $x ) );
		$this->assertFalse( $linkedin->hasAttribute( 'data-tp-count' ), 'No count below 1.' );
		// The total counts every service, those not on the bar too (pinterest).
		$this->assertSame( '1255', $dom->one( '//p[' . Html::has_class( 'tp-share__total' ) . ']' )->getAttribute( 'data-tp-total' ) );
		$this->assertSame( '1.2K Shares', $dom->text( '//p[' . Html::has_class( 'tp-share__total' ) . ']' ) );
	}

	public function test_the_total_reads_share_for_exactly_one_and_shares_for_zero(): void {
		$this->set_share( array( 'counts' => true ) );
		$none = (string) get_permalink( $this->make_notice() );
		$one  = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $one ), 'x', 1 );
		$this->assertSame( '0 Shares', ( new Html( $this->content_on( $none ) ) )->text( '//p[' . Html::has_class( 'tp-share__total' ) . ']' ) );
		PageView::reset();
		Share::reset();
		$this->assertSame( '1 Share', ( new Html( $this->content_on( $one ) ) )->text( '//p[' . Html::has_class( 'tp-share__total' ) . ']' ) );
	}

	public function test_counts_cost_one_query_per_page_however_many_bars_show_them(): void {
		global $wpdb;
		$this->set_share( array( 'counts' => true ) );
		PageView::visit( (string) get_permalink( $this->make_notice() ) );
		Settings::get( Share::SECTION, 'counts' );
		$before = $wpdb->num_queries;
		Share::render();
		$after_one = $wpdb->num_queries;
		Share::render( array( 'layout' => 'floating' ) );
		Share::render( array( 'services' => 'email' ) );
		$this->assertSame( 1, $after_one - $before );
		$this->assertSame( $after_one, $wpdb->num_queries );
	}

	public function test_the_floating_bar_has_an_arrow_that_hides_it_for_the_visit(): void {
		$this->set_share(
			array(
				'floating'       => true,
				'floatingOffset' => 24,
			)
		);
		PageView::visit( (string) get_permalink( $this->make_notice() ) );
		$dom   = new Html( Share::render( array( 'layout' => 'floating' ) ) );
		$aside = $dom->one( '//aside' );
		$arrow = $dom->one( '//button[' . Html::has_class( 'tp-share__toggle' ) . ']' );
		$this->assertSame( Share::REMEMBER, $aside->getAttribute( 'data-tp-remember' ), 'The runtime puts a hidden state back before the island loads.' );
		$this->assertStringContainsString( '--tp-share-offset:24px', $aside->getAttribute( 'style' ) );
		$this->assertSame( 'Hide', $arrow->getAttribute( 'title' ) );
		$this->assertSame( 'true', $arrow->getAttribute( 'aria-expanded' ) );
		$this->assertSame( $dom->one( '//ul[' . Html::has_class( 'tp-share__list' ) . ']' )->getAttribute( 'id' ), $arrow->getAttribute( 'aria-controls' ) );
		$this->assertStringContainsString( 'tp-share__button--script', $arrow->getAttribute( 'class' ), 'Hidden where scripts do not run: it needs them.' );
		$this->assertStringContainsString( '.tp-share__toggle', $aside->getAttribute( 'data-tp-replay' ), 'A click before the island loads is held for it.' );
		$this->assertNull( ( new Html( Share::render() ) )->one( '//button[' . Html::has_class( 'tp-share__toggle' ) . ']' ), 'The inline bar has none.' );
	}
}
