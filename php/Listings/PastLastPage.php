<?php
namespace TenderPress\Listings;

use WP_Post;

/**
 * A page number past the last page of a listing is "not found" (404), wherever the listing is.
 *
 * The notice archives get this from WordPress: their main query is the listing's
 * (NoticeArchiveQuery), so `/tenders/page/999/` finds no notice and WordPress answers 404, filtered
 * views and searches on the archive alike. A listing on a page (the home page's, a block or a
 * shortcode in a page's text) is not the page's main query, which finds the page, so
 * `/page/999/` answered 200 with the listing's last page: endless copies of one page for search
 * engines to crawl (a soft 404).
 *
 * So before a singular page is rendered with a page number, the listings it will show are found
 * in what renders it (its block template with its patterns and template parts, its text with its
 * synced patterns, their shortcodes) and counted as they will be (ListingPage::total(), with the
 * filters of the URL). When none of them has that page, the request becomes WordPress's 404, with
 * the theme's 404 template, as on the archives. A page without a listing is left to WordPress.
 * The search stops at the first listing that has the page (see a_listing_has()).
 */
final class PastLastPage {

	/** How deep patterns, template parts and synced patterns are followed inside each other. */
	private const MAX_DEPTH = 8;

	/**
	 * The blocks that stand for other content (content_it_renders()), by what opening one costs:
	 * the page's text is at hand, a synced pattern is a post, a theme pattern runs its file, and
	 * a template part is a database query that rendering asks again.
	 */
	private const OPENS = array(
		'core/post-content'  => 0,
		'core/block'         => 1,
		'core/pattern'       => 2,
		'core/template-part' => 3,
	);

	public function register(): void {
		// After WordPress (and the block theme) chose the template, before anything is rendered.
		add_filter( 'template_include', array( $this, 'not_found_past_last_page' ), 20 );
	}

	/**
	 * @param mixed $template The template file WordPress chose.
	 * @return mixed
	 */
	public function not_found_past_last_page( $template ) {
		global $wp_query;
		$page = NoticeListing::current_page();
		if ( $page < 2 || ! $wp_query instanceof \WP_Query || ! $wp_query->is_singular() || $wp_query->is_404() ) {
			return $template;
		}
		if ( false !== self::a_listing_has( $page ) ) {
			return $template;
		}
		$wp_query->set_404();
		status_header( 404 );
		nocache_headers();
		$not_found = get_404_template();
		return '' !== $not_found ? $not_found : get_index_template();
	}

	/**
	 * Whether a listing the current page will render has the page number: true as soon as one is
	 * found that has it, false when every listing is past its last page, null when the page
	 * renders no listing.
	 *
	 * The walk opens what a block stands for cheapest first (the page's text, a synced pattern,
	 * a theme pattern, then a template part, which costs a database query that rendering asks
	 * again) and stops at the first listing that has the page. So the usual request, a page that
	 * exists, reads little more than the listing's own pattern: the home page's listing is in
	 * its pattern, and the header and footer are never opened.
	 */
	private static function a_listing_has( int $page ): ?bool {
		$template = $GLOBALS['_wp_current_template_content'] ?? null;
		// A block theme renders its template, and the page's text inside it (core/post-content);
		// a classic theme renders the page's text.
		$content   = current_theme_supports( 'block-templates' ) && is_string( $template ) ? $template : self::text_of_page();
		$depth     = 0;
		$pending   = array();
		$opened    = array();
		$found_one = false;
		while ( true ) {
			if ( '' !== trim( $content ) ) {
				$inside = array();
				foreach ( parse_blocks( $content ) as $block ) {
					foreach ( self::listings_of_block( $block, $inside ) as $attributes ) {
						$found_one = true;
						$settings  = ListingSettings::from_attributes( $attributes );
						if ( $page <= ListingPage::total( $settings, NoticeFilters::from_url( $settings )['filters'] ) ) {
							return true;
						}
					}
				}
				foreach ( $inside as list( $name, $attributes ) ) {
					// What a block stands for is decided by its name and these: content opened
					// once is not opened again (a synced pattern that holds itself, a part shown
					// twice), and nothing is opened beyond the depth that would be read.
					$key = $name . wp_json_encode( array_intersect_key( $attributes, array_flip( array( 'slug', 'theme', 'ref' ) ) ) );
					if ( $depth < self::MAX_DEPTH && ! isset( $opened[ $key ] ) ) {
						$opened[ $key ] = true;
						$pending[]      = array( $name, $attributes, $depth + 1 );
					}
				}
				// Cheapest first; the sort is stable, so blocks of one kind stay in the page's order.
				usort( $pending, static fn( array $a, array $b ): int => self::OPENS[ $a[0] ] <=> self::OPENS[ $b[0] ] );
			}
			$next = array_shift( $pending );
			if ( null === $next ) {
				return $found_one ? false : null;
			}
			list( $name, $attributes, $depth ) = $next;
			$content                           = self::content_it_renders( $name, $attributes );
		}
	}

	private static function text_of_page(): string {
		$post = get_queried_object();
		return $post instanceof WP_Post ? $post->post_content : '';
	}

	/**
	 * The listings a parsed block shows itself, in its inner blocks and in their shortcodes; the
	 * blocks among them that stand for other content (a pattern, a template part, the page's
	 * text, a synced pattern) are added to $inside, to be opened later.
	 *
	 * @param array<string, mixed>                    $block  A parsed block.
	 * @param list<array{0: string, 1: array<mixed>}> $inside Name and attributes of each block that stands for other content.
	 * @param-out list<array{0: string, 1: array<mixed>}> $inside
	 * @return list<array<mixed>>
	 */
	private static function listings_of_block( array $block, array &$inside ): array {
		$name       = is_string( $block['blockName'] ?? null ) ? $block['blockName'] : '';
		$attributes = is_array( $block['attrs'] ?? null ) ? $block['attrs'] : array();
		$found      = array();
		if ( ListingSettings::BLOCK === $name ) {
			$found[] = $attributes;
		}
		if ( isset( self::OPENS[ $name ] ) ) {
			$inside[] = array( $name, $attributes );
		}
		foreach ( is_array( $block['innerBlocks'] ?? null ) ? $block['innerBlocks'] : array() as $inner ) {
			$found = array_merge( $found, self::listings_of_block( $inner, $inside ) );
		}
		// Shortcodes in the block's own markup (a paragraph, a shortcode block, classic text).
		$html = is_string( $block['innerHTML'] ?? null ) ? $block['innerHTML'] : '';
		if ( str_contains( $html, '[' . ListingShortcode::TAG ) && preg_match_all( '/' . get_shortcode_regex( array( ListingShortcode::TAG ) ) . '/', $html, $shortcodes, PREG_SET_ORDER ) ) {
			foreach ( $shortcodes as $shortcode ) {
				// [[tenderpress_listing]] is the shortcode written out, not run.
				if ( '[' !== $shortcode[1] ) {
					$found[] = ListingShortcode::attributes( shortcode_parse_atts( $shortcode[3] ) );
				}
			}
		}
		return $found;
	}

	/**
	 * The blocks a block stands for and renders: a pattern's, a template part's, the page's text,
	 * a synced pattern's; '' for any other block.
	 *
	 * @param string       $name       The block's name.
	 * @param array<mixed> $attributes The block's attributes.
	 */
	private static function content_it_renders( string $name, array $attributes ): string {
		// Attributes come from content an author may have written: each is checked before use.
		$text = static fn( string $name ): string => isset( $attributes[ $name ] ) && is_string( $attributes[ $name ] ) ? $attributes[ $name ] : '';
		switch ( $name ) {
			case 'core/pattern':
				$pattern = '' === $text( 'slug' ) ? null : \WP_Block_Patterns_Registry::get_instance()->get_registered( $text( 'slug' ) );
				return is_array( $pattern ) && is_string( $pattern['content'] ?? null ) ? $pattern['content'] : '';
			case 'core/template-part':
				$part = '' === $text( 'slug' ) ? null : get_block_template( ( '' !== $text( 'theme' ) ? $text( 'theme' ) : get_stylesheet() ) . '//' . $text( 'slug' ), 'wp_template_part' );
				return $part ? (string) $part->content : '';
			case 'core/post-content':
				return self::text_of_page();
			case 'core/block':
				$synced = isset( $attributes['ref'] ) && is_int( $attributes['ref'] ) ? get_post( $attributes['ref'] ) : null;
				// What WordPress renders of it: a published synced pattern without a password.
				return $synced instanceof WP_Post && 'wp_block' === $synced->post_type && 'publish' === $synced->post_status && '' === $synced->post_password ? $synced->post_content : '';
		}
		return '';
	}
}
