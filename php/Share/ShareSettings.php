<?php
namespace TenderPress\Share;

use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Settings\SharePreview;

/**
 * What a site owner chooses for the share bars (the settings screen's Sharing section,
 * Share::SECTION): the services on the bar and under "More", the style, where bars go, counts,
 * the floating bar and the share window. The bar (Islands\Share) and the settings' preview
 * (SharePreview) read the chosen services here.
 */
final class ShareSettings {

	/**
	 * Services a new site shows until its owner chooses others, in the catalogue's order, as the
	 * settings screen saves a choice: what a public body's readers pass a notice on with (a link
	 * to paste, e-mail, WhatsApp, paper) and, on phones, the device's own share sheet, which
	 * reaches every other app without the site naming one.
	 */
	public const DEFAULT_SERVICES = array( 'copy-link', 'email', 'whatsapp', 'print', 'device' );

	/**
	 * What sites that saved their sharing settings before the quiet style existed showed: the
	 * services' brand colours. The upgrade (keep_brand_colours_for_saved_sites()) keeps them for those.
	 */
	public const BRAND_COLOURS_BEFORE = true;

	/** The settings screen's Sharing section. */
	public static function section(): SettingsSection {
		$choices = array();
		foreach ( ShareServices::all() as $id => $service ) {
			$choices[ $id ] = ShareServices::title( $service );
		}
		$listable = array_intersect_key( $choices, ShareServices::listable() );
		return new SettingsSection(
			__( 'Sharing', 'tenderpress' ),
			__( 'Share buttons let visitors pass a notice on. Each is a plain link to the service: no service is contacted until a visitor clicks it.', 'tenderpress' ),
			array(
				'services'       => SettingsField::choices(
					__( 'Services on the bar', 'tenderpress' ),
					__( 'The buttons every bar shows, in this order. "Share via an app" shows only on phones and tablets that have a share sheet; Copy link, Print and it need JavaScript, so they are hidden where it does not run.', 'tenderpress' ),
					$choices,
					self::DEFAULT_SERVICES
				),
				'more'           => SettingsField::choices(
					__( 'Services under "More"', 'tenderpress' ),
					__( 'The longer list a visitor opens with "More", in this order. Untick the services your readers do not use; with none ticked, the bar has no "More".', 'tenderpress' ),
					$listable,
					array_keys( $listable )
				),
				'brandColours'   => new SettingsField( SettingsField::BOOLEAN, __( 'Buttons in each service\'s brand colours', 'tenderpress' ), __( 'Off: quiet outlined buttons with their names, in the site\'s own colours. On: a row of coloured icons, one per brand.', 'tenderpress' ), false ),
				'notices'        => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each notice', 'tenderpress' ), __( 'A bar at the end of every tender notice and corrigendum.', 'tenderpress' ), true ),
				'posts'          => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each post', 'tenderpress' ), __( 'A bar at the end of news items and other posts.', 'tenderpress' ), true ),
				'pages'          => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each page', 'tenderpress' ), __( 'A bar at the end of pages such as "About" or "Help". The share block puts one on a single page instead.', 'tenderpress' ), false ),
				'counts'         => new SettingsField( SettingsField::BOOLEAN, __( 'Show share counts', 'tenderpress' ), sprintf( /* translators: %s: a list of networks, such as "Tumblr, Pinterest and VK". */ __( 'Each button shows how many times the page was shared there, and the bar shows the total. The site asks the networks that publish counts (%s) in the background, a few pages at a time; visitors\' browsers ask nobody.', 'tenderpress' ), wp_sprintf( '%l', self::count_networks( 'server' ) ) ), false ),
				'collect'        => new SettingsField( SettingsField::BOOLEAN, __( 'Also collect counts in visitors\' browsers', 'tenderpress' ), sprintf( /* translators: %s: a list of networks, such as "Facebook". */ __( 'Some networks (%s) publish counts only to browsers. When this is on, a visitor\'s browser asks them for the count of the page it shows and sends it back here, which tells those networks the visitor\'s address. A count sent back can only grow, by a bounded amount, a few times an hour per visitor.', 'tenderpress' ), wp_sprintf( '%l', self::count_networks( 'browser' ) ) ), false ),
				'floating'       => new SettingsField( SettingsField::BOOLEAN, __( 'Also as a floating bar on wide screens', 'tenderpress' ), __( 'A vertical bar at the left edge of notices, posts and pages that have a bar, on screens at least 1280 pixels wide. Its arrow slides it out of the way.', 'tenderpress' ), false ),
				'floatingOffset' => new SettingsField( SettingsField::INTEGER, __( 'Floating bar: extra slide when hidden', 'tenderpress' ), __( 'Added to the distance the floating bar slides off-screen, for themes that put something beside it.', 'tenderpress' ), 0, 0, 200, __( 'pixels', 'tenderpress' ) ),
				'popupWidth'     => new SettingsField( SettingsField::INTEGER, __( 'Share window width', 'tenderpress' ), __( 'A service such as LinkedIn opens in a small window of this size, so the reader keeps the notice open behind it.', 'tenderpress' ), 600, 200, 1600, __( 'pixels', 'tenderpress' ) ),
				'popupHeight'    => new SettingsField( SettingsField::INTEGER, __( 'Share window height', 'tenderpress' ), __( 'The height of that window.', 'tenderpress' ), 400, 200, 1200, __( 'pixels', 'tenderpress' ) ),
				'copiedMessage'  => SettingsField::text( __( 'Message after copying the link', 'tenderpress' ), __( 'Leave empty for "Link copied.", in the visitor\'s language.', 'tenderpress' ), 80 ),
			),
			array( SharePreview::class, 'render' )
		);
	}

	/**
	 * Upgrade step (schema 10): a site whose owner saved the sharing settings before the quiet
	 * style became the default keeps the brand colours it showed. Its chosen services are
	 * stored already and stay; a site that never saved them takes the new defaults, which
	 * nobody chose against.
	 *
	 * The section is saved whole, through the settings' own checks, from what it reads now. If
	 * they refuse it (a row edited by hand), nothing changes.
	 */
	public static function keep_brand_colours_for_saved_sites(): void {
		$stored = get_option( Settings::OPTION, array() );
		if ( ! is_array( $stored ) || ! is_array( $stored[ Share::SECTION ] ?? null ) || array_key_exists( 'brandColours', $stored[ Share::SECTION ] ) ) {
			return;
		}
		$section = Settings::section( Share::SECTION );
		$values  = array();
		foreach ( $section ? array_keys( $section->fields ) : array() as $field_id ) {
			$values[ $field_id ] = Settings::get( Share::SECTION, $field_id );
		}
		$values['brandColours'] = self::BRAND_COLOURS_BEFORE;
		// Only this section: the others keep what is stored (Settings::sanitize()).
		update_option( Settings::OPTION, array( Share::SECTION => $values ) );
	}

	/**
	 * The names of the networks whose counts are read in one place (server or browser).
	 *
	 * @return list<string>
	 */
	public static function count_networks( string $where ): array {
		$catalogue = ShareServices::all();
		$sources   = 'browser' === $where ? ShareServices::browser_sources() : array_filter( ShareServices::count_sources(), static fn( $source ) => 'server' === $source['where'] );
		return array_map( static fn( $id ) => ShareServices::title( $catalogue[ $id ] ), array_keys( $sources ) );
	}

	/**
	 * The services a bar shows: the attribute's ids (comma-separated) that are in the catalogue,
	 * or the site's choice when it names none.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function services_for( string $ids ): array {
		$chosen = array_filter( array_map( 'trim', explode( ',', $ids ) ) );
		if ( ! $chosen ) {
			$chosen = (array) Settings::get( Share::SECTION, 'services' );
		}
		$catalogue = ShareServices::all();
		$services  = array();
		foreach ( $chosen as $id ) {
			if ( isset( $catalogue[ $id ] ) ) {
				$services[ (string) $id ] = $catalogue[ $id ];
			}
		}
		return $services;
	}

	/**
	 * The services under "More", as the owner trimmed the list, in the catalogue's order.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function listed(): array {
		$kept = array_map( 'strval', (array) Settings::get( Share::SECTION, 'more' ) );
		return array_intersect_key( ShareServices::listable(), array_flip( $kept ) );
	}
}
