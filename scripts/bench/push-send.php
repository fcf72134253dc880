<?php
/**
 * Part 5 of the bench (scripts/bench/push.mjs): one new notice handed to N subscriptions, end to
 * end through the queue, as WP-Cron runs it. Reads the subscriptions (JSON lines of endpoint,
 * p256dh, auth) from the file TP_BENCH_SUBSCRIPTIONS names, stores them (not timed), turns on the
 * development setting that allows the local push service, publishes a notice (which queues its
 * notification), then runs PushQueue::run() until the job is done. Prints JSON: the time from
 * publishing to done, runs, outcomes and PHP's peak memory during the sending. Run with the
 * environment of lib/site-env.mjs naming a copy of the seeded database.
 */

require __DIR__ . '/load-wordpress.php';

use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushSettings;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Settings\Settings;

global $wpdb;
$wpdb->query( 'DELETE FROM ' . SubscriptionStore::table() );
$lines = file( (string) getenv( 'TP_BENCH_SUBSCRIPTIONS' ), FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES );
$started = microtime( true );
$wpdb->query( 'START TRANSACTION' );
foreach ( $lines as $line ) {
	$row = json_decode( $line, true );
	SubscriptionStore::insert( $row['endpoint'], $row['p256dh'], $row['auth'], SubscriptionTopics::none() );
}
$wpdb->query( 'COMMIT' );
$stored = microtime( true ) - $started;
// The harness's own list is not the sender's memory.
$count = count( $lines );
unset( $lines, $row );
gc_collect_cycles();

$fields = Settings::section( PushSettings::SECTION )->fields;
update_option( Settings::OPTION, array( PushSettings::SECTION => array( 'allowLocal' => true ) + array_map( static fn( $field ) => $field->default, $fields ) ) + (array) get_option( Settings::OPTION, array() ) );
Settings::forget_stored();
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( PushQueue::JOB_PREFIX ) . '%' ) );
delete_option( PushQueue::LOCK );

// Memory in use after each batch (cycles collected first): what a run keeps from one batch to
// the next.
$batches = array();
add_action(
	'tenderpress_push_batch_sent',
	static function () use ( &$batches ) {
		gc_collect_cycles();
		$batches[] = memory_get_usage();
	}
);
$memory_before = memory_get_usage( true );
if ( function_exists( 'memory_reset_peak_usage' ) ) {
	memory_reset_peak_usage();
}
$started = microtime( true );
$notice  = wp_insert_post(
	array(
		'post_type'   => 'tender',
		'post_status' => 'publish',
		'post_title'  => 'Bench: supply of 40 ambulances for the district hospitals',
		'meta_input'  => array(
			'tp_notice_type' => 'tender',
			'tp_buyer'       => 'Health Department',
			'tp_deadline'    => gmdate( 'Y-m-d H:i', time() + 20 * DAY_IN_SECONDS ),
		),
	)
);
$runs = 0;
while ( array() !== PushQueue::jobs() && $runs < 100 ) {
	PushQueue::run();
	++$runs;
}
$seconds = microtime( true ) - $started;
$record  = get_post_meta( (int) $notice, PushQueue::META, true );
echo wp_json_encode(
	array(
		'subscriptions' => $count,
		'storeSeconds'  => round( $stored, 2 ),
		'seconds'       => round( $seconds, 2 ),
		'runs'          => $runs,
		'delivered'     => (int) ( $record[ PushDelivery::DELIVERED ] ?? 0 ),
		'failed'        => (int) ( $record[ PushDelivery::FAILED ] ?? 0 ),
		'peakMemoryMiB' => round( memory_get_peak_usage( true ) / 1048576, 1 ),
		'baseMemoryMiB' => round( $memory_before / 1048576, 1 ),
		'batches'       => count( $batches ),
		'batchMemoryMiB' => $batches ? array( round( $batches[0] / 1048576, 1 ), round( end( $batches ) / 1048576, 1 ) ) : array(),
		'batch'         => PushQueue::BATCH,
	)
);
