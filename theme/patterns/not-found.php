<?php
/**
 * Title: Page not found
 * Slug: tenderpress/not-found
 * Inserter: no
 *
 * @package TenderPress
 */

?>
<!-- wp:heading {"level":1} -->
<h1 class="wp-block-heading"><?php esc_html_e( 'Page not found', 'tenderpress-theme' ); ?></h1>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p><?php esc_html_e( 'The page you asked for is not here. The notice may have been withdrawn, or the address mistyped. Try a search:', 'tenderpress-theme' ); ?></p>
<!-- /wp:paragraph -->

<!-- wp:search {"label":"<?php echo esc_attr__( 'Search', 'tenderpress-theme' ); ?>","buttonText":"<?php echo esc_attr__( 'Search', 'tenderpress-theme' ); ?>"} /-->
