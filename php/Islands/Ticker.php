<?php
namespace TenderPress\Islands;

use TenderPress\Content\Notice;
use TenderPress\Listings\NoticeCard;
use TenderPress\Listings\NoticeListing;

/**
 * The notice ticker (islands/ticker): the latest notices in a vertical ticker, from the block
 * `tenderpress/ticker` or the shortcode `[tenderpress_ticker]`.
 *
 * Without JavaScript it is a plain list of links. With it, the page shows the first `visible`
 * items in a window of that height at once, with the pause button; the list carries copies of its
 * last and first items around it (for a loop that never runs backwards), hidden until scripts run,
 * so the island moves the list without adding anything: its mount moves nothing. It moves by
 * itself, so it loads when it comes into view rather than on a visitor's intent.
 */
final class Ticker extends IslandBlock {

	public const ISLAND    = 'ticker';
	public const BLOCK     = 'tenderpress/ticker';
	public const SHORTCODE = 'tenderpress_ticker';
	public const SECTION   = 'ticker';

	/** @var int Tickers rendered on this request, for unique ids. */
	private static $count = 0;

	/** Forgets the tickers rendered so far (each test renders as a new request). */
	public static function reset(): void {
		self::$count = 0;
	}

	protected static function site_defaults(): array {
		return array(
			'pause'   => array(
				'label' => __( 'Time between moves', 'tenderpress' ),
				'unit'  => __( 'milliseconds', 'tenderpress' ),
			),
			'speed'   => array(
				'label' => __( 'Length of a move', 'tenderpress' ),
				'unit'  => __( 'milliseconds', 'tenderpress' ),
			),
			'visible' => array( 'label' => __( 'Notices shown at once', 'tenderpress' ) ),
		);
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Notice ticker', 'tenderpress' ),
			'description' => __( 'The latest notices moving in a ticker. Visitors can pause it, and it stands still while they point at it or use the keyboard in it, or when they ask their device for less motion. Each block can set its own.', 'tenderpress' ),
		);
	}

	/**
	 * The ticker and its island, escaped; '' when there are no notices to show. The shortcode is
	 * `[tenderpress_ticker title="" count="" notice_type="" speed="" pause="" visible="" direction="" pause_on_hover=""]`.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes (block.json).
	 * @param string               $content    Nothing: the ticker lists notices.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$posts = NoticeListing::latest( (int) $attributes['count'], (string) $attributes['noticeType'] );
		if ( ! $posts ) {
			return '';
		}
		$items = array_map( array( self::class, 'item' ), $posts );
		$title = trim( sanitize_text_field( (string) $attributes['title'] ) );
		$title = '' !== $title ? $title : __( 'Latest notices', 'tenderpress' );
		$id    = 'tp-ticker-' . ( ++self::$count );
		// Fewer notices than the window holds: nothing to move, so a plain list without an island.
		$moves   = count( $items ) > (int) $attributes['visible'];
		$visible = $moves ? (int) $attributes['visible'] : count( $items );
		$list    = implode( '', $items );
		if ( $moves ) {
			$copy = static fn( string $item ): string => str_replace( '<li class="tp-ticker__item">', '<li class="tp-ticker__item" data-tp-copy aria-hidden="true" inert>', $item );
			$list = implode( '', array_map( $copy, array_slice( $items, -$visible ) ) ) . $list . implode( '', array_map( $copy, array_slice( $items, 0, $visible ) ) );
		}
		$inner = sprintf(
			'<h2 class="tp-ticker__title" id="%1$s">%2$s</h2><div class="tp-ticker__window"><ul class="tp-ticker__list"%3$s>%4$s</ul></div>',
			esc_attr( $id ),
			esc_html( $title ),
			$moves ? ' style="--tp-ticker-position:' . $visible . '"' : '',
			$list
		);
		$style = '--tp-ticker-visible:' . $visible . ';--tp-ticker-speed:' . (int) $attributes['speed'] . 'ms';
		if ( ! $moves ) {
			return '<section class="tp-ticker" aria-labelledby="' . esc_attr( $id ) . '" style="' . esc_attr( $style ) . '">' . $inner . '</section>';
		}
		$strings = array(
			'pause' => __( 'Pause', 'tenderpress' ),
			'play'  => __( 'Play', 'tenderpress' ),
		);
		return IslandContainer::render(
			self::ISLAND,
			$inner . '<div class="tp-ticker__controls" data-tp-root><button type="button" class="tp-ticker__toggle">' . esc_html( $strings['pause'] ) . '</button></div>',
			array(
				'speed'        => (int) $attributes['speed'],
				'pause'        => (int) $attributes['pause'],
				'visible'      => $visible,
				'direction'    => $attributes['direction'],
				'pauseOnHover' => (bool) $attributes['pauseOnHover'],
				'i18n'         => $strings,
			),
			array(
				'tag'        => 'section',
				// It moves by itself: React comes when the ticker nears the window.
				'when'       => 'visible',
				// A click on Pause while the island loads stops it once it has.
				'replay'     => '.tp-ticker__toggle',
				'attributes' => array(
					'aria-labelledby' => $id,
					'style'           => $style,
				),
			)
		);
	}

	/** One notice: its title as a link, and its deadline and buyer. */
	private static function item( \WP_Post $post ): string {
		// What everyone may see (no body of a protected notice): the ticker is the same for all.
		$notice = Notice::for_everyone( $post );
		$facts  = array();
		// The deadline first: on a phone the line is cut at its end.
		if ( null !== $notice->deadline_timestamp ) {
			/* translators: %s: the deadline, a date and time. */
			$facts[] = sprintf( esc_html__( 'Closes %s', 'tenderpress' ), NoticeCard::time_html( $notice->deadline_timestamp ) );
		}
		if ( '' !== $notice->buyer ) {
			$facts[] = esc_html( $notice->buyer );
		}
		return sprintf(
			'<li class="tp-ticker__item"><a class="tp-ticker__link" href="%1$s">%2$s</a>%3$s</li>',
			esc_url( (string) get_permalink( $post ) ),
			esc_html( get_the_title( $post ) ),
			$facts ? '<span class="tp-ticker__facts">' . implode( ' · ', $facts ) . '</span>' : ''
		);
	}
}
