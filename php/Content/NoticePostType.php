<?php
namespace TenderPress\Content;

/**
 * The `tender` post type: one public notice (tender, EOI, corrigendum or award).
 */
final class NoticePostType {

	public const POST_TYPE = 'tender';

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
	}

	public function register_post_type(): void {
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'        => array(
					'name'               => __( 'Notices', 'tenderpress' ),
					'singular_name'      => __( 'Notice', 'tenderpress' ),
					'add_new_item'       => __( 'Add new notice', 'tenderpress' ),
					'edit_item'          => __( 'Edit notice', 'tenderpress' ),
					'new_item'           => __( 'New notice', 'tenderpress' ),
					'view_item'          => __( 'View notice', 'tenderpress' ),
					'search_items'       => __( 'Search notices', 'tenderpress' ),
					'not_found'          => __( 'No notices found.', 'tenderpress' ),
					'not_found_in_trash' => __( 'No notices found in Trash.', 'tenderpress' ),
					'all_items'          => __( 'All notices', 'tenderpress' ),
					'archives'           => __( 'Tenders and EOIs', 'tenderpress' ),
					'menu_name'          => __( 'Notices', 'tenderpress' ),
				),
				'public'        => true,
				'has_archive'   => 'tenders',
				'rewrite'       => array(
					'slug'       => 'tenders',
					'with_front' => false,
				),
				'menu_icon'     => 'dashicons-clipboard',
				'menu_position' => 5,
				'show_in_rest'  => true,
				'rest_base'     => 'tenders',
				'supports'      => array( 'title', 'editor', 'excerpt', 'custom-fields', 'revisions' ),
				'taxonomies'    => array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ),
			)
		);
	}
}
