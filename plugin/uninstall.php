<?php
/**
 * Uninstall: removes the plugin's own options. Notices (posts, terms and their fields) are the
 * site owner's content and stay, so reinstalling the plugin brings them back.
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'tenderpress_settings' );
delete_option( 'tenderpress_schema' );
