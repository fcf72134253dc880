<?php
/**
 * Title: Home: latest notices
 * Slug: tenderpress/home
 * Inserter: no
 *
 * @package TenderPress
 */

?>
<!-- wp:heading {"level":1,"align":"wide"} -->
<h1 class="wp-block-heading alignwide"><?php esc_html_e( 'Latest tenders and EOIs', 'tenderpress-theme' ); ?></h1>
<!-- /wp:heading -->

<!-- wp:paragraph {"align":"wide","className":"tp-page-intro"} -->
<p class="alignwide tp-page-intro"><?php esc_html_e( 'Public procurement notices, newest first. Open a notice for its deadlines, documents and contact.', 'tenderpress-theme' ); ?></p>
<!-- /wp:paragraph -->

<!-- wp:tenderpress/listing {"perPage":10,"headingLevel":2,"align":"wide"} /-->
