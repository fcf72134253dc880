<?php
/**
 * The pages the validity suite checks, as the seeded site holds them: prints JSON, a list of
 * { name, path, status } (the path relative to the site, the status the page must answer with).
 * Every template the theme has is among them, with the notices, terms and posts of the seed found
 * here rather than named in the suite, so a reseed with other slugs changes nothing.
 *
 * It also adds one post to the site's database: the plugin's blocks that need no signed-in
 * editor to show, in one post as an author would place them (the suite's database is a copy of
 * the seed of its own, removed when its server stops).
 *
 * Run with the suite's server's environment (TP_DB_FILE, TP_SITE_URL, TP_SITE_DIR).
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

require ( getenv( 'TP_SITE_DIR' ) ?: __DIR__ . '/../../.wp/site' ) . '/wp-load.php';

use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Islands\Account;

/** The site-relative path of a URL of this site. */
function tenderpress_validity_path( string $url ): string {
	return (string) wp_make_link_relative( $url );
}

/** The newest published notice of a type (tender, eoi, corrigendum), or null. */
function tenderpress_validity_notice( string $type ): ?WP_Post {
	$posts = get_posts(
		array(
			'post_type'        => NoticePostType::POST_TYPE,
			'numberposts'      => 1,
			'orderby'          => 'date',
			'order'            => 'DESC',
			'meta_key'         => 'tp_notice_type', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- a test script, once.
			'meta_value'       => $type, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- a test script, once.
			'suppress_filters' => false,
		)
	);
	return $posts ? $posts[0] : null;
}

/** The term of a taxonomy with the most notices, or null. */
function tenderpress_validity_term( string $taxonomy ): ?WP_Term {
	$terms = get_terms(
		array(
			'taxonomy' => $taxonomy,
			'orderby'  => 'count',
			'order'    => 'DESC',
			'number'   => 1,
		)
	);
	return is_array( $terms ) && $terms && $terms[0] instanceof WP_Term ? $terms[0] : null;
}

$tenderpress_validity_missing = array();
$tenderpress_validity_pages   = array();
$tenderpress_validity_add     = static function ( string $name, ?string $url, int $status = 200 ) use ( &$tenderpress_validity_pages, &$tenderpress_validity_missing ): void {
	if ( null === $url || '' === $url ) {
		$tenderpress_validity_missing[] = $name;
		return;
	}
	$tenderpress_validity_pages[] = array(
		'name'   => $name,
		'path'   => tenderpress_validity_path( $url ),
		'status' => $status,
	);
};

// The blocks an author may place, each once, in one post (an administrator's, as the seed's).
wp_set_current_user( 1 );
$tenderpress_validity_blocks = implode(
	"\n\n",
	array(
		"<!-- wp:paragraph -->\n<p>Every block of the plugin that a visitor sees, in one post.</p>\n<!-- /wp:paragraph -->",
		'<!-- wp:tenderpress/search /-->',
		'<!-- wp:tenderpress/share /-->',
		'<!-- wp:tenderpress/login {"label":"Sign in to bid"} /-->',
		'<!-- wp:tenderpress/push-button /-->',
		'<!-- wp:tenderpress/notice-reminder /-->',
		'<!-- wp:tenderpress/ticker {"count":3,"title":"Latest notices"} /-->',
		'<!-- wp:tenderpress/carousel {"source":"notices","count":3,"label":"Featured notices"} /-->',
		'<!-- wp:tenderpress/listing {"perPage":3,"showFilters":true} /-->',
		'<!-- wp:tenderpress/calendar {"title":"Deadlines"} /-->',
		"<!-- wp:tenderpress/tabs {\"label\":\"Steps\"} -->\n<!-- wp:tenderpress/tab {\"title\":\"Register\"} -->\n<!-- wp:paragraph -->\n<p>Register once.</p>\n<!-- /wp:paragraph -->\n<!-- /wp:tenderpress/tab -->\n\n<!-- wp:tenderpress/tab {\"title\":\"Submit\"} -->\n<!-- wp:paragraph -->\n<p>Submit a day early.</p>\n<!-- /wp:paragraph -->\n<!-- /wp:tenderpress/tab -->\n<!-- /wp:tenderpress/tabs -->",
		"<!-- wp:tenderpress/tabs {\"layout\":\"accordion\"} -->\n<!-- wp:tenderpress/tab {\"title\":\"Who may bid?\"} -->\n<!-- wp:paragraph -->\n<p>Any eligible firm.</p>\n<!-- /wp:paragraph -->\n<!-- /wp:tenderpress/tab -->\n<!-- /wp:tenderpress/tabs -->",
		'<!-- wp:tenderpress/back-to-top /-->',
		'[tenderpress_listing per_page="2"]',
	)
);
$tenderpress_validity_post   = wp_insert_post(
	array(
		'post_type'    => 'post',
		'post_status'  => 'publish',
		'post_title'   => 'Every block',
		'post_name'    => 'validity-every-block',
		'post_content' => $tenderpress_validity_blocks,
		'post_author'  => 1,
	),
	true
);
wp_set_current_user( 0 );
$tenderpress_validity_add( 'the plugin\'s blocks in a post', is_wp_error( $tenderpress_validity_post ) ? null : (string) get_permalink( $tenderpress_validity_post ) );

$tenderpress_validity_archive = (string) get_post_type_archive_link( NoticePostType::POST_TYPE );
$tenderpress_validity_tender  = tenderpress_validity_notice( 'tender' );
// A word of a notice's title: a search that finds something.
$tenderpress_validity_word = 'water';
if ( $tenderpress_validity_tender ) {
	$tenderpress_validity_words = array_values( array_filter( (array) preg_split( '/\W+/', strtolower( $tenderpress_validity_tender->post_title ) ), static fn( $word ) => strlen( (string) $word ) > 4 ) );
	$tenderpress_validity_word  = $tenderpress_validity_words ? (string) $tenderpress_validity_words[0] : $tenderpress_validity_word;
}

$tenderpress_validity_add( 'the home page', home_url( '/' ) );
$tenderpress_validity_add( 'the notices archive', $tenderpress_validity_archive );
$tenderpress_validity_add( 'the notices archive, page 2', $tenderpress_validity_archive ? trailingslashit( $tenderpress_validity_archive ) . 'page/2/' : null );
$tenderpress_validity_add( 'a filtered listing', $tenderpress_validity_archive ? add_query_arg( array( 'notice_type' => 'tender', 'status' => 'open', 'sort' => 'closing' ), $tenderpress_validity_archive ) : null );
foreach ( array( 'a category archive' => NoticeTaxonomies::CATEGORY, 'a location archive' => NoticeTaxonomies::LOCATION ) as $tenderpress_validity_name => $tenderpress_validity_taxonomy ) {
	$tenderpress_validity_term = tenderpress_validity_term( $tenderpress_validity_taxonomy );
	$tenderpress_validity_link = $tenderpress_validity_term ? get_term_link( $tenderpress_validity_term ) : null;
	$tenderpress_validity_add( $tenderpress_validity_name, is_string( $tenderpress_validity_link ) ? $tenderpress_validity_link : null );
}
$tenderpress_validity_add( 'the site search (?s=)', add_query_arg( 's', $tenderpress_validity_word, home_url( '/' ) ) );
$tenderpress_validity_add( 'the site search with no result', add_query_arg( 's', 'zzqx', home_url( '/' ) ) );
$tenderpress_validity_add( 'the header\'s notice search', $tenderpress_validity_archive ? add_query_arg( 'q', $tenderpress_validity_word, $tenderpress_validity_archive ) : null );
foreach ( array( 'tender' => 'a tender', 'corrigendum' => 'a corrigendum', 'eoi' => 'an EOI' ) as $tenderpress_validity_type => $tenderpress_validity_name ) {
	$tenderpress_validity_notice = tenderpress_validity_notice( $tenderpress_validity_type );
	$tenderpress_validity_add( $tenderpress_validity_name, $tenderpress_validity_notice ? (string) get_permalink( $tenderpress_validity_notice ) : null );
}
foreach (
	array(
		'about'                  => 'a page',
		'notice-format-for-buyers' => 'a page on the plain template',
		'how-to-bid'             => 'a page with tabs and an accordion',
		'deadlines'              => 'the deadline calendar',
		'notice-board'           => 'the ticker and the carousel',
		'expressions-of-interest' => 'a listing block',
		'all-notices-shortcode'  => 'the listing shortcode',
	) as $tenderpress_validity_slug => $tenderpress_validity_name
) {
	$tenderpress_validity_page = get_page_by_path( $tenderpress_validity_slug );
	$tenderpress_validity_add( $tenderpress_validity_name, $tenderpress_validity_page instanceof WP_Post ? (string) get_permalink( $tenderpress_validity_page ) : null );
}
$tenderpress_validity_news = (int) get_option( 'page_for_posts' );
$tenderpress_validity_add( 'the posts page', $tenderpress_validity_news ? (string) get_permalink( $tenderpress_validity_news ) : null );
$tenderpress_validity_guide = get_page_by_path( 'site-visit', OBJECT, 'post' );
$tenderpress_validity_add( 'a post with a gallery, a carousel and an embed', $tenderpress_validity_guide instanceof WP_Post ? (string) get_permalink( $tenderpress_validity_guide ) : null );
$tenderpress_validity_add( 'the 404 page', home_url( '/validity-no-such-page/' ), 404 );
// The sign-in popups are the plugin's own forms; a page opened for the lost-password or reset
// popup carries their island set to load at once.
$tenderpress_validity_add( 'a page opened for the lost-password popup', add_query_arg( Account::LOST_ARG, '1', home_url( '/' ) ) );
$tenderpress_validity_add( 'a page opened for the reset-password popup', add_query_arg( Account::RESET_ARG, '1', home_url( '/' ) ) );

echo wp_json_encode(
	array(
		'pages'   => $tenderpress_validity_pages,
		'missing' => $tenderpress_validity_missing,
	)
);
