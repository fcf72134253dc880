<?php
/**
 * The WordPress side of dist-fresh-site.test.mjs, one step per PHP process, as each would be a
 * request of its own: install (twentytwentyfour), activate (the unzipped plugin), content (notices
 * and a page with the plugin's blocks).
 * Each step prints one JSON object. Usage: php dist-fresh-site.php SITE_DIR STEP
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
[ , $site, $step ] = $argv;

if ( 'install' === $step ) {
	define( 'WP_INSTALLING', true );
}
require $site . '/wp-load.php';

switch ( $step ) {
	case 'install':
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$installed = wp_install( 'Fresh site', 'admin', 'admin@example.test', false, '', wp_generate_password() );
		switch_theme( 'twentytwentyfour' );
		echo wp_json_encode(
			array(
				'error' => is_wp_error( $installed ) ? $installed->get_error_message() : null,
				'theme' => get_stylesheet(),
			)
		);
		break;

	case 'activate':
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		wp_set_current_user( 1 );
		// What the plugin prints while it is activated: WordPress reports any as "unexpected output".
		ob_start();
		$activated = activate_plugin( 'tenderpress/tenderpress.php' );
		$output    = ob_get_clean();
		echo wp_json_encode(
			array(
				'error'    => is_wp_error( $activated ) ? $activated->get_error_message() : null,
				'output'   => $output,
				'active'   => is_plugin_active( 'tenderpress/tenderpress.php' ),
				'header'   => get_plugin_data( WP_PLUGIN_DIR . '/tenderpress/tenderpress.php', false, false )['Version'],
				'constant' => defined( 'TENDERPRESS_VERSION' ) ? TENDERPRESS_VERSION : null,
			)
		);
		break;

	case 'content':
		wp_set_current_user( 1 );
		$deadline = wp_date( 'Y-m-d 17:00:00', time() + 30 * DAY_IN_SECONDS );
		$notices  = array();
		for ( $number = 1; $number <= 12; $number++ ) {
			$notices[] = wp_insert_post(
				array(
					'post_type'    => 'tender',
					'post_status'  => 'publish',
					'post_title'   => sprintf( 'Fresh site notice %02d', $number ),
					'post_date'    => wp_date( 'Y-m-d H:i:s', time() - $number * HOUR_IN_SECONDS ),
					'post_content' => '<!-- wp:paragraph --><p>Supply of road works.</p><!-- /wp:paragraph --><!-- wp:tenderpress/notice-facts /-->',
					'meta_input'   => array(
						'tp_notice_type' => 'tender',
						'tp_reference'   => sprintf( 'FRESH/2026/%02d', $number ),
						'tp_buyer'       => 'Fresh Site Works Department',
						'tp_deadline'    => $deadline,
					),
				),
				true
			);
		}
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Current notices',
				'post_content' => '<!-- wp:tenderpress/listing {"perPage":5} /--><!-- wp:tenderpress/back-to-top /-->',
			),
			true
		);
		$errors = array_filter( array_merge( $notices, array( $page ) ), 'is_wp_error' );
		echo wp_json_encode(
			array(
				'errors' => array_map( static fn( $error ) => $error->get_error_message(), array_values( $errors ) ),
				'page'   => get_permalink( $page ),
				'notice' => get_permalink( $notices[0] ),
			)
		);
		break;
}
