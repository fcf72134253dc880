<?php
namespace TenderPress\Push;

use TenderPress\Support\OptionLock;

/**
 * Sending in the background: a notice's notification becomes a job, and WP-Cron works through
 * the jobs in batches, so no web request ever waits for push services.
 *
 * - One worker at a time: a run holds a lock (Support\OptionLock: an option with an expiry,
 *   taken over only once expired, by compare-and-swap), works for at most TIME_BUDGET seconds,
 *   and schedules the next run when work is left.
 * - Progress is recorded before each batch is sent: the job's cursor (the last subscription id
 *   handed out) moves first, then the batch goes. A run that dies mid-batch (a fatal error, a
 *   killed process) resumes after that batch: its subscriptions may miss this notification,
 *   but none ever gets it twice.
 * - Memory stays flat: BATCH subscriptions at a time, read in id order from the cursor.
 * - Retries: a push service that answers 429 or 5xx, or does not answer, is asked again for
 *   that subscription up to MAX_ATTEMPTS times, after Retry-After when it gave one, else after a
 *   back-off that doubles (RETRY_BASE, 2×, 4×…). A Retry-After holds the whole push service
 *   (RFC 8030 §8.4): until it has passed, the job's other subscriptions there wait too, without
 *   it counting as one of their attempts.
 *
 * When a job is done, the notice records what happened (meta `_tp_push`: delivered, gone,
 * failed), which its edit screen shows.
 */
final class PushQueue {

	/** Each job is an option row of its own, named this and the job's id (never autoloaded). */
	public const JOB_PREFIX = 'tenderpress_push_job_';
	public const LOCK       = 'tenderpress_push_lock';
	public const HOOK       = 'tenderpress_push_send';

	/** Subscriptions read, encrypted and sent at once. */
	public const BATCH = 250;

	/** Seconds a run works before it hands over to the next one. */
	public const TIME_BUDGET = 20;

	/**
	 * Seconds a lock is good for. A run renews it before each batch, and a batch's network time
	 * is bounded (PushDelivery::MAX_NETWORK_SECONDS: its lookups' hard limit and its requests'
	 * timeout), so a batch ends well within its lock; the run's budget and room for encrypting
	 * and recording the batch come on top.
	 */
	public const LOCK_TTL = self::TIME_BUDGET + PushDelivery::MAX_NETWORK_SECONDS + 30;

	/**
	 * Seconds between a notice's publication and its first run: the block editor saves a
	 * notice's fields box in a request after the one that publishes it, and the message is read
	 * from the notice when the job starts. The `tenderpress_push_first_run_delay` filter changes it.
	 */
	public const FIRST_RUN_DELAY = MINUTE_IN_SECONDS;

	public const MAX_ATTEMPTS = 4;
	public const RETRY_BASE   = 60;

	/** The post meta where a notice records its notification. */
	public const META = '_tp_push';

	public function register(): void {
		add_action( self::HOOK, array( self::class, 'run' ) );
	}

	/**
	 * Queues a notice's notification to every matching subscription, and schedules a run. What
	 * it says and whom it is for are read from the notice when the first run starts on it, once
	 * whatever saved it has stored all its fields and terms.
	 *
	 * A notice's first notification has the job id "n<post id>", so two racing publications
	 * queue it once; one sent again on purpose ($again) gets an id of its own. Returns the id,
	 * or null when that job is queued already.
	 */
	public static function add( int $post_id, bool $again = false ): ?string {
		global $wpdb;
		$id  = 'n' . $post_id . ( $again ? '-' . strtolower( wp_generate_password( 8, false ) ) : '' );
		$job = array(
			'post'    => $post_id,
			'payload' => null,
			'topics'  => array(),
			'cursor'  => 0,
			'done'    => false,
			'retries' => array(),
			// By push service (its audience): the time a Retry-After asked it to be left alone until.
			'holds'   => array(),
			'counts'  => array_fill_keys( array( PushDelivery::DELIVERED, PushDelivery::GONE, PushDelivery::FAILED ), 0 ),
			'queued'  => time(),
		);
		// A row of its own, added only if absent: the worker never loses it, and it never
		// overwrites another job's progress.
		$added = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", self::JOB_PREFIX . $id, maybe_serialize( $job ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the queue's own rows, past every cache.
		if ( 1 !== $added ) {
			return null;
		}
		/**
		 * Filters how long after a notice is published its push notification starts going out:
		 * the block editor saves a notice's fields box in a request after the one that
		 * publishes it, and the message is read from the notice when the job starts.
		 *
		 * @param int $seconds Seconds (PushQueue::FIRST_RUN_DELAY by default); 0 or less starts at once.
		 */
		self::schedule( time() + max( 0, (int) apply_filters( 'tenderpress_push_first_run_delay', self::FIRST_RUN_DELAY ) ) );
		return $id;
	}

	/**
	 * The queued jobs, oldest first, read from the database past every cache (other processes
	 * add and change them).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function jobs(): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id", $wpdb->esc_like( self::JOB_PREFIX ) . '%' ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above.
		$jobs = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$job = maybe_unserialize( (string) $row['option_value'] );
			if ( self::is_job( $job ) ) {
				$jobs[ substr( (string) $row['option_name'], strlen( self::JOB_PREFIX ) ) ] = $job;
			}
		}
		return $jobs;
	}

	/**
	 * One queued job, read as jobs() reads them; null when it is not queued (any more).
	 *
	 * @return array<string, mixed>|null
	 */
	private static function job( string $id ): ?array {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::JOB_PREFIX . $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as in jobs().
		$job   = null === $value ? null : maybe_unserialize( (string) $value );
		return self::is_job( $job ) ? $job : null;
	}

	/**
	 * Whether an option row's value, unserialized, is a job.
	 *
	 * @param mixed $job The value.
	 */
	private static function is_job( $job ): bool {
		return is_array( $job ) && isset( $job['post'], $job['cursor'], $job['retries'], $job['counts'] );
	}

	/** WP-Cron's handler: works through the jobs for up to TIME_BUDGET seconds. */
	public static function run(): void {
		try {
			Vapid::keys();
		} catch ( \RuntimeException $e ) {
			// No key pair to sign with (none made yet, or one that cannot be read): nothing is
			// sent, and no job moves on; a later run tries again once the settings made one.
			self::schedule( time() + HOUR_IN_SECONDS );
			return;
		}
		$lock = OptionLock::take( self::LOCK, self::LOCK_TTL );
		if ( null === $lock ) {
			// Another run holds the lock; should it have died, this takes over once it expires.
			self::schedule( OptionLock::expiry( self::LOCK ) + 1 );
			return;
		}
		// Should this run die (a fatal error, a killed process), a later one takes over once its
		// lock has expired.
		$safety = time() + self::LOCK_TTL;
		$added  = self::schedule( $safety );
		$until  = microtime( true ) + self::TIME_BUDGET;
		$next   = null;
		try {
			while ( microtime( true ) < $until ) {
				$id = self::next_job( self::jobs(), time() );
				if ( null === $id ) {
					break;
				}
				// Kept for a whole lock's time from now; a run that lost it stops.
				$lock = OptionLock::renew( self::LOCK, $lock, self::LOCK_TTL );
				if ( null === $lock ) {
					return;
				}
				self::step( $id );
			}
			$jobs = self::jobs();
			$next = null === self::next_job( $jobs, time() ) ? self::earliest_retry( $jobs ) : time();
		} finally {
			if ( null !== $lock ) {
				OptionLock::release( self::LOCK, $lock );
			}
		}
		if ( null !== $next ) {
			self::schedule( $next );
		} elseif ( $added ) {
			wp_unschedule_event( $safety, self::HOOK );
		}
	}

	/**
	 * One batch of one job: its due retries first, else the next subscriptions after its cursor;
	 * a job with nothing left to send is finished.
	 */
	public static function step( string $id ): void {
		$job = self::job( $id );
		if ( null === $job ) {
			return;
		}
		$now = time();
		if ( null === $job['payload'] ) {
			$post = get_post( (int) $job['post'] );
			if ( ! $post instanceof \WP_Post || ! PushPublisher::announces( $post ) ) {
				// Unpublished, protected or of a type left out since it was queued: nobody is told.
				self::finish( $id, $job );
				return;
			}
			$job['payload'] = (string) wp_json_encode( PushMessage::for_notice( $post ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
			$job['topics']  = SubscriptionTopics::of_notice( $post );
		}

		$due      = array();
		$attempts = array();
		foreach ( $job['retries'] as $key => $retry ) {
			if ( count( $due ) < self::batch_size() && $retry[2] <= $now ) {
				$due[]                 = (int) $retry[0];
				$attempts[ $retry[0] ] = (int) $retry[1];
				unset( $job['retries'][ $key ] );
			}
		}
		$job['retries'] = array_values( $job['retries'] );

		if ( array() !== $due ) {
			$subscriptions = SubscriptionStore::by_ids( $due );
		} elseif ( ! $job['done'] ) {
			$subscriptions = SubscriptionStore::after( (int) $job['cursor'], self::batch_size() );
			if ( array() === $subscriptions ) {
				$job['done'] = true;
			} else {
				$job['cursor'] = end( $subscriptions )['id'];
			}
			$subscriptions = array_values(
				array_filter(
					$subscriptions,
					static fn( $subscription ) => SubscriptionTopics::matches( $subscription['topics'], $job['topics'] )
				)
			);
		} else {
			$subscriptions = array();
		}

		// A push service that asked to be left alone is: its subscriptions wait for it, as retries
		// that keep their attempt count.
		$job['holds'] = array_filter( $job['holds'] ?? array(), static fn( int $until ): bool => $until > $now );
		foreach ( $subscriptions as $key => $subscription ) {
			$until = $job['holds'][ (string) Vapid::audience( $subscription['endpoint'] ) ] ?? null;
			if ( null !== $until ) {
				$job['retries'][] = array( $subscription['id'], $attempts[ $subscription['id'] ] ?? 1, $until );
				unset( $subscriptions[ $key ] );
			}
		}
		$subscriptions = array_values( $subscriptions );

		if ( $job['done'] && array() === $job['retries'] && array() === $subscriptions ) {
			self::finish( $id, $job );
			return;
		}
		// Recorded before sending: a run that dies now resumes after this batch.
		self::put( $id, $job );
		if ( array() === $subscriptions ) {
			return;
		}

		/**
		 * Fires before a batch of a notice's notification goes out.
		 *
		 * @param int        $post          The notice.
		 * @param list<int>  $subscriptions The subscriptions it goes to.
		 */
		do_action( 'tenderpress_push_batch', (int) $job['post'], array_column( $subscriptions, 'id' ) );
		$outcomes = ( new PushDelivery( (string) $job['payload'], self::topic( (int) $job['post'] ), $now ) )->send( $subscriptions );
		/**
		 * Fires when a batch's push services have answered, before the answers are recorded.
		 *
		 * @param int                                   $post     The notice.
		 * @param array<int, array{0: string, 1: int}> $outcomes By subscription: PushDelivery's outcome and the seconds to wait.
		 */
		do_action( 'tenderpress_push_batch_sent', (int) $job['post'], $outcomes );
		$by        = array_fill_keys( array( PushDelivery::DELIVERED, PushDelivery::GONE, PushDelivery::FAILED ), array() );
		$retries   = array();
		$holds     = array();
		$endpoints = array_column( $subscriptions, 'endpoint', 'id' );
		foreach ( $outcomes as $subscription => list( $outcome, $wait ) ) {
			if ( PushDelivery::RETRY === $outcome && $wait > 0 ) {
				$audience           = (string) Vapid::audience( (string) ( $endpoints[ $subscription ] ?? '' ) );
				$holds[ $audience ] = max( $holds[ $audience ] ?? 0, $now + $wait );
			}
			if ( PushDelivery::RETRY === $outcome ) {
				$attempt = ( $attempts[ $subscription ] ?? 1 ) + 1;
				if ( $attempt <= self::MAX_ATTEMPTS ) {
					$retries[] = array( $subscription, $attempt, $now + max( $wait, self::RETRY_BASE * 2 ** ( $attempt - 2 ) ) );
					continue;
				}
				$outcome = PushDelivery::FAILED;
			}
			$by[ $outcome ][] = $subscription;
		}
		SubscriptionStore::delivered( $by[ PushDelivery::DELIVERED ], $now );
		SubscriptionStore::delete_many( $by[ PushDelivery::GONE ] );
		SubscriptionStore::failed( $by[ PushDelivery::FAILED ] );

		// Read again: another run may have finished it meanwhile (its lock expired).
		$job = self::job( $id );
		if ( null === $job ) {
			return;
		}
		foreach ( $by as $outcome => $ids ) {
			$job['counts'][ $outcome ] += count( $ids );
		}
		$job['retries'] = array_merge( $job['retries'], $retries );
		foreach ( $holds as $audience => $until ) {
			$job['holds'][ $audience ] = max( (int) ( $job['holds'][ $audience ] ?? 0 ), $until );
		}
		self::put( $id, $job );
	}

	/**
	 * The job to work on now: the oldest with subscriptions left or a retry due.
	 *
	 * @param array<string, array<string, mixed>> $jobs
	 */
	private static function next_job( array $jobs, int $now ): ?string {
		foreach ( $jobs as $id => $job ) {
			if ( ! $job['done'] || array() === $job['retries'] ) {
				return (string) $id;
			}
			foreach ( $job['retries'] as $retry ) {
				if ( $retry[2] <= $now ) {
					return (string) $id;
				}
			}
		}
		return null;
	}

	/**
	 * When the earliest waiting retry is due, or null when nothing waits.
	 *
	 * @param array<string, array<string, mixed>> $jobs
	 */
	private static function earliest_retry( array $jobs ): ?int {
		$times = array();
		foreach ( $jobs as $job ) {
			foreach ( $job['retries'] as $retry ) {
				$times[] = (int) $retry[2];
			}
		}
		return array() === $times ? null : min( $times );
	}

	/**
	 * Removes a finished job and records its counts on the notice.
	 *
	 * @param string               $id  The job.
	 * @param array<string, mixed> $job Its state.
	 */
	private static function finish( string $id, array $job ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::JOB_PREFIX . $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the queue's own row.
		update_post_meta( (int) $job['post'], self::META, self::record( (int) $job['queued'], $job['counts'] ) );
	}

	/**
	 * What a notice records of its notification: when it was queued and finished, and how many
	 * were delivered, gone and failed.
	 *
	 * @param int                $queued When it was queued.
	 * @param array<string, int> $counts Outcomes, by PushDelivery's constants.
	 * @return array<string, int>
	 */
	public static function record( int $queued, array $counts ): array {
		return array(
			'queued'   => $queued,
			'finished' => time(),
		) + $counts + array_fill_keys( array( PushDelivery::DELIVERED, PushDelivery::GONE, PushDelivery::FAILED ), 0 );
	}

	/**
	 * Stores a job's state (only the run holding the lock does).
	 *
	 * @param string               $id  The job.
	 * @param array<string, mixed> $job Its new state.
	 * @throws \RuntimeException When the database refuses the write: the run stops rather than
	 *                           send a batch its cursor does not cover.
	 */
	public static function put( string $id, array $job ): void {
		global $wpdb;
		$written = $wpdb->update( $wpdb->options, array( 'option_value' => maybe_serialize( $job ) ), array( 'option_name' => self::JOB_PREFIX . $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the queue's own row.
		if ( false === $written ) {
			throw new \RuntimeException( 'The push queue could not record its progress.' );
		}
	}

	/** Subscriptions per batch: BATCH, or what the `tenderpress_push_batch_size` filter makes it. */
	private static function batch_size(): int {
		/**
		 * Filters how many subscriptions one run of the push queue sends to; each batch is
		 * recorded before it goes, so a run that dies resumes after it.
		 *
		 * @param int $size Subscriptions per batch (PushQueue::BATCH by default; at least 1).
		 */
		return max( 1, (int) apply_filters( 'tenderpress_push_batch_size', self::BATCH ) );
	}

	/** The Topic header of a notice's messages: a newer one replaces an undelivered older one. */
	private static function topic( int $post_id ): string {
		return 'notice-' . $post_id;
	}

	/** Makes sure a run comes at $at or earlier; true when it added one for $at. */
	private static function schedule( int $at ): bool {
		$next = wp_next_scheduled( self::HOOK );
		if ( false !== $next && $next <= $at ) {
			return false;
		}
		if ( false !== $next ) {
			wp_unschedule_event( $next, self::HOOK );
		}
		return true === wp_schedule_single_event( $at, self::HOOK );
	}
}
