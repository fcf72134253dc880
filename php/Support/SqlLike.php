<?php
namespace TenderPress\Support;

/**
 * LIKE conditions whose pattern comes from a value (a search's word, a name's start): the value
 * is escaped with $wpdb->esc_like(), so a `%` or `_` in it matches itself rather than any text
 * or any character, and the pattern is bound by $wpdb->prepare(), never written into the SQL.
 */
final class SqlLike {

	/**
	 * The condition that a column starts with a value, prepared.
	 *
	 * @param string $column The column, as SQL (made by the caller, never from input).
	 * @param string $start  What the column's value starts with, as it is.
	 */
	public static function starts_with( string $column, string $start ): string {
		global $wpdb;
		return (string) $wpdb->prepare( "{$column} LIKE %s", $wpdb->esc_like( $start ) . '%' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the column is the caller's SQL.
	}
}
