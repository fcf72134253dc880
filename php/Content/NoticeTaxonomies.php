<?php
namespace TenderPress\Content;

/**
 * Category (what is bought) and location (state, then city) of a notice: both hierarchical so
 * editors pick from a list and visitors can browse each term's notices.
 */
final class NoticeTaxonomies {

	public const CATEGORY = 'tender_category';
	public const LOCATION = 'tender_location';

	public function register(): void {
		add_action( 'init', array( $this, 'register_taxonomies' ) );
	}

	public function register_taxonomies(): void {
		register_taxonomy(
			self::CATEGORY,
			NoticePostType::POST_TYPE,
			array(
				'labels'            => array(
					'name'          => __( 'Notice categories', 'tenderpress' ),
					'singular_name' => __( 'Notice category', 'tenderpress' ),
					'menu_name'     => __( 'Categories', 'tenderpress' ),
					'all_items'     => __( 'All categories', 'tenderpress' ),
					'edit_item'     => __( 'Edit category', 'tenderpress' ),
					'add_new_item'  => __( 'Add new category', 'tenderpress' ),
				),
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'show_admin_column' => true,
				'rewrite'           => array(
					'slug'       => 'tender-category',
					'with_front' => false,
				),
			)
		);
		register_taxonomy(
			self::LOCATION,
			NoticePostType::POST_TYPE,
			array(
				'labels'            => array(
					'name'          => __( 'Locations', 'tenderpress' ),
					'singular_name' => __( 'Location', 'tenderpress' ),
					'all_items'     => __( 'All locations', 'tenderpress' ),
					'edit_item'     => __( 'Edit location', 'tenderpress' ),
					'add_new_item'  => __( 'Add new location', 'tenderpress' ),
					'parent_item'   => __( 'State', 'tenderpress' ),
				),
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'show_admin_column' => true,
				'rewrite'           => array(
					'slug'         => 'tender-location',
					'with_front'   => false,
					'hierarchical' => true,
				),
			)
		);
	}
}
