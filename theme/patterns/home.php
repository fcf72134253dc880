<?php
/**
 * Title: Home: what the site covers, search, views with counts, routes, latest notices
 * Slug: tenderpress/home
 * Inserter: no
 *
 * In the order a bidder uses it: what the site covers, one large search, the views with their
 * counts (open, closing soon, expressions of interest, the calendar), the categories and
 * locations with theirs, then the latest notices and a link to all of them.
 *
 * @package TenderPress
 */

$tenderpress_archive = get_post_type_archive_link( 'tender' );
?>
<!-- wp:heading {"level":1,"align":"wide"} -->
<h1 class="wp-block-heading alignwide"><?php esc_html_e( 'Public tenders and expressions of interest', 'tenderpress-theme' ); ?></h1>
<!-- /wp:heading -->

<!-- wp:paragraph {"align":"wide","className":"tp-page-intro"} -->
<p class="alignwide tp-page-intro"><?php esc_html_e( 'Tenders, expressions of interest, corrigenda and awards published by public buyers, each with its deadline, value, documents and the buyer’s own notice. Search them, or start from a view below.', 'tenderpress-theme' ); ?></p>
<!-- /wp:paragraph -->

<!-- wp:group {"align":"wide","className":"tp-home-search","layout":{"type":"default"}} -->
<div class="wp-block-group alignwide tp-home-search"><!-- wp:tenderpress/search {"large":true} /--></div>
<!-- /wp:group -->

<!-- wp:tenderpress/notice-views {"routes":true,"align":"wide"} /-->

<!-- wp:heading {"align":"wide"} -->
<h2 class="wp-block-heading alignwide"><?php esc_html_e( 'Latest notices', 'tenderpress-theme' ); ?></h2>
<!-- /wp:heading -->

<!-- wp:tenderpress/listing {"perPage":10,"headingLevel":3,"align":"wide"} /-->
<?php if ( $tenderpress_archive ) : ?>

<!-- wp:paragraph {"align":"wide","className":"tp-home-all"} -->
<p class="alignwide tp-home-all"><a href="<?php echo esc_url( $tenderpress_archive ); ?>"><?php esc_html_e( 'See all notices', 'tenderpress-theme' ); ?></a></p>
<!-- /wp:paragraph -->
<?php endif; ?>
