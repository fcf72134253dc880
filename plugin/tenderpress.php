<?php
/**
 * Plugin Name:       TenderPress
 * Description:       Publish public tenders and expressions of interest: a notice content model, listings and light React islands for visitors.
 * Version:           0.2.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Author:            TenderPress
 * License:           GPL-2.0-or-later
 * Text Domain:       tenderpress
 * Domain Path:       /languages
 *
 * @package TenderPress
 */

defined( 'ABSPATH' ) || exit;

define( 'TENDERPRESS_VERSION', '0.2.0' );
define( 'TENDERPRESS_FILE', __FILE__ );
define( 'TENDERPRESS_DIR', __DIR__ );

// Both the installable zip and the development checkout keep vendor/ beside this file.
if ( ! is_readable( __DIR__ . '/vendor/autoload.php' ) ) {
	add_action(
		'admin_notices',
		static function () {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'TenderPress is missing its vendor/ folder. Install the plugin from its release zip, or run composer install.', 'tenderpress' ) . '</p></div>';
		}
	);
	return;
}
require_once __DIR__ . '/vendor/autoload.php';

register_activation_hook( __FILE__, array( \TenderPress\Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \TenderPress\Plugin::class, 'deactivate' ) );
\TenderPress\Plugin::boot();
