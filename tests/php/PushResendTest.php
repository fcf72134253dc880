<?php
namespace TenderPress\Tests;

use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushResend;
use TenderPress\Push\PushSettings;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Settings\Settings;

/**
 * An editor sends a notice's notification again on purpose (publishing never sends twice): from
 * the notice's edit screen, whose box says how the last one went, or its row in the notices list.
 * Only those who may edit the notice, with the link's nonce, and only for a notice that sends
 * one (published, public, of a chosen type); anyone else is refused and nothing is queued.
 */
final class PushResendTest extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . SubscriptionStore::table() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->forget_jobs();
		wp_clear_scheduled_hook( PushQueue::HOOK );
		$this->store_section( PushSettings::SECTION, array() );
		SubscriptionStore::insert( 'https://93.184.215.14/push/resend', 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8', 'BTBZMqHH6r4Tts7J_aSIgg', SubscriptionTopics::none() );
	}

	protected function tearDown(): void {
		wp_clear_scheduled_hook( PushQueue::HOOK );
		parent::tearDown();
		Settings::forget_stored();
	}

	/** Removes every queued job (the test's own transaction rolls it back anyway). */
	private function forget_jobs(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( PushQueue::JOB_PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * A notice saved with its fields, as the editor saves it.
	 *
	 * @param array<string, mixed> $post Post fields.
	 */
	private function notice( string $type = 'tender', array $post = array() ): int {
		$id = wp_insert_post(
			$post + array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'post_title'  => 'Repairs to the district court roof',
				'meta_input'  => array( 'tp_notice_type' => $type ),
			),
			true
		);
		$this->assertIsInt( $id );
		return $id;
	}

	/** The notice's row links in the notices list. */
	private function row( int $id ): array {
		return ( new PushResend() )->row_action( array( 'edit' => '<a href="#">Edit</a>' ), get_post( $id ) );
	}

	private function box( int $id ): Html {
		ob_start();
		( new PushResend() )->render_box( get_post( $id ) );
		return new Html( (string) ob_get_clean() );
	}

	private function nonce_of( string $url ): string {
		parse_str( (string) wp_parse_url( html_entity_decode( $url ), PHP_URL_QUERY ), $query );
		return (string) ( $query['_wpnonce'] ?? '' );
	}

	public function test_an_editor_sends_a_published_notice_again_from_its_box_or_its_row(): void {
		$this->log_in_as( 'editor' );
		$id    = $this->notice();
		$first = count( PushQueue::jobs() );
		$this->assertSame( 1, $first, 'Publishing queued it once.' );

		$link = $this->box( $id )->one( '//a[text()="Send notification again"]' );
		$this->assertNotNull( $link );
		$this->assertStringContainsString( 'action=' . PushResend::ACTION, $link->getAttribute( 'href' ) );
		$this->assertArrayHasKey( 'tenderpress_push', $this->row( $id ) );

		// Its first notification went out more than the cooldown ago.
		$this->forget_jobs();
		update_post_meta( $id, PushQueue::META, PushQueue::record( time() - PushResend::COOLDOWN - 1, array() ) );
		$this->assertSame( 'queued', PushResend::resend( $id, $this->nonce_of( $link->getAttribute( 'href' ) ) ) );
		$this->assertCount( 1, PushQueue::jobs(), 'Sent again, on purpose.' );
		$this->assertNotFalse( wp_next_scheduled( PushQueue::HOOK ) );
	}

	public function test_a_notice_is_sent_again_at_most_once_per_cooldown(): void {
		$this->log_in_as( 'author' );
		$id    = $this->notice( 'tender', array( 'post_author' => get_current_user_id() ) );
		$nonce = $this->nonce_of( PushResend::url( $id ) );
		$this->assertCount( 1, PushQueue::jobs(), 'Publishing queued it once.' );

		// Right after publishing, while the first is still queued: refused, nothing queued.
		$this->assertSame( 'wait', PushResend::resend( $id, $nonce ) );
		$this->assertCount( 1, PushQueue::jobs() );

		// Once sent, within the cooldown: refused again, however often the author asks.
		$this->forget_jobs();
		update_post_meta( $id, PushQueue::META, PushQueue::record( time() - PushResend::COOLDOWN + 60, array( PushDelivery::DELIVERED => 1 ) ) );
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertSame( 'wait', PushResend::resend( $id, $nonce ) );
		}
		$this->assertSame( array(), PushQueue::jobs() );

		// After it: sent again once, and that starts a new cooldown.
		update_post_meta( $id, PushQueue::META, PushQueue::record( time() - PushResend::COOLDOWN - 1, array( PushDelivery::DELIVERED => 1 ) ) );
		$this->assertSame( 'queued', PushResend::resend( $id, $nonce ) );
		$this->assertSame( 'wait', PushResend::resend( $id, $nonce ) );
		$this->assertCount( 1, PushQueue::jobs() );

		// The editor reads why after the redirect.
		$_GET[ PushResend::RESULT ] = 'wait';
		ob_start();
		( new PushResend() )->show_result();
		$this->assertStringContainsString( 'went out less than 1 hour ago', (string) ob_get_clean() );
	}

	public function test_without_the_nonce_or_the_right_to_edit_the_notice_nothing_is_queued(): void {
		$this->log_in_as( 'editor' );
		$id    = $this->notice();
		$nonce = $this->nonce_of( PushResend::url( $id ) );
		$this->forget_jobs();

		foreach ( array( '', 'abc123', $this->nonce_of( PushResend::url( $id + 1 ) ) ) as $bad ) {
			$result = PushResend::resend( $id, $bad );
			$this->assertInstanceOf( \WP_Error::class, $result );
			$this->assertSame( 'You may not send this notice\'s notification.', $result->get_error_message() );
		}

		$this->log_in_as( 'contributor' );
		$this->assertInstanceOf( \WP_Error::class, PushResend::resend( $id, $this->nonce_of( PushResend::url( $id ) ) ), 'A contributor may not edit a published notice.' );
		$this->assertArrayNotHasKey( 'tenderpress_push', $this->row( $id ), 'Nor sees the link.' );
		$this->assertNull( $this->box( $id )->one( '//a[text()="Send notification again"]' ) );

		wp_set_current_user( 0 );
		$this->assertInstanceOf( \WP_Error::class, PushResend::resend( $id, $nonce ) );
		$this->assertSame( array(), PushQueue::jobs() );
	}

	/**
	 * @dataProvider notices_that_send_none
	 * @param string               $type The notice's type.
	 * @param array<string, mixed> $post Its post fields.
	 */
	public function test_a_notice_that_sends_no_notification_is_refused_and_offers_no_link( string $type, array $post ): void {
		$this->log_in_as( 'editor' );
		$id = $this->notice( $type, $post );
		$this->forget_jobs();
		$this->assertArrayNotHasKey( 'tenderpress_push', $this->row( $id ) );
		$box = $this->box( $id );
		$this->assertNull( $box->one( '//a[text()="Send notification again"]' ) );
		$this->assertStringContainsString( 'published, public notices of the types chosen', $box->text( '//p[2]' ) );
		$this->assertSame( 'refused', PushResend::resend( $id, $this->nonce_of( PushResend::url( $id ) ) ) );
		$this->assertSame( array(), PushQueue::jobs() );
	}

	/** @return array<string, array{string, array<string, mixed>}> */
	public static function notices_that_send_none(): array {
		return array(
			'a draft'                       => array( 'tender', array( 'post_status' => 'draft' ) ),
			'a type the settings leave out' => array( 'award', array() ),
			'protected by a password'       => array( 'tender', array( 'post_password' => 'secret' ) ),
		);
	}

	public function test_the_box_says_how_the_last_notification_went(): void {
		$this->log_in_as( 'editor' );
		$id = $this->notice( 'tender', array( 'post_status' => 'draft' ) );
		$this->assertSame( 'No notification has been sent for this notice.', $this->box( $id )->text( '//p[1]' ) );
		update_post_meta( $id, PushQueue::META, array( 'queued' => time() ) );
		$this->assertSame( 'Its notification is being sent.', $this->box( $id )->text( '//p[1]' ) );
		update_post_meta(
			$id,
			PushQueue::META,
			PushQueue::record(
				time() - 60,
				array(
					PushDelivery::DELIVERED => 1204,
					PushDelivery::GONE      => 3,
					PushDelivery::FAILED    => 1,
				)
			)
		);
		$this->assertMatchesRegularExpression( '/^Sent .+: 1204 delivered, 3 to ended subscriptions, 1 failed\.$/', $this->box( $id )->text( '//p[1]' ) );
	}

	public function test_after_the_redirect_the_editor_reads_what_became_of_it(): void {
		foreach ( array(
			'queued'  => 'The notification is on its way',
			'refused' => 'This notice sends no notification',
			'other'   => '',
		) as $result => $said ) {
			$_GET[ PushResend::RESULT ] = $result;
			ob_start();
			( new PushResend() )->show_result();
			$shown = (string) ob_get_clean();
			if ( '' === $said ) {
				$this->assertSame( '', $shown );
			} else {
				$this->assertStringContainsString( $said, $shown );
			}
		}
	}
}
