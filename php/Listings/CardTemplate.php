<?php
namespace TenderPress\Listings;

use TenderPress\Rest\CardTemplateRoute;
use TenderPress\Support\Rest;
use WP_Error;

/**
 * The notice card's template: which parts a listing card shows, in which order. One template for
 * the site, so every listing (blocks, shortcodes, archives) and every page loaded in place
 * (pagination_request) renders the same card (NoticeCard).
 *
 * It is edited in the block editor, on a listing block: "Edit card template" turns the block into
 * the card's parts (blocks `tenderpress/card-part`) to reorder or remove, and "Save & Back" sends
 * them to `POST /tenderpress/v1/card-template` (Rest\CardTemplateRoute), which only users who can edit the theme's options
 * may call (the template is the site's, like a template part). The parts never reach the post.
 */
final class CardTemplate {

	public const OPTION = 'tenderpress_card_template';
	public const ROUTE  = '/card-template';

	/** Who may change the template: those who may change the theme's templates and menus. */
	public const CAPABILITY = 'edit_theme_options';

	/**
	 * Every part a card can show, in the order a card shows them unless the site chose another:
	 * what a bidder decides on first (the deadline, then the value), the reference last.
	 */
	public const PARTS = array( 'badges', 'title', 'deadline', 'value', 'buyer', 'location', 'published', 'reference' );

	/** The parts that are facts, shown in a list (next to each other, in one list). */
	public const FACTS = array( 'deadline', 'value', 'buyer', 'location', 'published', 'reference' );

	/** The part a card cannot do without: its link to the notice. */
	public const REQUIRED = 'title';

	public function register(): void {
		add_action( 'rest_api_init', array( new CardTemplateRoute(), 'register' ) );
		add_action( 'enqueue_block_editor_assets', array( $this, 'add_editor_data' ), 20 );
		// However the template changes (this route, WP-CLI, an import), cached listing pages go.
		foreach ( array( 'add_option_', 'update_option_', 'delete_option_' ) as $hook ) {
			add_action( $hook . self::OPTION, array( ListingCache::class, 'bump' ) );
		}
	}

	/**
	 * The parts' names, for the editor.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			'badges'    => __( 'Type and status', 'tenderpress' ),
			'title'     => __( 'Title', 'tenderpress' ),
			'deadline'  => __( 'Deadline', 'tenderpress' ),
			'value'     => __( 'Estimated value', 'tenderpress' ),
			'buyer'     => __( 'Buyer', 'tenderpress' ),
			'location'  => __( 'Location', 'tenderpress' ),
			'published' => __( 'Published', 'tenderpress' ),
			'reference' => __( 'Reference', 'tenderpress' ),
		);
	}

	/**
	 * Makes the option exist, autoloaded, empty (every part, in the default order) unless the site
	 * has one. Every listing reads it: an option that does not exist costs a query each time a
	 * request asks for it, whereas an autoloaded one comes with the rest.
	 */
	public static function add_option(): void {
		add_option( self::OPTION, array(), '', true );
	}

	/**
	 * The parts a card shows, in order: the site's template, or every part when it has none (or
	 * one a later release cannot read, or the empty one that stands for the default).
	 *
	 * @return list<string>
	 */
	public static function parts(): array {
		$stored = get_option( self::OPTION, null );
		return is_array( $stored ) && true === self::check( $stored ) ? array_values( $stored ) : self::PARTS;
	}

	/**
	 * Whether a list of parts is a template: known parts, each once, the title among them.
	 *
	 * @param mixed $parts What was sent.
	 * @return true|WP_Error
	 */
	public static function check( $parts ) {
		$invalid = static fn( string $message ) => new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400 ) );
		if ( ! is_array( $parts ) || ! array_is_list( $parts ) || ! $parts ) {
			return $invalid( __( 'Send the card\'s parts as a list.', 'tenderpress' ) );
		}
		foreach ( $parts as $part ) {
			if ( ! is_string( $part ) || ! in_array( $part, self::PARTS, true ) ) {
				return $invalid( __( 'A card has no such part.', 'tenderpress' ) );
			}
		}
		if ( count( array_unique( $parts ) ) !== count( $parts ) ) {
			return $invalid( __( 'Each part can show once on a card.', 'tenderpress' ) );
		}
		if ( ! in_array( self::REQUIRED, $parts, true ) ) {
			return $invalid( __( 'A card keeps its title: it is the link to the notice.', 'tenderpress' ) );
		}
		return true;
	}

	/** The parts' names and whether this user may change the template, for the listing's editor. */
	public function add_editor_data(): void {
		wp_add_inline_script(
			\TenderPress\Blocks\BlockRegistry::EDITOR_SCRIPT,
			'window.tenderpressCardTemplate = ' . wp_json_encode(
				array(
					'parts'    => array_map(
						static fn( string $part, string $label ) => array(
							'part'  => $part,
							'label' => $label,
						),
						array_keys( self::labels() ),
						array_values( self::labels() )
					),
					'required' => self::REQUIRED,
					'canEdit'  => current_user_can( self::CAPABILITY ),
					// The route, for the editor's apiFetch: its namespace has one owner (Rest).
					'path'     => '/' . Rest::NAMESPACE . self::ROUTE,
				)
			) . ';',
			'before'
		);
	}
}
