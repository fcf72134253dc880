<?php
namespace TenderPress\Listings;

use TenderPress\Blocks\NoticeFacts;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Islands\QuickView;
use TenderPress\Support\Money;
use TenderPress\Support\SiteTime;
use WP_Post;

/**
 * One notice in a listing: type, status (with the quick view on their line), title, deadline with
 * the time left, estimated value (Support\Money), buyer, location ("City, State"), published date
 * and reference, in the order of the site's card template (CardTemplate). The same markup serves
 * the first page load and every page loaded in place, so the two never differ.
 */
final class NoticeCard {

	/**
	 * The card's markup, escaped.
	 *
	 * @param WP_Post $post          A published notice.
	 * @param int     $heading_level Level of the title's heading, from the listing's cleaned settings.
	 * @param bool    $quick_view    Whether the card offers the quick view (in a listing that has it).
	 */
	public static function render( WP_Post $post, int $heading_level, bool $quick_view = false ): string {
		// What everyone may see: cards are cached and shared, so a protected notice shows no body
		// here even to a visitor who gave its password.
		$notice  = Notice::for_everyone( $post );
		$status  = $notice->status();
		$heading = 'h' . $heading_level;
		// The facts' names are the card template's names of those parts.
		$labels = CardTemplate::labels();
		$facts  = array();
		if ( '' !== $notice->buyer ) {
			$facts['buyer'] = array( $labels['buyer'], esc_html( $notice->buyer ) );
		}
		if ( '' !== $notice->reference ) {
			$facts['reference'] = array( $labels['reference'], esc_html( $notice->reference ) );
		}
		if ( null !== $notice->deadline_timestamp ) {
			// The time a bidder still has, beside the deadline while the notice is open. Worked
			// out when the page is rendered: a listing page kept in a persistent object cache
			// shows it up to ListingCache::LIFETIME late, as it does the status badge.
			$deadline = self::time_html( $notice->deadline_timestamp );
			if ( NoticeStatus::CLOSED !== $status ) {
				$deadline .= ' <span class="tp-notice-card__left">' . esc_html( NoticeStatus::time_left( $notice->deadline_timestamp ) ) . '</span>';
			}
			$facts['deadline'] = array( $labels['deadline'], $deadline );
		}
		// Every card has a value row, so a bidder scanning a list sees which notices give none.
		$facts['value'] = array( $labels['value'], null === $notice->value_amount ? esc_html__( 'Value not published', 'tenderpress' ) : esc_html( Money::format( $notice->value_amount, $notice->currency ) ) );
		$places         = NoticeTaxonomies::place_names( $post );
		if ( $places ) {
			$facts['location'] = array( $labels['location'], esc_html( implode( '; ', $places ) ) );
		}
		$published = NoticeFacts::date_html( $notice->published_date );
		if ( '' !== $published ) {
			$facts['published'] = array( $labels['published'], $published );
		}

		// The parts in the site's order (CardTemplate); facts next to each other share a list.
		$more = $quick_view ? QuickView::control( $post ) : '';
		$html = '<article class="tp-notice-card tp-notice-card--' . esc_attr( $notice->type ) . ( $status ? ' tp-notice-card--' . esc_attr( $status ) : '' ) . '">';
		$list = '';
		foreach ( CardTemplate::parts() as $part ) {
			if ( in_array( $part, CardTemplate::FACTS, true ) ) {
				// A fact this notice lacks (no reference) leaves the list as it is.
				$list .= isset( $facts[ $part ] ) ? '<div class="tp-notice-card__fact tp-notice-card__fact--' . $part . '"><dt>' . esc_html( $facts[ $part ][0] ) . '</dt><dd>' . $facts[ $part ][1] . '</dd></div>' : '';
				continue;
			}
			$html .= '' !== $list ? '<dl class="tp-notice-card__facts">' . $list . '</dl>' : '';
			$list  = '';
			if ( 'badges' === $part ) {
				// The quick view sits at the end of the badges' line rather than on a line of its own.
				$html .= '<p class="tp-notice-card__badges">' . self::type_badge( $notice ) . ( $status ? ' ' . self::status_badge( $status ) : '' ) . $more . '</p>';
				$more  = '';
			} elseif ( 'title' === $part ) {
				$html .= sprintf( '<%1$s class="tp-notice-card__title"><a href="%2$s">%3$s</a></%1$s>', $heading, esc_url( get_permalink( $post ) ), esc_html( get_the_title( $post ) ) );
			}
		}
		$html .= '' !== $list ? '<dl class="tp-notice-card__facts">' . $list . '</dl>' : '';
		if ( '' !== $more ) {
			// A card template without the badges: the quick view closes the card.
			$html .= '<p class="tp-notice-card__more">' . $more . '</p>';
		}
		return $html . '</article>';
	}

	public static function type_badge( Notice $notice ): string {
		return '<span class="tp-badge tp-badge--' . esc_attr( $notice->type ) . '">' . esc_html( $notice->type_label() ) . '</span>';
	}

	public static function status_badge( string $status ): string {
		return '<span class="tp-status tp-status--' . esc_attr( $status ) . '">' . esc_html( NoticeStatus::label( $status ) ) . '</span>';
	}

	/** A <time> in site time with the machine-readable instant, e.g. "12 Dec 2026, 3:00 pm IST". */
	public static function time_html( int $timestamp ): string {
		return '<time datetime="' . esc_attr( gmdate( 'c', $timestamp ) ) . '">' . esc_html( self::time_label( $timestamp ) ) . '</time>';
	}

	/** An instant in site time, in the site's date and time formats with its zone, e.g. "12 Dec 2026, 3:00 pm IST". */
	public static function time_label( int $timestamp ): string {
		return SiteTime::date_time( $timestamp );
	}
}
