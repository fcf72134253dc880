<?php
/**
 * Title: Footer: about and contact, site sections, alert sign-up
 * Slug: tenderpress/footer
 * Inserter: no
 *
 * The site sections are the top level of the Footer menu (or of the primary menu). The contact
 * sentence shows where the site has a page at /contact/, the privacy link where WordPress has a
 * published privacy policy page. The empty `tp-site-footer__alerts` group is where the alert
 * sign-up goes once the plugin offers one; until then it takes no room.
 *
 * The statements a public portal owes its visitors are pages at known addresses, each linked
 * where the site has it published: /help-desk/, /accessibility-statement/ and
 * /terms-and-disclaimer/ (the demo seeds all three). The notices' feed is linked, and "Last
 * updated" is the time the newest change to a published notice was made, in the site's zone.
 *
 * @package TenderPress
 */

$tenderpress_statements = array(
	'help-desk'               => __( 'Help desk', 'tenderpress-theme' ),
	'accessibility-statement' => __( 'Accessibility statement', 'tenderpress-theme' ),
	'terms-and-disclaimer'    => __( 'Terms and disclaimer', 'tenderpress-theme' ),
);
$tenderpress_sections   = tenderpress_theme_footer_sections();
$tenderpress_pages      = tenderpress_theme_published_pages( array_merge( array( 'contact' ), array_keys( $tenderpress_statements ) ) );
$tenderpress_contact    = $tenderpress_pages['contact'] ?? null;
$tenderpress_privacy    = get_privacy_policy_url();
$tenderpress_help       = array();
foreach ( $tenderpress_statements as $tenderpress_path => $tenderpress_label ) {
	if ( isset( $tenderpress_pages[ $tenderpress_path ] ) ) {
		$tenderpress_help[] = array(
			'url'   => (string) get_permalink( $tenderpress_pages[ $tenderpress_path ] ),
			'title' => $tenderpress_label,
		);
	}
}
if ( $tenderpress_privacy ) {
	$tenderpress_help[] = array(
		'url'   => $tenderpress_privacy,
		'title' => __( 'Privacy policy', 'tenderpress-theme' ),
	);
}
$tenderpress_feed    = post_type_exists( 'tender' ) ? get_post_type_archive_feed_link( 'tender' ) : get_feed_link();
$tenderpress_updated = get_lastpostmodified( 'gmt', post_type_exists( 'tender' ) ? 'tender' : 'any' );
$tenderpress_updated = $tenderpress_updated ? strtotime( $tenderpress_updated . ' UTC' ) : false;
?>
<!-- wp:group {"align":"wide","className":"tp-site-footer__columns","layout":{"type":"default"}} -->
<div class="wp-block-group alignwide tp-site-footer__columns"><!-- wp:group {"className":"tp-site-footer__about","layout":{"type":"default"}} -->
<div class="wp-block-group tp-site-footer__about"><!-- wp:heading {"className":"tp-site-footer__heading"} -->
<h2 class="wp-block-heading tp-site-footer__heading"><?php esc_html_e( 'About this site', 'tenderpress-theme' ); ?></h2>
<!-- /wp:heading -->

<!-- wp:site-tagline /-->

<!-- wp:paragraph -->
<p><?php esc_html_e( 'Each notice here summarises what a public buyer has published. Before you bid, read the buyer’s own notice, its documents and any corrigendum: they are what counts.', 'tenderpress-theme' ); ?></p>
<!-- /wp:paragraph -->
<?php if ( $tenderpress_contact instanceof WP_Post ) : ?>

<!-- wp:paragraph -->
<p><?php esc_html_e( 'Questions about a notice go to the buyer named on it.', 'tenderpress-theme' ); ?> <a href="<?php echo esc_url( get_permalink( $tenderpress_contact ) ); ?>"><?php esc_html_e( 'Contact us about this site', 'tenderpress-theme' ); ?></a></p>
<!-- /wp:paragraph -->
<?php endif; ?></div>
<!-- /wp:group -->
<?php if ( $tenderpress_sections ) : ?>

<!-- wp:group {"tagName":"nav","ariaLabel":"<?php echo esc_attr__( 'Site sections', 'tenderpress-theme' ); ?>","className":"tp-site-footer__sections","layout":{"type":"default"}} -->
<nav class="wp-block-group tp-site-footer__sections" aria-label="<?php echo esc_attr__( 'Site sections', 'tenderpress-theme' ); ?>"><!-- wp:heading {"className":"tp-site-footer__heading"} -->
<h2 class="wp-block-heading tp-site-footer__heading"><?php esc_html_e( 'Site sections', 'tenderpress-theme' ); ?></h2>
<!-- /wp:heading -->

<!-- wp:list {"className":"tp-site-footer__links"} -->
<ul class="tp-site-footer__links">
	<?php foreach ( $tenderpress_sections as $tenderpress_section ) : ?>
<!-- wp:list-item -->
<li><a href="<?php echo esc_url( $tenderpress_section['url'] ); ?>"><?php echo esc_html( $tenderpress_section['title'] ); ?></a></li>
<!-- /wp:list-item -->
<?php endforeach; ?></ul>
<!-- /wp:list --></nav>
<!-- /wp:group -->
<?php endif; ?>

<?php if ( $tenderpress_help || $tenderpress_feed ) : ?>

<!-- wp:group {"tagName":"nav","ariaLabel":"<?php echo esc_attr__( 'Help and information', 'tenderpress-theme' ); ?>","className":"tp-site-footer__help","layout":{"type":"default"}} -->
<nav class="wp-block-group tp-site-footer__help" aria-label="<?php echo esc_attr__( 'Help and information', 'tenderpress-theme' ); ?>"><!-- wp:heading {"className":"tp-site-footer__heading"} -->
<h2 class="wp-block-heading tp-site-footer__heading"><?php esc_html_e( 'Help and information', 'tenderpress-theme' ); ?></h2>
<!-- /wp:heading -->

<!-- wp:list {"className":"tp-site-footer__links"} -->
<ul class="tp-site-footer__links">
	<?php foreach ( $tenderpress_help as $tenderpress_link ) : ?>
<!-- wp:list-item -->
<li><a href="<?php echo esc_url( $tenderpress_link['url'] ); ?>"><?php echo esc_html( $tenderpress_link['title'] ); ?></a></li>
<!-- /wp:list-item -->
<?php endforeach; ?>
	<?php if ( $tenderpress_feed ) : ?>
<!-- wp:list-item -->
<li><a href="<?php echo esc_url( $tenderpress_feed ); ?>" type="application/rss+xml"><?php esc_html_e( 'Feed of new notices (RSS)', 'tenderpress-theme' ); ?></a></li>
<!-- /wp:list-item -->
<?php endif; ?></ul>
<!-- /wp:list --></nav>
<!-- /wp:group -->
<?php endif; ?>

<!-- wp:group {"metadata":{"name":"<?php echo esc_attr__( 'Alert sign-up (coming)', 'tenderpress-theme' ); ?>"},"className":"tp-site-footer__alerts","layout":{"type":"default"}} -->
<div class="wp-block-group tp-site-footer__alerts"></div>
<!-- /wp:group --></div>
<!-- /wp:group -->

<!-- wp:group {"align":"wide","className":"tp-site-footer__legal","layout":{"type":"flex","flexWrap":"wrap","justifyContent":"space-between"}} -->
<div class="wp-block-group alignwide tp-site-footer__legal"><!-- wp:site-title {"level":0} /-->
<?php if ( $tenderpress_updated ) : ?>

<!-- wp:paragraph {"className":"tp-site-footer__updated"} -->
<p class="tp-site-footer__updated"><?php esc_html_e( 'Last updated:', 'tenderpress-theme' ); ?> <time datetime="<?php echo esc_attr( gmdate( 'c', $tenderpress_updated ) ); ?>"><?php echo esc_html( (string) wp_date( get_option( 'date_format' ) . ', ' . get_option( 'time_format' ) . ' T', $tenderpress_updated ) ); ?></time></p>
<!-- /wp:paragraph -->
<?php endif; ?></div>
<!-- /wp:group -->
