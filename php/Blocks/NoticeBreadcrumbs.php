<?php
namespace TenderPress\Blocks;

use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;
use WP_Post;

/**
 * Where a notice sits on the site, above its title: Home › Tenders › its category, as links,
 * in a navigation landmark of its own (GOV.UK's breadcrumbs pattern). The notice itself is not
 * repeated: its title follows right below.
 */
final class NoticeBreadcrumbs {

	public static function render( WP_Post $post ): string {
		$links = array( __( 'Home', 'tenderpress' ) => home_url( '/' ) );
		$list  = get_post_type_archive_link( NoticePostType::POST_TYPE );
		if ( $list ) {
			$links[ __( 'Tenders', 'tenderpress' ) ] = $list;
		}
		$terms = get_the_terms( $post, NoticeTaxonomies::CATEGORY );
		if ( is_array( $terms ) && $terms ) {
			$url = get_term_link( $terms[0] );
			if ( ! is_wp_error( $url ) ) {
				$links[ $terms[0]->name ] = $url;
			}
		}
		$html = '<nav class="tp-breadcrumbs" aria-label="' . esc_attr__( 'Breadcrumb', 'tenderpress' ) . '"><ol>';
		foreach ( $links as $name => $url ) {
			$html .= '<li><a href="' . esc_url( $url ) . '">' . esc_html( (string) $name ) . '</a></li>';
		}
		return $html . '</ol></nav>';
	}
}
