<?php
/**
 * Uninstall (Plugins > Delete): removes everything the plugin stored for itself and keeps the
 * notices, which are the site owner's content. What goes and why: php/Support/Uninstall.php.
 *
 * @package TenderPress
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/vendor/autoload.php';

\TenderPress\Support\Uninstall::run();
