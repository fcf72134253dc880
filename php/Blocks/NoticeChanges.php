<?php
namespace TenderPress\Blocks;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticePostType;
use WP_Post;

/**
 * What corrigenda changed, at the top of a notice's page, so a bidder never reads facts a
 * corrigendum has replaced without being told (GOV.UK's "warning text": a heading and words, not
 * colour alone; server-rendered, so it needs no script).
 *
 * - A notice with corrigenda: "Changed on 27 Nov 2026: deadline extended — see the corrigendum",
 *   one line per corrigendum, newest first, each linking to it.
 * - A corrigendum: the notice it amends (a link) and what it changed.
 *
 * A corrigendum is a notice of type corrigendum with its notice's reference number (NoticeTabs::
 * corrigenda()). What it changed is read from its own facts against the notice's: the buyer
 * publishes the amended facts on the corrigendum, the notice keeps the ones it was published with.
 */
final class NoticeChanges {

	/**
	 * The banner for a notice or a corrigendum; '' when nothing amends it (or it amends nothing
	 * published).
	 *
	 * @param Notice        $notice     The notice or corrigendum.
	 * @param list<WP_Post> $corrigenda The notice's corrigenda, newest first (NoticeTabs::corrigenda()).
	 */
	public static function render( Notice $notice, array $corrigenda ): string {
		if ( 'corrigendum' === $notice->type ) {
			return self::amends_html( $notice );
		}
		if ( ! $corrigenda ) {
			return '';
		}
		$lines = '';
		foreach ( $corrigenda as $post ) {
			$lines .= '<li>' . sprintf(
				/* translators: 1: the date the corrigendum was published, 2: what it changed ("deadline extended"), 3: a link to the corrigendum ("see the corrigendum"). */
				__( 'Changed on %1$s: %2$s — %3$s', 'tenderpress' ),
				self::date_html( $post ),
				esc_html( self::changes_text( $notice, Notice::from_post( $post ) ) ),
				'<a href="' . esc_url( (string) get_permalink( $post ) ) . '">' . esc_html__( 'see the corrigendum', 'tenderpress' ) . '</a>'
			) . '</li>';
		}
		return self::banner( __( 'This notice has been changed', 'tenderpress' ), '<ul class="tp-notice-changes__list">' . $lines . '</ul>' );
	}

	/** A corrigendum's banner: the notice it amends and what it changed. */
	private static function amends_html( Notice $corrigendum ): string {
		$amended = self::amended( $corrigendum );
		if ( ! $amended ) {
			return '';
		}
		$notice = Notice::from_post( $amended );
		$body   = '<p>' . sprintf(
			/* translators: 1: the amended notice's title, a link, 2: its reference number. */
			__( 'This corrigendum amends %1$s (reference %2$s).', 'tenderpress' ),
			'<a href="' . esc_url( (string) get_permalink( $amended ) ) . '">' . esc_html( get_the_title( $amended ) ) . '</a>',
			esc_html( $notice->reference )
		) . '</p><p>' . sprintf(
			/* translators: 1: the date the corrigendum was published, 2: what it changed ("deadline extended"). */
			__( 'Changed on %1$s: %2$s.', 'tenderpress' ),
			self::date_html( $corrigendum->post ),
			esc_html( self::changes_text( $notice, $corrigendum ) )
		) . '</p>';
		return self::banner( __( 'Corrigendum to an earlier notice', 'tenderpress' ), $body );
	}

	private static function banner( string $title, string $body ): string {
		// A page may show more than one notice's blocks (a query loop): each banner is named by its own heading.
		$title_id = wp_unique_id( 'tp-notice-changes-title-' );
		return '<section class="tp-notice-changes" aria-labelledby="' . esc_attr( $title_id ) . '">'
			. '<span class="tp-notice-changes__icon" aria-hidden="true">!</span>'
			. '<div class="tp-notice-changes__body"><h2 class="tp-notice-changes__title" id="' . esc_attr( $title_id ) . '">' . esc_html( $title ) . '</h2>' . $body . '</div></section>';
	}

	/** The date a corrigendum was published, in the site's date format. */
	private static function date_html( WP_Post $post ): string {
		return '<time datetime="' . esc_attr( (string) get_post_time( 'c', true, $post ) ) . '">' . esc_html( (string) get_the_date( '', $post ) ) . '</time>';
	}

	/**
	 * What a corrigendum changed, in words ("deadline extended, documents revised"), from the
	 * facts that differ between it and the notice it amends.
	 */
	public static function changes_text( Notice $notice, Notice $corrigendum ): string {
		return implode( _x( ', ', 'between the changes a corrigendum made', 'tenderpress' ), self::changes( $notice, $corrigendum ) );
	}

	/**
	 * @return list<string> What differs, in the order a bidder weighs it.
	 */
	public static function changes( Notice $notice, Notice $corrigendum ): array {
		$changes = array();
		if ( null !== $corrigendum->deadline_timestamp && null !== $notice->deadline_timestamp && $corrigendum->deadline_timestamp !== $notice->deadline_timestamp ) {
			$changes[] = $corrigendum->deadline_timestamp > $notice->deadline_timestamp ? __( 'deadline extended', 'tenderpress' ) : __( 'deadline brought forward', 'tenderpress' );
		}
		$differs = static fn( $mine, $theirs ): bool => '' !== $theirs && null !== $theirs && $mine !== $theirs;
		// A moved deadline moves the opening with it: said once.
		if ( ! $changes && $differs( $notice->opening_date, $corrigendum->opening_date ) ) {
			$changes[] = __( 'bid opening moved', 'tenderpress' );
		}
		if ( $differs( $notice->value_amount, $corrigendum->value_amount ) ) {
			$changes[] = __( 'estimated value revised', 'tenderpress' );
		}
		if ( $differs( $notice->bid_security, $corrigendum->bid_security ) || $differs( $notice->document_fee, $corrigendum->document_fee ) ) {
			$changes[] = __( 'fees revised', 'tenderpress' );
		}
		if ( $corrigendum->documents && $corrigendum->documents !== $notice->documents ) {
			$changes[] = __( 'documents revised', 'tenderpress' );
		}
		if ( $differs( trim( $notice->eligibility ), trim( $corrigendum->eligibility ) ) ) {
			$changes[] = __( 'eligibility revised', 'tenderpress' );
		}
		return $changes ? $changes : array( __( 'details amended', 'tenderpress' ) );
	}

	/**
	 * The published notice a corrigendum amends: the oldest one with its reference number that is
	 * not itself a corrigendum.
	 */
	public static function amended( Notice $corrigendum ): ?WP_Post {
		if ( '' === $corrigendum->reference || 'corrigendum' !== $corrigendum->type ) {
			return null;
		}
		$args = array(
			'post_type'              => NoticePostType::POST_TYPE,
			'post_status'            => 'publish',
			'posts_per_page'         => 1,
			'no_found_rows'          => true,
			'ignore_sticky_posts'    => true,
			'update_post_term_cache' => false,
		);
		if ( NoticeIndex::ready() ) {
			global $wpdb;
			$table = NoticeIndex::table();
			$id    = $wpdb->get_var( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the lookup table's own reference index; WP_Query cannot reach it.
				$wpdb->prepare(
					"SELECT post_id FROM {$table} WHERE reference = %s AND notice_type <> 'corrigendum' ORDER BY post_date ASC, post_id ASC LIMIT 1", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
					$corrigendum->reference
				)
			);
			if ( ! $id ) {
				return null;
			}
			$args['p'] = (int) $id;
		} else {
			$args += array(
				'orderby'    => array(
					'date' => 'ASC',
					'ID'   => 'ASC',
				),
				'meta_query' => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- only until an administrator brings the schema up to date (NoticeIndex::ready()).
					array(
						'key'   => 'tp_reference',
						'value' => $corrigendum->reference,
					),
					array(
						'key'     => 'tp_notice_type',
						'value'   => 'corrigendum',
						'compare' => '!=',
					),
				),
			);
		}
		$posts = ( new \WP_Query( $args ) )->posts;
		$post  = is_array( $posts ) ? reset( $posts ) : false;
		return $post instanceof WP_Post ? $post : null;
	}
}
