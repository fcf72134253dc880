<?php
namespace TenderPress\Blocks;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Listings\CardTemplate;

/**
 * Registers the plugin's blocks from plugin/blocks/<name>/block.json. They are dynamic: PHP renders
 * them (render.php), so they work in block themes, in templates and without JavaScript.
 *
 * Each attribute's default and limits live in block.json; the notice types the listing may filter
 * on come from the content model at registration. The editor reads both from the registered block
 * types, so it offers exactly what the server accepts.
 */
final class BlockRegistry {

	public const EDITOR_SCRIPT       = 'tenderpress-blocks-editor';
	public const DIALOG_STYLE        = 'tenderpress-dialog';
	public const SCREEN_READER_STYLE = 'tenderpress-screen-reader-text';
	public const LISTING             = 'tenderpress/listing';

	/**
	 * The plugin's blocks: the folders under plugin/blocks/ that hold a block.json, so a block is
	 * added or removed by its folder alone.
	 *
	 * @return list<string> The folders' names, each a block's name after "tenderpress/".
	 */
	public static function blocks(): array {
		$files = glob( TENDERPRESS_DIR . '/blocks/*/block.json' );
		return array_map( static fn( string $file ): string => basename( dirname( $file ) ), is_array( $files ) ? $files : array() );
	}

	public function register(): void {
		add_action( 'init', array( $this, 'register_blocks' ) );
		add_filter( 'block_type_metadata', array( $this, 'add_notice_types' ) );
		add_action( 'enqueue_block_editor_assets', array( $this, 'add_editor_labels' ) );
		// Before WordPress inlines the queued stylesheets (wp_maybe_inline_styles, priority 1).
		add_action( 'wp_head', array( $this, 'queue_dialog_style' ), 0 );
		add_action( 'wp_footer', array( $this, 'queue_dialog_style' ), 0 );
	}

	/**
	 * The dialogs' shared stylesheet in the queue whenever a queued stylesheet needs it: WordPress
	 * inlines queued stylesheets only, so as a mere dependency it would be a request of its own.
	 */
	public function queue_dialog_style(): void {
		$styles = wp_styles();
		foreach ( $styles->queue as $handle ) {
			$style = $styles->query( $handle );
			if ( $style instanceof \_WP_Dependency && in_array( self::DIALOG_STYLE, $style->deps, true ) ) {
				wp_enqueue_style( self::DIALOG_STYLE );
				return;
			}
		}
	}

	public function register_blocks(): void {
		// Shared by the blocks that show type and status badges; loaded only with them.
		wp_register_style( 'tenderpress-badges', plugins_url( 'assets/badges.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		wp_style_add_data( 'tenderpress-badges', 'path', TENDERPRESS_DIR . '/assets/badges.css' );
		// Shared by the blocks with forms (filters, search); loaded only with them.
		wp_register_style( 'tenderpress-forms', plugins_url( 'assets/forms.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		wp_style_add_data( 'tenderpress-forms', 'path', TENDERPRESS_DIR . '/assets/forms.css' );
		// Visually hidden text in the plugin's widgets (listing page links, calendar, quick view).
		wp_register_style( self::SCREEN_READER_STYLE, plugins_url( 'assets/screen-reader-text.css', TENDERPRESS_FILE ), array(), TENDERPRESS_VERSION );
		wp_style_add_data( self::SCREEN_READER_STYLE, 'path', TENDERPRESS_DIR . '/assets/screen-reader-text.css' );
		// The look every island's dialog shares (islands/shared/Dialog.tsx); a dependency of the
		// stylesheets of the islands that open one, so it comes first (queue_dialog_style()).
		wp_register_style( self::DIALOG_STYLE, plugins_url( 'assets/dialog.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		wp_style_add_data( self::DIALOG_STYLE, 'path', TENDERPRESS_DIR . '/assets/dialog.css' );
		// One small editor script for all blocks: previews rendered by the server, settings panels.
		// Built from blocks-editor/; the build lists the WordPress scripts it needs and its hash.
		// Without a build (a checkout before `npm run build`) the blocks still render, unedited.
		$asset_file = TENDERPRESS_DIR . '/build/editor/index.asset.php';
		if ( is_readable( $asset_file ) ) {
			$asset = require $asset_file;
			wp_register_script(
				self::EDITOR_SCRIPT,
				plugins_url( 'build/editor/index.js', TENDERPRESS_FILE ), // @phpstan-ignore argument.type (plugins_url() never returns an empty string.)
				$asset['dependencies'],
				$asset['version'],
				true
			);
			wp_set_script_translations( self::EDITOR_SCRIPT, 'tenderpress', TENDERPRESS_DIR . '/languages' );
		}
		foreach ( self::blocks() as $block ) {
			register_block_type( TENDERPRESS_DIR . '/blocks/' . $block );
		}
		foreach ( array( 'share', 'login' ) as $block ) {
			$style = wp_styles()->query( 'tenderpress-' . $block . '-style' );
			if ( $style instanceof \_WP_Dependency && ! in_array( self::DIALOG_STYLE, $style->deps, true ) ) {
				$style->deps[] = self::DIALOG_STYLE;
			}
		}
	}

	/**
	 * A block of ours that declares a `noticeType` attribute in its block.json (the listing, the
	 * ticker, the carousel and the calendar) filters on the content model's notice types, or on
	 * none (''). The choices are added here, not written in block.json, so a new notice type
	 * reaches the blocks, REST and the editor at once.
	 *
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function add_notice_types( array $metadata ): array {
		if ( str_starts_with( (string) ( $metadata['name'] ?? '' ), 'tenderpress/' ) && isset( $metadata['attributes']['noticeType'] ) ) {
			$metadata['attributes']['noticeType']['enum'] = array_merge( array( '' ), NoticeFields::NOTICE_TYPES );
		}
		// A card part is one of the card template's parts (CardTemplate::PARTS, their one list).
		if ( 'tenderpress/card-part' === ( $metadata['name'] ?? null ) ) {
			$metadata['attributes']['part']['enum'] = CardTemplate::PARTS;
		}
		return $metadata;
	}

	/**
	 * Names for the listing's notice-type choices, translated here like every other notice-type
	 * label, for the editor's select; the choices themselves are the attribute's enum.
	 */
	public function add_editor_labels(): void {
		$labels = array( '' => __( 'All notices', 'tenderpress' ) );
		foreach ( NoticeFields::NOTICE_TYPES as $type ) {
			$labels[ $type ] = Notice::label_for_type( $type );
		}
		wp_add_inline_script(
			self::EDITOR_SCRIPT,
			'window.tenderpressBlockEditor = ' . wp_json_encode( array( 'noticeTypeLabels' => $labels ), JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) . ';',
			'before'
		);
	}
}
