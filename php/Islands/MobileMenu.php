<?php
namespace TenderPress\Islands;

use WP_Post;

/**
 * The primary menu: a <details> drawer on narrow screens and CSS dropdowns (hover and keyboard
 * focus) on wide ones, so it works without JavaScript. The island adds real buttons with
 * aria-expanded, Escape to close and focus handling.
 *
 * The block `tenderpress/menu` (its attribute `label`, the navigation's name for screen readers)
 * and the shortcode `[tenderpress_menu label="…"]`, for a classic theme's header or a widget.
 */
final class MobileMenu extends IslandBlock {

	public const ISLAND    = 'mobile-menu';
	public const BLOCK     = 'tenderpress/menu';
	public const SHORTCODE = 'tenderpress_menu';
	public const LOCATION  = 'primary';

	/**
	 * The menu's no-JS drawer and the island around it; empty without a menu in the location.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: label.
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$items = self::items();
		if ( ! $items ) {
			return '';
		}
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		$label = '' !== $label ? $label : __( 'Primary', 'tenderpress' );
		$props = array(
			'label'        => $label,
			'toggleLabel'  => __( 'Menu', 'tenderpress' ),
			/* translators: %s: menu item title. */
			'submenuLabel' => __( 'Submenu of %s', 'tenderpress' ),
			'items'        => $items,
		);
		$inner = '<details class="tp-mobile-menu__drawer"><summary class="tp-mobile-menu__toggle">'
			. '<span class="tp-mobile-menu__toggle-icon" aria-hidden="true"></span>' . esc_html( $props['toggleLabel'] ) . '</summary>'
			. self::list_html( $items, 'tp-mobile-menu__list' ) . '</details>';
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			$props,
			array(
				'tag'        => 'nav',
				'when'       => 'interaction',
				'attributes' => array( 'aria-label' => $label ),
			)
		);
	}

	/** @param list<array<string, mixed>> $items */
	private static function list_html( array $items, string $class ): string {
		$html = '<ul class="' . esc_attr( $class ) . '">';
		foreach ( $items as $item ) {
			$has_children = ! empty( $item['children'] );
			$html        .= '<li class="tp-mobile-menu__item' . ( $has_children ? ' has-children' : '' ) . '">';
			$html        .= '<a class="tp-mobile-menu__link" href="' . esc_url( $item['url'] ) . '"' . ( $item['current'] ? ' aria-current="page"' : '' ) . '>' . esc_html( $item['title'] ) . '</a>';
			if ( $has_children ) {
				// Holds the place of the island's submenu button, so mounting moves nothing.
				$html .= '<span class="tp-mobile-menu__caret" aria-hidden="true"></span>';
				$html .= self::list_html( $item['children'], 'tp-mobile-menu__submenu' );
			}
			$html .= '</li>';
		}
		return $html . '</ul>';
	}

	/**
	 * The menu assigned to the primary location as a tree, or the top-level pages when none is.
	 * The item for the page being viewed is marked current, as core's own menus mark it.
	 *
	 * @return list<array{id:int,title:string,url:string,current:bool,children:list<array>}>
	 */
	public static function items(): array {
		$locations  = get_nav_menu_locations();
		$menu_items = ! empty( $locations[ self::LOCATION ] ) ? wp_get_nav_menu_items( $locations[ self::LOCATION ] ) : false;
		$flat       = array();
		if ( is_array( $menu_items ) && $menu_items ) {
			// Core's own context rules (the ones behind `current-menu-item`): they know the queried
			// post, term or archive, and compare custom links with the request on any install path.
			_wp_menu_item_classes_by_context( $menu_items );
			foreach ( $menu_items as $item ) {
				$flat[] = array(
					'id'      => (int) $item->ID,
					'parent'  => (int) $item->menu_item_parent,
					'title'   => wp_strip_all_tags( $item->title ),
					'url'     => (string) $item->url,
					'current' => ! empty( $item->current ),
				);
			}
		} else {
			$queried = get_queried_object();
			$pages   = get_pages(
				array(
					'parent'      => 0,
					'sort_column' => 'menu_order,post_title',
					'number'      => 8,
				)
			);
			foreach ( is_array( $pages ) ? $pages : array() as $page ) {
				$flat[] = array(
					'id'      => (int) $page->ID,
					'parent'  => 0,
					'title'   => get_the_title( $page ),
					'url'     => (string) get_permalink( $page ),
					'current' => $queried instanceof WP_Post && $queried->ID === $page->ID,
				);
			}
		}
		$build = static function ( int $parent ) use ( &$build, $flat ): array {
			$tree = array();
			foreach ( $flat as $item ) {
				if ( $item['parent'] !== $parent ) {
					continue;
				}
				$tree[] = array(
					'id'       => $item['id'],
					'title'    => $item['title'],
					'url'      => esc_url_raw( $item['url'] ),
					'current'  => $item['current'],
					'children' => $build( $item['id'] ),
				);
			}
			return $tree;
		};
		return $build( 0 );
	}
}
