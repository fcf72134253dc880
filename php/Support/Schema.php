<?php
namespace TenderPress\Support;

/**
 * The plugin's own tables: made once, by the upgrade, on whichever database the site runs.
 */
final class Schema {

	/**
	 * Creates one of the plugin's tables when it is missing, in the site's character set.
	 * Asked first: on MySQL and MariaDB a CREATE TABLE, even one that finds the table, ends the
	 * current transaction.
	 *
	 * @param string $table      The table's full name.
	 * @param string $definition Its columns and keys, between the parentheses.
	 * @param string $options    Table options before the character set (e.g. "ENGINE=InnoDB").
	 */
	public static function create_table( string $table, string $definition, string $options = '' ): void {
		global $wpdb;
		if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) === $table ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a schema check.
			return;
		}
		$wpdb->query( "CREATE TABLE IF NOT EXISTS {$table} ({$definition}) {$options} " . $wpdb->get_charset_collate() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- schema of this plugin's own table.
	}
}
