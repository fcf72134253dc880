<?php
/**
 * TenderPress theme: presentation only. Everything here degrades to nothing when the TenderPress
 * plugin is inactive (its blocks simply do not render).
 *
 * @package TenderPress
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'after_setup_theme',
	static function () {
		// The theme ships its own translations (theme/languages/<locale>.mo): it renders without the plugin.
		load_theme_textdomain( 'tenderpress-theme', get_template_directory() . '/languages' );
		register_nav_menus(
			array(
				'primary' => __( 'Primary menu', 'tenderpress-theme' ),
				'footer'  => __( 'Footer: site sections', 'tenderpress-theme' ),
			)
		);
		add_theme_support( 'title-tag' );
	}
);

// "Numbered steps" for an ordered list: each item a step of a process, its number in a circle
// (How to bid). Its look is in style.css (.is-style-steps), with the theme's other styles.
add_action(
	'init',
	static function () {
		register_block_style(
			'core/list',
			array(
				'name'  => 'steps',
				'label' => __( 'Numbered steps', 'tenderpress-theme' ),
			)
		);
	}
);

add_action(
	'wp_enqueue_scripts',
	static function () {
		$theme = wp_get_theme();
		wp_enqueue_style( 'tenderpress-theme', get_stylesheet_uri(), array(), $theme->get( 'Version' ) );
		// Visitors never need the jQuery or embed scripts some plugins pull in by default.
		wp_dequeue_script( 'wp-embed' );
	}
);

// A notice or post embedded in another page (WordPress's embed template) in colours that read:
// core's greys are 3.2:1 on white, under the 4.5:1 WCAG asks for text. After core's own styles
// (wp_enqueue_embed_styles, embed_head priority 9) and before they are printed (20).
add_action(
	'embed_head',
	static function () {
		// The palette's muted text (theme.json, the colours' one source): the embed template
		// prints no presets of its own.
		$muted = '';
		foreach ( wp_get_global_settings( array( 'color', 'palette', 'theme' ) ) as $colour ) {
			if ( 'muted' === ( $colour['slug'] ?? '' ) ) {
				$muted = sanitize_hex_color( (string) ( $colour['color'] ?? '' ) );
			}
		}
		if ( $muted ) {
			wp_add_inline_style( 'wp-embed-template', '.wp-embed,.wp-embed a,.wp-embed .wp-embed-more{color:' . $muted . '}.wp-embed a{text-decoration:underline}' );
		}
	}
);

// A term archive of a taxonomy that belongs to one post type (notice categories and locations)
// looks like that post type's archive, so the theme keeps a single notice archive template.
// A template made for that taxonomy or one of its terms still comes first, the generic
// taxonomy and archive templates after.
add_filter(
	'taxonomy_template_hierarchy',
	static function ( array $templates ): array {
		$term       = get_queried_object();
		$taxonomy   = $term instanceof WP_Term ? get_taxonomy( $term->taxonomy ) : false;
		$post_types = $taxonomy ? array_values( $taxonomy->object_type ) : array();
		if ( 1 !== count( $post_types ) ) {
			return $templates;
		}
		$generic = array_search( 'taxonomy.php', $templates, true );
		array_splice( $templates, false === $generic ? count( $templates ) : (int) $generic, 0, "archive-{$post_types[0]}.php" );
		return $templates;
	}
);

// Emoji detection adds an inline script and styles to every page; system fonts cover emoji. The
// same for a notice or post embedded elsewhere (its detection starts a worker and may fetch
// emoji pictures from WordPress.org for the visitor).
remove_action( 'wp_head', 'print_emoji_detection_script', 7 );
remove_action( 'embed_head', 'print_emoji_detection_script' );
remove_action( 'wp_print_styles', 'print_emoji_styles' );

// A skip link in the server markup (core's block-theme skip link is built by JavaScript).
remove_action( 'wp_enqueue_scripts', 'wp_enqueue_block_template_skip_link' );
remove_action( 'wp_footer', 'the_block_template_skip_link' );
add_action(
	'wp_body_open',
	static function () {
		echo '<a class="skip-link screen-reader-text" href="#main">' . esc_html__( 'Skip to content', 'tenderpress-theme' ) . '</a>';
	},
	1
);

/**
 * The links of the footer's site sections: the top level of the menu in the Footer location, or of
 * the primary menu where no footer menu is set (tenderpress/footer pattern).
 *
 * @return list<array{title:string,url:string}>
 */
function tenderpress_theme_footer_sections(): array {
	$locations = get_nav_menu_locations();
	$menu      = $locations['footer'] ?? $locations['primary'] ?? 0;
	$items     = $menu ? wp_get_nav_menu_items( $menu ) : false;
	$sections  = array();
	foreach ( is_array( $items ) ? $items : array() as $item ) {
		if ( 0 === (int) $item->menu_item_parent ) {
			$sections[] = array(
				'title' => (string) $item->title,
				'url'   => (string) $item->url,
			);
		}
	}
	return $sections;
}

/**
 * The site's published top-level pages at these addresses (`/contact/`), by address: one query
 * for them all, where a lookup of each (get_page_by_path()) costs two.
 *
 * @param list<string> $slugs The pages' addresses, each a top-level slug.
 * @return array<string, WP_Post>
 */
function tenderpress_theme_published_pages( array $slugs ): array {
	$pages   = get_posts(
		array(
			'post_type'              => 'page',
			'post_status'            => 'publish',
			'post_parent'            => 0,
			'post_name__in'          => $slugs,
			'posts_per_page'         => count( $slugs ), // phpcs:ignore WordPress.WP.PostsPerPage.posts_per_page_posts_per_page -- one per address asked for, a handful.
			'orderby'                => 'ID',
			'order'                  => 'ASC',
			'update_post_meta_cache' => false,
			'update_post_term_cache' => false,
		)
	);
	$by_slug = array();
	foreach ( $pages as $page ) {
		$by_slug[ $page->post_name ] = $page;
	}
	return $by_slug;
}

// The header keeps a strip above its row for "Sign in" (on desktops) only when the sign-in block is
// in it. Decided while the header renders rather than by a CSS :has() on the block: a browser that
// paints the header before the rest of its markup has arrived would add the strip later, and the
// whole page would move down.
add_filter(
	'render_block_core/group',
	static function ( string $html, array $block ): string {
		if ( ! str_contains( (string) ( $block['attrs']['className'] ?? '' ), 'tp-site-header' ) || ! preg_match( '/class="tp-account[ "]/', $html ) ) {
			return $html;
		}
		$tags = new WP_HTML_Tag_Processor( $html );
		if ( $tags->next_tag() && $tags->has_class( 'tp-site-header' ) ) {
			$tags->add_class( 'tp-site-header--with-account' );
		}
		return $tags->get_updated_html();
	},
	10,
	2
);
