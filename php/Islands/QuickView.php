<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockRegistry;
use TenderPress\Blocks\NoticeFacts;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeReminder;
use TenderPress\Rest\QuickViewRoute;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;
use WP_Post;

/**
 * The notice quick view (islands/quick-view): a "Quick view" control on each card of a notice
 * listing opens a dialog with the notice's key facts, deadline, documents, the deadline reminder
 * and a link to the full notice, loaded from the REST route
 * `GET /tenderpress/v1/notices/<id>/quick-view` (Rest\QuickViewRoute).
 *
 * The control is a link to the notice itself, so a click that comes before the island has
 * loaded, or when it cannot load, and every click without JavaScript, still leads there. The island wraps the listing (around the paginator's island), so cards
 * a page loaded in place open too.
 */
final class QuickView {

	public const ISLAND  = 'quick-view';
	public const SECTION = 'quick_view';
	public const ROUTE   = '/notices/(?P<id>\d+)/quick-view';

	/** The control's class, which the island listens for. */
	public const CONTROL = 'tp-quick-view__open';

	public const STYLE = 'tenderpress-quick-view';

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Notice quick view', 'tenderpress' ),
				__( 'Listing cards offer a "Quick view" that shows a notice\'s key facts, deadline and documents in a dialog, without leaving the list. Without JavaScript visitors open the notice itself.', 'tenderpress' ),
				array(
					'enabled' => new SettingsField( SettingsField::BOOLEAN, __( 'Offer a quick view on listing cards', 'tenderpress' ), '', true ),
				)
			)
		);
		add_action( 'rest_api_init', array( new QuickViewRoute(), 'register' ) );
		add_action( 'init', array( $this, 'register_style' ) );
	}

	public function register_style(): void {
		wp_register_style( self::STYLE, plugins_url( 'assets/quick-view.css', TENDERPRESS_FILE ), array( BlockRegistry::DIALOG_STYLE ), TENDERPRESS_VERSION );
		wp_style_add_data( self::STYLE, 'path', TENDERPRESS_DIR . '/assets/quick-view.css' );
	}

	public static function enabled(): bool {
		return (bool) Settings::get( self::SECTION, 'enabled' );
	}

	/**
	 * Whether a post has a quick view: a published notice anyone may read, without a password.
	 * The card's control and the route ask the same.
	 */
	public static function offers( WP_Post $post ): bool {
		return NoticePostType::POST_TYPE === $post->post_type && 'publish' === $post->post_status && is_post_publicly_viewable( $post ) && '' === $post->post_password;
	}

	/**
	 * What the dialog shows of a notice: its facts and documents, the reminder, the full notice's
	 * link. The ids its parts number (wp_unique_id(), which starts again in each request) get the
	 * notice's own prefix, so none repeats an id of the page the dialog opens on.
	 */
	public static function content( WP_Post $post ): string {
		$html = '<div class="tp-quick-view__content">'
			. NoticeFacts::render( $post, 3, true )
			. NoticeReminder::form( $post )
			. sprintf(
				'<p class="tp-quick-view__full"><a href="%1$s"><span class="screen-reader-text">%2$s</span><span aria-hidden="true">%3$s</span></a></p>',
				esc_url( (string) get_permalink( $post ) ),
				/* translators: %s: a notice's title. */
				esc_html( sprintf( __( 'Open the full notice: %s', 'tenderpress' ), get_the_title( $post ) ) ),
				esc_html__( 'Open the full notice', 'tenderpress' )
			)
			. '</div>';
		$prefix = 'tp-quick-view-' . $post->ID . '-';
		// In the attributes that hold ids only: a document's title may say anything.
		return (string) preg_replace_callback(
			'/\s(?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/',
			static fn( array $attribute ): string => (string) preg_replace( '/(?<=["\s])tp-(notice-facts-title|reminder)-/', $prefix . '$1-', $attribute[0] ),
			$html
		);
	}

	/** The control on a listing card: a link to the notice, named after it ('' for a notice without one). */
	public static function control( WP_Post $post ): string {
		if ( ! self::offers( $post ) ) {
			return '';
		}
		return sprintf(
			// The name in one piece ("Quick view: <title>"): a visually hidden part beside the
			// visible words would be read with a pause in between.
			'<a class="%1$s" href="%2$s" data-tp-notice="%3$d"><span class="screen-reader-text">%4$s</span><span aria-hidden="true">%5$s</span></a>',
			esc_attr( self::CONTROL ),
			esc_url( (string) get_permalink( $post ) ),
			$post->ID,
			/* translators: %s: a notice's title. */
			esc_html( sprintf( __( 'Quick view: %s', 'tenderpress' ), get_the_title( $post ) ) ),
			esc_html__( 'Quick view', 'tenderpress' )
		);
	}

	/**
	 * Registered stylesheets by handle, with their dependencies first, each as WordPress would
	 * link it (its address and version): for the island to add to the page.
	 *
	 * @param list<string> $handles Style handles.
	 * @return list<array{handle: string, href: string}>
	 */
	private static function stylesheets( array $handles ): array {
		$styles = wp_styles();
		$styles->all_deps( $handles );
		$sheets = array();
		foreach ( $styles->to_do as $handle ) {
			$style = $styles->query( $handle );
			if ( $style instanceof \_WP_Dependency && is_string( $style->src ) && '' !== $style->src ) {
				$version  = false === $style->ver ? '' : ( null === $style->ver ? '' : (string) ( $style->ver ? $style->ver : $styles->default_version ) );
				$sheets[] = array(
					'handle' => $handle,
					'href'   => '' === $version ? $style->src : add_query_arg( 'ver', $version, $style->src ),
				);
			}
		}
		$styles->to_do = array();
		return $sheets;
	}

	/**
	 * A listing inside the quick-view island. Its dialog shows the reminder form, whose stepper
	 * island and styles the page then needs (the route's answer cannot add them to the page).
	 *
	 * @param string $listing_html The listing, escaped.
	 */
	public static function wrap( string $listing_html ): string {
		if ( ! self::enabled() ) {
			return $listing_html;
		}
		// The control's and the dialog's own look (small) come with the page, so the dialog opens
		// styled at once. What it shows has stylesheets of its own (the key facts', the
		// reminder's and its stepper's): the island adds them when a visitor first opens it,
		// rather than every listing page carrying them before anyone does.
		wp_enqueue_style( BlockRegistry::SCREEN_READER_STYLE );
		wp_enqueue_style( self::STYLE );
		$handles = array();
		$blocks  = array( 'tenderpress/notice-facts' );
		if ( Settings::get( NoticeReminder::SECTION, 'enabled' ) ) {
			IslandAssets::instance()->use( Stepper::ISLAND );
			$handles[] = Stepper::STYLE;
			$blocks[]  = NoticeReminder::BLOCK;
		}
		foreach ( $blocks as $block ) {
			$type    = \WP_Block_Type_Registry::get_instance()->get_registered( $block );
			$handles = array_merge( $handles, $type ? $type->style_handles : array() );
		}
		return IslandContainer::render(
			self::ISLAND,
			// React renders the dialog beside the listing, which stays the server's (and the paginator's).
			$listing_html . '<div data-tp-root></div>',
			array(
				'route'    => rest_url( Rest::NAMESPACE . '/notices/' ),
				'styles'   => self::stylesheets( array_values( $handles ) ),
				'i18n'     => array(
					'close'   => __( 'Close', 'tenderpress' ),
					'loading' => __( 'Loading…', 'tenderpress' ),
					'open'    => __( 'Open the full notice', 'tenderpress' ),
				),
				'messages' => AjaxResponse::client_messages(),
			),
			array(
				// A visitor's pointer, touch or focus on a Quick view control.
				'when'   => 'interaction',
				'intent' => '.' . self::CONTROL,
				'replay' => '.' . self::CONTROL,
				'class'  => 'tp-quick-view-listing',
			)
		);
	}
}
