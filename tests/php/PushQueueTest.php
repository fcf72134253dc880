<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Push\P256;
use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushSettings;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Support\Base64Url;

/**
 * Sending notifications about new notices, end to end on the server: a notice's first
 * publication (directly, or when a scheduled one goes live) queues one notification, and
 * updates never queue another; WP-Cron's run delivers it, encrypted for each matching browser
 * and signed with the site's VAPID key, to a fake push service on loopback (allowed by the
 * development setting), which records what it received; what the push services answer is acted
 * on (410 and 404 remove the subscription, 429 and 5xx are retried after Retry-After or a
 * back-off, others count as failures); a run that dies mid-batch resumes without sending
 * anyone the same notice twice; one run at a time holds the lock.
 */
final class PushQueueTest extends TestCase {

	use UsesFakePushService;

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$this->forget_received();
		$wpdb->query( 'DELETE FROM ' . SubscriptionStore::table() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( PushQueue::JOB_PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		delete_option( PushQueue::LOCK );
		wp_clear_scheduled_hook( PushQueue::HOOK );
		$this->settings( array( 'allowLocal' => '1' ) );
	}

	protected function tearDown(): void {
		remove_all_actions( 'tenderpress_push_batch' );
		remove_all_actions( 'tenderpress_push_batch_sent' );
		remove_all_filters( 'tenderpress_push_batch_size' );
		parent::tearDown();
		Settings::forget_stored();
	}

	/** @param array<string, mixed> $values The push section's settings. */
	private function settings( array $values ): void {
		$this->store_section( PushSettings::SECTION, $values );
	}

	/**
	 * A browser subscribed through the fake service at a path that answers as named.
	 *
	 * @param array<string, list<int|string>> $topics
	 * @return array{0: int, 1: PushReceiver}
	 */
	private function subscriber( string $answer = 'ok', array $topics = array(), string $query = '' ): array {
		$browser  = PushReceiver::create();
		$endpoint = self::$service->url( '/push/' . $answer . '/' . wp_generate_password( 12, false ) . $query );
		$this->assertTrue( SubscriptionStore::insert( $endpoint, $browser->keys()['p256dh'], $browser->keys()['auth'], $topics + SubscriptionTopics::none() ) );
		$stored = SubscriptionStore::find( $endpoint );
		$this->assertNotNull( $stored );
		return array( $stored['id'], $browser );
	}

	/**
	 * A notice published now, with a buyer and a deadline, saved with its fields as the editor
	 * saves them.
	 *
	 * @param string               $type The notice type.
	 * @param array<string, mixed> $post Post fields.
	 */
	private function publish( string $type = 'tender', array $post = array() ): int {
		$id = wp_insert_post(
			$post + array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'post_title'  => 'Resurfacing of the ring road',
				'meta_input'  => array(
					'tp_notice_type' => $type,
					'tp_buyer'       => 'Public Works Department',
					'tp_deadline'    => '2031-03-04 15:00',
				),
			),
			true
		);
		$this->assertIsInt( $id );
		return $id;
	}

	/** One run, as WP-Cron makes it: the event is taken off the schedule, then its hook runs. */
	private function cron(): void {
		$next = wp_next_scheduled( PushQueue::HOOK );
		if ( false !== $next ) {
			wp_unschedule_event( $next, PushQueue::HOOK );
		}
		PushQueue::run();
	}

	/**
	 * Runs the queue as WP-Cron would once the first run's delay has passed, until no job is
	 * left or only retries that are not due yet.
	 */
	private function run_queue(): void {
		for ( $i = 0; $i < 20 && array() !== PushQueue::jobs(); $i++ ) {
			$this->cron();
		}
	}

	/** @return list<string> The paths the fake received, in order. */
	private function paths(): array {
		return array_column( $this->received(), 'path' );
	}

	private function path_of( int $id ): string {
		$stored = SubscriptionStore::by_ids( array( $id ) );
		$this->assertCount( 1, $stored );
		return (string) wp_parse_url( $stored[0]['endpoint'], PHP_URL_PATH );
	}

	public function test_a_published_notice_reaches_every_subscriber_encrypted_for_their_browser_and_signed_by_the_site(): void {
		list( $first, $one )  = $this->subscriber();
		list( $second, $two ) = $this->subscriber();
		$paths                = array( $this->path_of( $first ), $this->path_of( $second ) );
		$notice               = $this->publish();
		$this->assertGreaterThanOrEqual( time() + PushQueue::FIRST_RUN_DELAY - 5, wp_next_scheduled( PushQueue::HOOK ), 'A run is scheduled, a minute on (the block editor saves the notice\'s fields after publishing it); nothing was sent during the save.' );
		$this->assertSame( array(), $this->received() );

		$this->run_queue();
		$received = $this->received();
		$this->assertSame( $paths, array_column( $received, 'path' ), 'One message to each.' );
		foreach ( array( $one, $two ) as $i => $browser ) {
			$message = json_decode( $browser->decrypt( (string) base64_decode( $received[ $i ]['body'] ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
			$this->assertSame( 'Tender: Resurfacing of the ring road', $message['title'] );
			$this->assertStringStartsWith( 'Public Works Department · Deadline: ', $message['body'] );
			$this->assertSame( get_permalink( $notice ), $message['url'] );
			$this->assertSame( 'tenderpress-notice-' . $notice, $message['tag'] );
			$this->assertSame( 'POST', $received[ $i ]['method'] );
			$this->assertSame( 'aes128gcm', $received[ $i ]['encoding'] );
			$this->assertSame( (string) PushDelivery::TTL, $received[ $i ]['ttl'] );
			$this->assertSame( 'normal', $received[ $i ]['urgency'] );
			$this->assertSame( 'notice-' . $notice, $received[ $i ]['topic'] );

			$this->assertSame( 1, preg_match( '/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/D', $received[ $i ]['auth'], $token ) );
			$this->assertSame( Vapid::public_key(), $token[4] );
			$this->assertTrue( P256::verify( $token[1] . '.' . $token[2], (string) Base64Url::decode( $token[3] ), Vapid::keys()[1] ) );
			$claims = json_decode( (string) Base64Url::decode( $token[2] ), true );
			$this->assertSame( 'http://127.0.0.1:' . self::$service->port, $claims['aud'] );
			$this->assertGreaterThan( time(), $claims['exp'] );
			$this->assertLessThanOrEqual( time() + DAY_IN_SECONDS, $claims['exp'], 'RFC 8292: at most 24 hours.' );
		}

		$record = get_post_meta( $notice, PushQueue::META, true );
		$this->assertSame( 2, $record[ PushDelivery::DELIVERED ] );
		$this->assertSame( array(), PushQueue::jobs(), 'The job is done.' );
		$this->assertFalse( wp_next_scheduled( PushQueue::HOOK ), 'No run is left scheduled.' );
		foreach ( SubscriptionStore::by_ids( array( $first, $second ) ) as $subscription ) {
			$this->assertSame( 0, $subscription['failures'] );
		}
	}

	public function test_updates_unpublishing_and_republishing_never_send_again(): void {
		$this->subscriber();
		$notice = $this->publish();
		$this->run_queue();
		$this->assertCount( 1, $this->received() );

		wp_update_post(
			array(
				'ID'         => $notice,
				'post_title' => 'Resurfacing of the ring road (corrected)',
			)
		);
		wp_update_post(
			array(
				'ID'          => $notice,
				'post_status' => 'draft',
			)
		);
		wp_update_post(
			array(
				'ID'          => $notice,
				'post_status' => 'publish',
			)
		);
		$this->assertSame( array(), PushQueue::jobs() );
		$this->run_queue();
		$this->assertCount( 1, $this->received(), 'Still the one message.' );
	}

	public function test_a_scheduled_notice_sends_once_when_it_goes_live_and_not_before(): void {
		$this->subscriber();
		$notice = $this->publish(
			'eoi',
			array(
				'post_status'   => 'future',
				'post_date'     => gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ),
				'post_date_gmt' => gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ),
			)
		);
		$this->assertSame( 'future', get_post_status( $notice ) );
		$this->assertSame( array(), PushQueue::jobs(), 'Nothing queued while it waits.' );

		// What WP-Cron's publish_future_post does when the time comes.
		wp_publish_post( $notice );
		$this->assertSame( 'publish', get_post_status( $notice ) );
		$this->assertCount( 1, PushQueue::jobs() );
		$this->run_queue();
		$this->assertCount( 1, $this->received() );
		wp_publish_post( $notice );
		$this->run_queue();
		$this->assertCount( 1, $this->received(), 'Publishing it again sends nothing.' );
	}

	public function test_only_subscribers_whose_topics_take_the_notice_hear_of_it(): void {
		$works = wp_insert_term( 'Works', NoticeTaxonomies::CATEGORY );
		$roads = wp_insert_term( 'Roads', NoticeTaxonomies::CATEGORY, array( 'parent' => $works['term_id'] ) );
		$it    = wp_insert_term( 'IT services', NoticeTaxonomies::CATEGORY );
		$pune  = wp_insert_term( 'Pune', NoticeTaxonomies::LOCATION );
		$goa   = wp_insert_term( 'Goa', NoticeTaxonomies::LOCATION );

		list( $everything ) = $this->subscriber();
		list( $tenders )    = $this->subscriber( 'ok', array( 'types' => array( 'tender' ) ) );
		list( $eois )       = $this->subscriber( 'ok', array( 'types' => array( 'eoi' ) ) );
		list( $works_pune ) = $this->subscriber(
			'ok',
			array(
				'categories' => array( $works['term_id'] ),
				'locations'  => array( $pune['term_id'] ),
			)
		);
		list( $works_goa )  = $this->subscriber(
			'ok',
			array(
				'categories' => array( $works['term_id'] ),
				'locations'  => array( $goa['term_id'] ),
			)
		);
		list( $it_only )    = $this->subscriber( 'ok', array( 'categories' => array( $it['term_id'] ) ) );
		$expected           = array_map( array( $this, 'path_of' ), array( $everything, $tenders, $works_pune ) );

		$notice = $this->make_notice(
			array( 'tp_notice_type' => 'tender' ),
			array(
				'post_status' => 'draft',
				'post_title'  => 'Road repairs in Pune',
			)
		);
		wp_set_object_terms( $notice, array( $roads['term_id'] ), NoticeTaxonomies::CATEGORY );
		wp_set_object_terms( $notice, array( $pune['term_id'] ), NoticeTaxonomies::LOCATION );
		wp_update_post(
			array(
				'ID'          => $notice,
				'post_status' => 'publish',
			)
		);
		$this->run_queue();
		$this->assertSame( $expected, $this->paths(), 'Everything, tenders, and Works (its sub-category Roads) in Pune; not EOIs, Goa or IT.' );
		$this->assertNotContains( $this->path_of( $eois ), $this->paths() );
		$this->assertNotContains( $this->path_of( $works_goa ), $this->paths() );
		$this->assertNotContains( $this->path_of( $it_only ), $this->paths() );
	}

	public function test_a_subscription_the_push_service_says_is_gone_is_removed_and_failures_are_counted(): void {
		list( $gone )      = $this->subscriber( '410' );
		list( $not_found ) = $this->subscriber( '404' );
		list( $refused )   = $this->subscriber( '400' );
		list( $fine )      = $this->subscriber();
		$notice            = $this->publish();
		$this->run_queue();

		$this->assertSame( array(), SubscriptionStore::by_ids( array( $gone, $not_found ) ), '410 and 404 remove the subscription.' );
		$left = array_column( SubscriptionStore::by_ids( array( $refused, $fine ) ), 'failures', 'id' );
		$this->assertSame(
			array(
				$refused => 1,
				$fine    => 0,
			),
			$left
		);
		$record = get_post_meta( $notice, PushQueue::META, true );
		$this->assertSame( array( 1, 2, 1 ), array( $record[ PushDelivery::DELIVERED ], $record[ PushDelivery::GONE ], $record[ PushDelivery::FAILED ] ) );

		// Refused MAX_FAILURES times in a row: removed.
		for ( $i = 1; $i < SubscriptionStore::MAX_FAILURES; $i++ ) {
			$this->publish();
			$this->run_queue();
		}
		$this->assertSame( array(), SubscriptionStore::by_ids( array( $refused ) ) );
		$this->assertCount( 1, SubscriptionStore::by_ids( array( $fine ) ) );
	}

	public function test_a_busy_push_service_is_asked_again_after_its_retry_after_then_given_up_on(): void {
		list( $busy ) = $this->subscriber( '429', array(), '?retry=120' );
		list( $down ) = $this->subscriber( '503' );
		$path_busy    = $this->path_of( $busy );
		$notice       = $this->publish();
		$before       = time();
		$this->run_queue();
		$this->assertCount( 2, $this->received() );

		$jobs = PushQueue::jobs();
		$this->assertCount( 1, $jobs, 'The job waits for its retries.' );
		$retries = array_column( current( $jobs )['retries'], null, 0 );
		$this->assertSame( 2, $retries[ $busy ][1], 'The second attempt.' );
		$this->assertGreaterThanOrEqual( $before + 120, $retries[ $busy ][2], 'Not before Retry-After.' );
		$this->assertGreaterThanOrEqual( $before + PushQueue::RETRY_BASE, $retries[ $down ][2], 'Without Retry-After, after the back-off.' );
		$this->assertSame( min( $retries[ $busy ][2], $retries[ $down ][2] ), wp_next_scheduled( PushQueue::HOOK ), 'The next run is when the first retry is due.' );

		// Nothing is due yet: a run sends nothing.
		$this->cron();
		$this->assertCount( 2, $this->received() );

		// Each time the retries come due, they go again, up to MAX_ATTEMPTS in all.
		for ( $attempt = 2; $attempt <= PushQueue::MAX_ATTEMPTS; $attempt++ ) {
			$this->make_retries_due();
			$this->cron();
			$this->assertCount( 2 * $attempt, $this->received(), "Attempt {$attempt}." );
		}
		$this->assertSame( array(), PushQueue::jobs(), 'Given up on after the last attempt.' );
		$this->assertSame( 2, (int) get_post_meta( $notice, PushQueue::META, true )[ PushDelivery::FAILED ] );
		$this->assertSame( PushQueue::MAX_ATTEMPTS, count( array_keys( $this->paths(), $path_busy, true ) ) );
	}

	public function test_a_retry_after_holds_that_push_service_for_the_jobs_other_subscriptions_too(): void {
		add_filter( 'tenderpress_push_batch_size', static fn() => 1 );
		list( $busy ) = $this->subscriber( '429', array(), '?retry=120' );
		list( $second ) = $this->subscriber();
		list( $third )  = $this->subscriber();
		$before         = time();
		$this->publish();

		$this->cron();
		$this->assertSame( array( $this->path_of( $busy ) ), $this->paths(), 'The first batch went out.' );
		// The next batches come to the same push service while its Retry-After lasts: they wait.
		$this->cron();
		$this->cron();
		$this->assertCount( 1, $this->received(), 'Nothing more was sent to a push service that asked to be left alone.' );
		$retries = array_column( current( PushQueue::jobs() )['retries'], null, 0 );
		$this->assertSame( array( $busy, $second, $third ), array_keys( $retries ) );
		foreach ( array( $second, $third ) as $waiting ) {
			$this->assertSame( 1, $retries[ $waiting ][1], 'Waiting is not an attempt.' );
			$this->assertGreaterThanOrEqual( $before + 120, $retries[ $waiting ][2] );
		}

		// Once it has passed, the three go again together; the two that waited are reached.
		remove_all_filters( 'tenderpress_push_batch_size' );
		$this->make_retries_due();
		$this->cron();
		$this->assertEqualsCanonicalizing( array( $this->path_of( $busy ), $this->path_of( $busy ), $this->path_of( $second ), $this->path_of( $third ) ), $this->paths() );
		$this->assertSame( array( $busy ), array_column( current( PushQueue::jobs() )['retries'], 0 ), 'Only the busy one waits again.' );
	}

	public function test_an_unreachable_push_service_is_retried(): void {
		$browser  = PushReceiver::create();
		$endpoint = 'http://127.0.0.1:' . FakeServer::free_port() . '/push/ok/nobody-listens';
		$this->assertTrue( SubscriptionStore::insert( $endpoint, $browser->keys()['p256dh'], $browser->keys()['auth'], SubscriptionTopics::none() ) );
		$this->publish();
		$this->cron();
		$this->assertCount( 1, current( PushQueue::jobs() )['retries'] );
	}

	public function test_a_run_that_dies_mid_batch_resumes_and_nobody_gets_the_notice_twice(): void {
		add_filter( 'tenderpress_push_batch_size', static fn() => 2 );
		$ids = array();
		for ( $i = 0; $i < 7; $i++ ) {
			$ids[] = $this->subscriber()[0];
		}
		$this->publish();

		// The second batch's run dies after the push services answered, before it recorded
		// anything; then another run dies before its batch went out.
		$batches = 0;
		add_action(
			'tenderpress_push_batch_sent',
			static function () use ( &$batches ) {
				if ( 2 === ++$batches ) {
					throw new \RuntimeException( 'The run died.' );
				}
			}
		);
		try {
			$this->cron();
			$this->fail( 'The run was to die.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'The run died.', $e->getMessage() );
		}
		$this->assertCount( 4, $this->received(), 'Two batches went out.' );
		$this->assertNull( get_option( PushQueue::LOCK, null ), 'A run that throws releases the lock.' );

		remove_all_actions( 'tenderpress_push_batch_sent' );
		add_action(
			'tenderpress_push_batch',
			static function () {
				throw new \RuntimeException( 'The run died again.' );
			}
		);
		try {
			$this->cron();
			$this->fail( 'The run was to die.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'The run died again.', $e->getMessage() );
		}
		remove_all_actions( 'tenderpress_push_batch' );
		// A run that died left the next one scheduled, for when its lock has expired.
		$this->assertGreaterThanOrEqual( time() + PushQueue::LOCK_TTL - 5, wp_next_scheduled( PushQueue::HOOK ) );
		while ( array() !== PushQueue::jobs() && count( $this->received() ) < 20 ) {
			$this->cron();
		}

		$counts = array_count_values( $this->paths() );
		$this->assertSame( array( 1 ), array_values( array_unique( $counts ) ), 'Nobody got it twice.' );
		$sent = array_map( array( $this, 'path_of' ), $ids );
		$this->assertSame( array_merge( array_slice( $sent, 0, 4 ), array_slice( $sent, 6 ) ), $this->paths(), 'The batch that died before it went out is skipped; the rest resumed after it.' );
		$this->assertSame( array(), PushQueue::jobs() );
	}

	public function test_one_run_at_a_time_and_an_expired_lock_is_taken_over(): void {
		$this->subscriber();
		$this->publish();
		add_option( PushQueue::LOCK, ( time() + 60 ) . '-other', '', false );
		$this->cron();
		$this->assertSame( array(), $this->received(), 'Another run holds the lock.' );
		$this->assertCount( 1, PushQueue::jobs() );

		update_option( PushQueue::LOCK, ( time() - 1 ) . '-crashed' );
		$this->cron();
		$this->assertCount( 1, $this->received(), 'A lock left by a run that died is taken over once expired.' );
		$this->assertSame( array(), PushQueue::jobs() );
	}

	/**
	 * @dataProvider notices_not_announced
	 * @param array<string, mixed> $settings The push settings.
	 * @param string               $type     The notice's type.
	 * @param array<string, mixed> $post     Its post fields.
	 */
	public function test_notices_that_are_not_news_or_not_chosen_send_nothing( array $settings, string $type, array $post ): void {
		$this->subscriber();
		$this->settings( $settings + array( 'allowLocal' => '1' ) );
		$notice = $this->publish( $type, $post );
		$this->run_queue();
		$this->assertSame( array(), $this->received() );
		$this->assertSame( array(), PushQueue::jobs() );
		$record = get_post_meta( $notice, PushQueue::META, true );
		$this->assertSame( 0, is_array( $record ) ? $record[ PushDelivery::DELIVERED ] : 0 );
	}

	/** @return array<string, array{array<string, mixed>, string, array<string, mixed>}> */
	public static function notices_not_announced(): array {
		return array(
			'a type the settings leave out' => array( array(), 'corrigendum', array() ),
			'no type chosen at all'         => array( array( 'types' => array() ), 'tender', array() ),
			'password-protected'            => array( array(), 'tender', array( 'post_password' => 'secret' ) ),
			'dated three days ago'          => array(
				array(),
				'tender',
				array(
					'post_date'     => gmdate( 'Y-m-d H:i:s', time() - 3 * DAY_IN_SECONDS ),
					'post_date_gmt' => gmdate( 'Y-m-d H:i:s', time() - 3 * DAY_IN_SECONDS ),
				),
			),
		);
	}

	public function test_the_type_is_read_when_the_job_starts_as_the_block_editor_saves_it_after_publishing(): void {
		list( $tenders ) = $this->subscriber( 'ok', array( 'types' => array( 'tender' ) ) );
		list( $eois )    = $this->subscriber( 'ok', array( 'types' => array( 'eoi' ) ) );
		// Published first (type not yet saved: the default, tender), its fields saved after.
		$notice = $this->make_notice( array(), array( 'post_title' => 'Consultants for the metro survey' ) );
		update_post_meta( $notice, 'tp_notice_type', 'eoi' );
		update_post_meta( $notice, 'tp_buyer', 'Metro Rail Corporation' );
		$this->run_queue();
		$this->assertSame( array( $this->path_of( $eois ) ), $this->paths() );
		$this->assertNotContains( $this->path_of( $tenders ), $this->paths() );
	}

	public function test_racing_publications_queue_a_notice_once_and_sending_again_is_a_job_of_its_own(): void {
		$this->subscriber();
		$notice = $this->publish();
		$this->assertNull( PushQueue::add( $notice ), 'Its first notification is queued already.' );
		$this->assertCount( 1, PushQueue::jobs() );
		$this->assertNotNull( PushQueue::add( $notice, true ) );
		$this->assertCount( 2, PushQueue::jobs() );
		$this->run_queue();
		$this->assertCount( 2, $this->received() );
	}

	public function test_with_no_subscribers_a_notice_is_recorded_as_done_without_a_job(): void {
		$notice = $this->publish();
		$this->assertSame( array(), PushQueue::jobs() );
		$this->assertFalse( wp_next_scheduled( PushQueue::HOOK ) );
		$record = get_post_meta( $notice, PushQueue::META, true );
		$this->assertSame( 0, $record[ PushDelivery::DELIVERED ] );
		$this->subscriber();
		wp_update_post(
			array(
				'ID'         => $notice,
				'post_title' => 'Changed',
			)
		);
		$this->assertSame( array(), PushQueue::jobs(), 'A later update does not send it either.' );
	}

	public function test_a_local_push_service_is_not_sent_to_once_the_development_setting_is_off(): void {
		list( $id ) = $this->subscriber();
		$this->publish();
		$this->settings( array( 'allowLocal' => '0' ) );
		$this->run_queue();
		$this->assertSame( array(), $this->received(), 'Checked again at sending time.' );
		$this->assertSame( 1, SubscriptionStore::by_ids( array( $id ) )[0]['failures'] );
	}

	public function test_without_a_key_pair_nothing_is_sent_and_no_job_moves_on_until_one_is_made(): void {
		list( $id ) = $this->subscriber();
		delete_option( Vapid::OPTION );
		delete_option( Vapid::PUBLIC_OPTION );
		$this->publish();
		$jobs = PushQueue::jobs();
		$this->assertCount( 1, $jobs );

		$this->cron();
		$this->assertSame( array(), $this->received() );
		$this->assertSame( $jobs, PushQueue::jobs(), 'The job waits where it was.' );
		$this->assertNotFalse( wp_next_scheduled( PushQueue::HOOK ), 'A later run is scheduled.' );

		Vapid::create();
		$this->run_queue();
		$this->assertSame( array( $this->path_of( $id ) ), $this->paths() );
	}

	public function test_retry_after_is_read_as_seconds_or_a_date_and_capped(): void {
		$now = 1_800_000_000;
		$this->assertSame( 120, PushDelivery::retry_after( '120', $now ) );
		$this->assertSame( 90, PushDelivery::retry_after( gmdate( 'D, d M Y H:i:s', $now + 90 ) . ' GMT', $now ) );
		$this->assertSame( 0, PushDelivery::retry_after( gmdate( 'D, d M Y H:i:s', $now - 90 ) . ' GMT', $now ), 'A date gone by.' );
		$this->assertSame( PushDelivery::MAX_RETRY_AFTER, PushDelivery::retry_after( '99999999', $now ) );
		$this->assertSame( 0, PushDelivery::retry_after( 'soon', $now ) );
		$this->assertSame( 0, PushDelivery::retry_after( '', $now ) );
		$this->assertSame( 0, PushDelivery::retry_after( '-5', $now ) );
		// Not dates, though strtotime() reads them against the clock ("-5": now at UTC-5).
		foreach ( array( '-5', '+1 hour', 'tomorrow', 'now' ) as $not_a_date ) {
			$this->assertSame( 0, PushDelivery::retry_after( $not_a_date, time() ), $not_a_date );
		}
		$this->assertSame( 90, PushDelivery::retry_after( gmdate( 'l, d-M-y H:i:s', $now + 90 ) . ' GMT', $now ), 'RFC 850.' );
		$this->assertSame( 90, PushDelivery::retry_after( gmdate( 'D M j H:i:s Y', $now + 90 ), $now ), 'asctime.' );
	}

	/** Moves every waiting retry's time, and every push service's hold, to now. */
	private function make_retries_due(): void {
		$jobs = PushQueue::jobs();
		foreach ( $jobs as $id => $job ) {
			foreach ( $job['retries'] as $key => $retry ) {
				$jobs[ $id ]['retries'][ $key ][2] = time();
			}
			$jobs[ $id ]['holds'] = array();
		}
		foreach ( $jobs as $id => $job ) {
			PushQueue::put( $id, $job );
		}
	}
}
