<?php
namespace TenderPress\Content;

use TenderPress\Support\Schema;
use TenderPress\Support\Upgrade;

/**
 * A lookup table of the notice fields visitors filter and sort by (type, deadline, estimated
 * value, buyer, reference): one row per published notice, one typed and indexed column per field, as
 * WooCommerce keeps its product lookup table beside postmeta. A password-protected notice's row
 * holds only what everyone may see of it (NoticeFields::PUBLIC_FIELDS).
 *
 * Why not postmeta: its meta_value column is untyped text without a usable index, so a filter on
 * a notice's type or deadline reads every row of that key (the EOI listing grew from 13 ms at 1k
 * notices to 36 ms at 10k), and sorting by deadline or value sorts them all. Here the database
 * walks an index and stops after a page. Postmeta stays the record (REST, the editor and
 * exports read it); this table is derived from it, kept in step by the meta hooks, and can be
 * rebuilt from it at any time (rebuild()). Holding published notices only, it answers the
 * filters' counts on its own, without a join.
 *
 * Writes happen only when a notice's fields are written, never on a visitor's request.
 */
final class NoticeIndex {

	/** Table name after the site's prefix. Uninstall drops every `{prefix}tenderpress_*` table. */
	public const TABLE = 'tenderpress_notices';

	/** Name of the index of term relationships this plugin adds on SQLite (create_term_index()). */
	public const TERM_INDEX = 'tenderpress_term_object';

	/** The schema version that created the table (Upgrade step 4). */
	public const SINCE_SCHEMA = 4;

	/** Meta key of each indexed field => its column. */
	public const COLUMNS = array(
		'tp_notice_type'  => 'notice_type',
		'tp_deadline'     => 'deadline',
		'tp_value_amount' => 'value_amount',
		'tp_buyer'        => 'buyer',
		'tp_reference'    => 'reference',
	);

	public function register(): void {
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( $this, 'on_meta_change' ), 10, 3 );
		}
		add_action( 'transition_post_status', array( $this, 'on_status_change' ), 10, 3 );
		add_action( 'deleted_post', array( $this, 'on_delete' ) );
	}

	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/** Whether this site has the table: its schema was brought up to date by an administrator. */
	public static function ready(): bool {
		return Upgrade::stored_version() >= self::SINCE_SCHEMA;
	}

	/**
	 * Creates the table (when missing). The indexes are the ones the filters and sorts use, each
	 * ending in the order it serves so the database reads a page and stops: newest first (the
	 * publication date, a copy of the post's; with the deadline, so a status is tested on the
	 * walk without reading each row: 5 ms instead of 22 for the newest closed notices at
	 * 100,000), a type newest first, the deadline range of a status and the "closing soonest"
	 * order, the value range and "highest value" order, a buyer newest first, and a reference
	 * number looked up exactly.
	 */
	public static function create(): void {
		Schema::create_table(
			self::table(),
			'post_id bigint(20) unsigned NOT NULL,
			post_date datetime NOT NULL,
			notice_type varchar(20) NOT NULL DEFAULT \'\',
			deadline datetime NULL DEFAULT NULL,
			value_amount decimal(19,2) NULL DEFAULT NULL,
			buyer varchar(200) NOT NULL DEFAULT \'\',
			reference varchar(100) NOT NULL DEFAULT \'\',
			PRIMARY KEY  (post_id),
			KEY post_date (post_date, post_id, deadline),
			KEY type_date (notice_type, post_date, post_id),
			KEY deadline (deadline, post_id),
			KEY value_amount (value_amount, post_id),
			KEY buyer_date (buyer(191), post_date),
			KEY reference (reference)'
		);
	}

	/**
	 * Upgrade from schema 4: the publication-date index takes the deadline too, in one statement
	 * the database applies whole.
	 */
	public static function add_deadline_to_date_index(): void {
		global $wpdb;
		// Asked first: on MySQL and MariaDB an ALTER TABLE ends the current transaction.
		if ( $wpdb->get_var( 'SHOW INDEX FROM ' . self::table() . " WHERE Key_name = 'post_date' AND Column_name = 'deadline'" ) ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- a schema check.
			return;
		}
		$wpdb->query( 'ALTER TABLE ' . self::table() . ' DROP INDEX post_date, ADD INDEX post_date (post_date, post_id, deadline)' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.SchemaChange -- this plugin's own table.
	}

	/**
	 * On SQLite, an index of term relationships by term and then notice. A category or location
	 * filter reads the notices filed under a term; WordPress's own index of that column leads to
	 * each row, one read per notice (10,000 for a category at 100,000 notices). InnoDB's version
	 * of that index holds the primary key, notice included, so MySQL and MariaDB read the index
	 * alone already; this gives SQLite the same. Added through the SQLite integration, which
	 * keeps its own record of each table's indexes.
	 *
	 * Not analysed: with statistics for this index and none for WordPress's, SQLite would take
	 * WordPress's as the cheaper one; with none for either it takes this one, as it covers the
	 * statement.
	 */
	public static function create_term_index(): void {
		global $wpdb;
		if ( NoticeSearch::on_sqlite() && ! self::has_term_index() ) {
			$wpdb->query( "ALTER TABLE {$wpdb->term_relationships} ADD INDEX " . self::TERM_INDEX . ' (term_taxonomy_id, object_id)' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.SchemaChange -- an index named after this plugin.
		}
	}

	/** Uninstall: the index above goes with the plugin. */
	public static function drop_term_index(): void {
		global $wpdb;
		if ( self::has_term_index() ) {
			$wpdb->query( "ALTER TABLE {$wpdb->term_relationships} DROP INDEX " . self::TERM_INDEX ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.SchemaChange -- the index this plugin added.
		}
	}

	private static function has_term_index(): bool {
		global $wpdb;
		return (bool) $wpdb->get_var( $wpdb->prepare( "SHOW INDEX FROM {$wpdb->term_relationships} WHERE Key_name = %s", self::TERM_INDEX ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a schema check.
	}

	/**
	 * Refills the table from postmeta in one statement: after an upgrade, and after a bulk import
	 * that wrote rows directly (the demo seeder). Costs one pass over the notices' meta.
	 */
	public static function rebuild(): void {
		global $wpdb;
		$table = self::table();
		$joins = '';
		$cols  = array();
		$index = 0;
		foreach ( self::COLUMNS as $meta_key => $column ) {
			$alias  = 'm' . ( $index++ );
			$joins .= $wpdb->prepare( " LEFT JOIN {$wpdb->postmeta} {$alias} ON {$alias}.post_id = p.ID AND {$alias}.meta_key = %s", $meta_key ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- aliases made here.
			// A protected notice's body is left out, as refresh() leaves it out.
			$cols[] = self::column_sql( $column, NoticeFields::is_public( $meta_key ) ? "{$alias}.meta_value" : "CASE WHEN p.post_password = '' THEN {$alias}.meta_value ELSE NULL END" );
		}
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- this plugin's own table, built from parts made above.
		$wpdb->query( "DELETE FROM {$table}" );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (post_id, post_date, " . implode( ', ', self::COLUMNS ) . ') SELECT p.ID, p.post_date, ' . implode( ', ', $cols ) . " FROM {$wpdb->posts} p{$joins} WHERE p.post_type = %s AND p.post_status = 'publish'",
				NoticePostType::POST_TYPE
			)
		);
		// phpcs:enable
		// On SQLite, statistics for the query planner (how selective each index is): without
		// them it may walk the publication dates where a rare type's index would be shorter.
		// InnoDB keeps its own; its ANALYZE TABLE would end the open transaction.
		$pdo = NoticeSearch::on_sqlite();
		if ( $pdo ) {
			$pdo->exec( 'ANALYZE ' . $table );
		}
		if ( NoticeFacets::ready() ) {
			NoticeFacets::rebuild();
		}
	}

	/** SQL turning a stored meta value into the column's value (NULL for "not given"). */
	private static function column_sql( string $column, string $value ): string {
		switch ( $column ) {
			case 'notice_type':
				return "COALESCE({$value}, 'tender')";
			case 'deadline':
			case 'value_amount':
				return "CASE WHEN {$value} IS NULL OR {$value} = '' THEN NULL ELSE {$value} END";
		}
		return "COALESCE({$value}, '')";
	}

	/** Writes one notice's row from its stored fields, or removes it when it is not published. */
	public static function refresh( int $post_id ): void {
		global $wpdb;
		$post = get_post( $post_id );
		if ( ! self::ready() || ! $post instanceof \WP_Post || NoticePostType::POST_TYPE !== $post->post_type ) {
			return;
		}
		if ( 'publish' !== $post->post_status ) {
			self::forget( $post_id );
			return;
		}
		$row = array(
			'post_id'   => $post_id,
			'post_date' => $post->post_date,
		);
		foreach ( self::COLUMNS as $meta_key => $column ) {
			$value          = get_post_meta( $post_id, $meta_key, true );
			$row[ $column ] = is_scalar( $value ) ? (string) $value : '';
		}
		if ( '' !== $post->post_password ) {
			// A protected notice's body is not for everyone: filters, sorts and the search, which
			// answer every visitor alike, must not find it by its buyer, value or reference.
			foreach ( self::COLUMNS as $meta_key => $column ) {
				$row[ $column ] = NoticeFields::is_public( $meta_key ) ? $row[ $column ] : '';
			}
		}
		$row['notice_type']  = '' === $row['notice_type'] ? 'tender' : $row['notice_type'];
		$row['deadline']     = '' === $row['deadline'] ? null : $row['deadline'];
		$row['value_amount'] = is_numeric( $row['value_amount'] ) ? $row['value_amount'] : null;
		$before              = NoticeFacets::ready() ? self::facets_of( $post_id ) : null;
		$wpdb->replace( self::table(), $row ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table.
		NoticeFacets::moved(
			$before,
			array(
				'notice_type' => $row['notice_type'],
				'buyer'       => $row['buyer'],
			)
		);
		NoticeSearch::write( $post_id, NoticeSearch::text_of( $post ) );
	}

	private static function forget( int $post_id ): void {
		global $wpdb;
		$before = NoticeFacets::ready() ? self::facets_of( $post_id ) : null;
		$wpdb->delete( self::table(), array( 'post_id' => $post_id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table.
		NoticeFacets::moved( $before, null );
		NoticeSearch::forget( $post_id );
	}

	/**
	 * A notice's type and buyer as its row holds them, or null without a row.
	 *
	 * @return array{notice_type:string, buyer:string}|null
	 */
	private static function facets_of( int $post_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT notice_type, buyer FROM ' . self::table() . ' WHERE post_id = %d', $post_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- this plugin's own table, read as it is written.
		return is_array( $row ) ? array(
			'notice_type' => (string) $row['notice_type'],
			'buyer'       => (string) $row['buyer'],
		) : null;
	}

	/**
	 * @param int|int[] $meta_ids IDs of the meta rows.
	 * @param int       $post_id  Post the meta belongs to.
	 * @param mixed     $meta_key Meta key; checked before use, as any code can fire these hooks.
	 */
	public function on_meta_change( $meta_ids, $post_id, $meta_key ): void {
		// Cheapest test first: this runs for every meta write on the site.
		if ( is_string( $meta_key ) && isset( self::COLUMNS[ $meta_key ] ) ) {
			self::refresh( (int) $post_id );
		}
	}

	/**
	 * A notice published, unpublished or trashed: its row follows.
	 *
	 * @param string $new_status New post status.
	 * @param string $old_status Previous post status.
	 * @param mixed  $post       The post; core passes a WP_Post.
	 */
	public function on_status_change( $new_status, $old_status, $post ): void {
		if ( $post instanceof \WP_Post && NoticePostType::POST_TYPE === $post->post_type && ( 'publish' === $new_status || 'publish' === $old_status ) ) {
			self::refresh( (int) $post->ID );
		}
	}

	public function on_delete( int $post_id ): void {
		if ( self::ready() ) {
			self::forget( $post_id );
		}
	}
}
