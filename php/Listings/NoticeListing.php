<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticePostType;
use WP_Query;

/**
 * The notice listing (block `tenderpress/listing`): a page of notice cards and links to the other
 * pages. With `inherit` it shows the page's main query (archives, taxonomy pages); otherwise it
 * runs its own query, newest first, paged by the URL's page number.
 */
final class NoticeListing {

	/** @param array<string, mixed> $attributes inherit, perPage, noticeType, headingLevel. */
	public static function render( array $attributes ): string {
		$heading_level = isset( $attributes['headingLevel'] ) ? (int) $attributes['headingLevel'] : 2;
		$query = ! empty( $attributes['inherit'] ) ? $GLOBALS['wp_query'] : new WP_Query( self::query_args( $attributes, self::current_page() ) );
		$current = max( 1, (int) $query->get( 'paged' ) );
		$html = '<div class="tp-listing__items">';
		if ( $query->posts ) {
			$html .= '<ul class="tp-listing__list" role="list">';
			foreach ( $query->posts as $post ) {
				$html .= '<li class="tp-listing__item">' . NoticeCard::render( $post, $heading_level ) . '</li>';
			}
			$html .= '</ul>';
		} else {
			$html .= '<p class="tp-listing__empty">' . esc_html__( 'No notices found.', 'tenderpress' ) . '</p>';
		}
		$html .= '</div>';
		$html .= PageLinks::render( $current, (int) $query->max_num_pages, 'get_pagenum_link', __( 'Pages of notices', 'tenderpress' ) );
		return $html;
	}

	public static function current_page(): int {
		return max( 1, (int) get_query_var( 'paged' ), (int) get_query_var( 'page' ) );
	}

	/** @param array<string, mixed> $attributes */
	public static function query_args( array $attributes, int $page ): array {
		$per_page = isset( $attributes['perPage'] ) ? max( 1, min( 50, (int) $attributes['perPage'] ) ) : 10;
		$args = array(
			'post_type'           => NoticePostType::POST_TYPE,
			'post_status'         => 'publish',
			'posts_per_page'      => $per_page,
			'paged'               => $page,
			'ignore_sticky_posts' => true,
			'orderby'             => array(
				'date' => 'DESC',
				'ID'   => 'DESC',
			),
		);
		$type = isset( $attributes['noticeType'] ) ? sanitize_key( (string) $attributes['noticeType'] ) : '';
		if ( in_array( $type, NoticeFields::NOTICE_TYPES, true ) ) {
			$args['meta_query'] = array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- filtered listings are opt-in; indexed by meta_key.
				array(
					'key'   => 'tp_notice_type',
					'value' => $type,
				),
			);
		}
		return $args;
	}
}
