<?php
/**
 * Title: Posts page title
 * Slug: tenderpress/posts-title
 * Inserter: no
 *
 * The page of posts has no title block of its own in a block theme: its heading is the title of
 * the page set as the posts page (Settings > Reading), or a general one when none is set.
 *
 * @package TenderPress
 */

$tenderpress_title = is_home() ? single_post_title( '', false ) : '';
?>
<!-- wp:heading {"level":1,"align":"wide"} -->
<h1 class="wp-block-heading alignwide"><?php echo esc_html( $tenderpress_title ? $tenderpress_title : __( 'Latest posts', 'tenderpress-theme' ) ); ?></h1>
<!-- /wp:heading -->
