<?php
/**
 * Title: Page not found
 * Slug: tenderpress/not-found
 * Inserter: no
 *
 * A missing page offers what a bidder came for: the notice search, and the main views of the
 * notices with their counts.
 *
 * @package TenderPress
 */

?>
<!-- wp:heading {"level":1,"align":"wide"} -->
<h1 class="wp-block-heading alignwide"><?php esc_html_e( 'Page not found', 'tenderpress-theme' ); ?></h1>
<!-- /wp:heading -->

<!-- wp:paragraph {"align":"wide"} -->
<p class="alignwide"><?php esc_html_e( 'The page you asked for is not here. The notice may have been withdrawn, or the address mistyped. Search the notices, or start from one of the views below.', 'tenderpress-theme' ); ?></p>
<!-- /wp:paragraph -->

<!-- wp:group {"align":"wide","layout":{"type":"default"}} -->
<div class="wp-block-group alignwide"><!-- wp:tenderpress/search {"large":true} /--></div>
<!-- /wp:group -->

<!-- wp:heading {"align":"wide"} -->
<h2 class="wp-block-heading alignwide"><?php esc_html_e( 'Browse the notices', 'tenderpress-theme' ); ?></h2>
<!-- /wp:heading -->

<!-- wp:tenderpress/notice-views {"align":"wide"} /-->
