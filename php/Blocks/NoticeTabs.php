<?php
namespace TenderPress\Blocks;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeReminder;
use TenderPress\Share\SharePlacement;
use WP_Post;

/**
 * A single notice's page (block `tenderpress/notice-tabs`, named for what it once was): the
 * decision first. A head (breadcrumbs, "buyer · reference", the title, what corrigenda changed),
 * an aside with the key facts, the bidder's next step and the share bar, then the notice's
 * description, eligibility, documents and corrigenda as headed sections behind an in-page
 * contents list. Bidders need all of it, so none of it hides in tabs (GOV.UK advises tabs only
 * when users do not need everything); the tabs block stays for a site owner's own content.
 *
 * The layout is CSS grid (style.css): on phones head, aside, sections, in that (reading) order;
 * from 1024 px the sections under the head and the aside beside both, sticky.
 *
 * Corrigenda are the published notices of type corrigendum with the same reference number, the
 * way buyers publish them, newest first.
 */
final class NoticeTabs {

	public const BLOCK = 'tenderpress/notice-tabs';

	/** The level of each section's title: right under the notice's title. */
	private const LEVEL = 2;

	/** How many corrigenda a notice lists at most. */
	public const CORRIGENDA_LIMIT = 20;

	/** @var array<int, true> Notices being rendered: a notice's text that holds this block does not render it again. */
	private static $rendering = array();

	/**
	 * @param WP_Post|null         $post       The notice.
	 * @param array<string, mixed> $attributes Block attributes: heading (whether the block prints
	 *                                         the notice's title, as the notice template asks).
	 */
	public static function render( ?WP_Post $post, array $attributes = array() ): string {
		if ( ! $post || NoticePostType::POST_TYPE !== $post->post_type || isset( self::$rendering[ $post->ID ] ) ) {
			return '';
		}
		self::$rendering[ $post->ID ] = true;
		try {
			$notice     = Notice::from_post( $post );
			$corrigenda = self::corrigenda( $notice );
			// The key facts are printed here, not by their own block: their stylesheets are the
			// ones WordPress registered for that block, whatever handles it gave them.
			NoticeFacts::enqueue_styles();
			$sections = array();
			$summary  = NoticeFacts::render( $post, self::LEVEL, false, 'summary' );
			if ( '' !== $summary ) {
				$sections[] = self::section( __( 'Summary', 'tenderpress' ), 'summary', $summary );
			}
			$text = self::text( $post );
			if ( '' !== $text ) {
				$sections[] = self::section( __( 'Description', 'tenderpress' ), 'description', $text );
			}
			if ( '' !== trim( $notice->eligibility ) ) {
				$sections[] = self::section( __( 'Eligibility', 'tenderpress' ), 'eligibility', self::eligibility_html( $notice->eligibility ) );
			}
			if ( $notice->documents ) {
				/* translators: %d: how many documents the notice has. */
				$sections[] = self::section( sprintf( __( 'Documents (%d)', 'tenderpress' ), count( $notice->documents ) ), 'documents', NoticeFacts::documents_html( $notice ) );
			}
			if ( $corrigenda ) {
				/* translators: %d: how many corrigenda amend the notice. */
				$sections[] = self::section( sprintf( __( 'Corrigenda (%d)', 'tenderpress' ), count( $corrigenda ) ), 'corrigenda', self::corrigenda_html( $corrigenda ) );
			}
			// What corrigenda changed comes right under the title: the facts beside it may be the old ones.
			$head  = ! empty( $attributes['heading'] ) ? NoticeBreadcrumbs::render( $post ) . self::caption( $notice ) . '<h1 class="wp-block-post-title tp-notice__title">' . esc_html( get_the_title( $post ) ) . '</h1>' : '';
			$head .= NoticeChanges::render( $notice, $corrigenda );
			// The aside holds what a bidder decides on (the deadline and time left, the amounts)
			// with the action right under the status, short enough to stay in view beside the text.
			$aside = NoticeFacts::render( $post, self::LEVEL, false, 'decision', self::primary_action( $notice ) ) . NoticeReminder::form( $post ) . SharePlacement::content_bar();
			return '<div class="tp-notice">'
				. ( '' === $head ? '' : '<div class="tp-notice__head">' . $head . '</div>' )
				. '<aside class="tp-notice__aside" aria-label="' . esc_attr__( 'Deadline and how to bid', 'tenderpress' ) . '">' . $aside . '</aside>'
				. '<div class="tp-notice__main">' . self::contents( $sections ) . implode( '', array_map( array( self::class, 'section_html' ), $sections ) ) . '</div>'
				. '</div>';
		} finally {
			unset( self::$rendering[ $post->ID ] );
		}
	}

	/** "Buyer · reference" above the title, as Find a Tender captions a notice; '' without either. */
	private static function caption( Notice $notice ): string {
		$parts = array_filter( array( $notice->buyer, $notice->reference ), static fn( string $part ): bool => '' !== $part );
		return $parts ? '<p class="tp-notice__caption">' . esc_html( implode( ' · ', $parts ) ) . '</p>' : '';
	}

	/**
	 * The bidder's next step: the buyer's submission page, named by its host so the bidder knows
	 * where they are going, with the buyer's own notice under it; or, without a submission page,
	 * the buyer's notice as the step. '' when the notice gives neither (or hides them behind its
	 * password).
	 */
	public static function primary_action( Notice $notice ): string {
		$host     = self::host( $notice->submission_url );
		$original = '' === self::host( $notice->notice_url ) ? '' : $notice->notice_url;
		if ( '' === $host ) {
			return '' === $original ? '' : '<p class="tp-notice__action"><a class="wp-element-button" href="' . esc_url( $original ) . '">'
				. esc_html__( 'View the buyer\'s notice', 'tenderpress' ) . '<span aria-hidden="true"> ↗</span></a></p>';
		}
		return '<p class="tp-notice__action"><a class="wp-element-button" href="' . esc_url( $notice->submission_url ) . '">'
			/* translators: %s: the host name of the buyer's submission site, such as etenders.gov.in. */
			. esc_html( sprintf( __( 'Submit your bid on %s', 'tenderpress' ), $host ) )
			. '<span aria-hidden="true"> ↗</span></a></p>'
			. ( '' === $original ? '' : '<p class="tp-notice__original"><a href="' . esc_url( $original ) . '">' . esc_html__( 'View the original notice', 'tenderpress' ) . '<span aria-hidden="true"> ↗</span></a></p>' );
	}

	/** The host of a stored http(s) address, or ''. */
	private static function host( string $url ): string {
		return '' === $url ? '' : (string) wp_parse_url( $url, PHP_URL_HOST );
	}

	/**
	 * @param list<array{title: string, anchor: string, html: string}> $sections
	 */
	private static function contents( array $sections ): string {
		if ( count( $sections ) < 2 ) {
			return '';
		}
		$html = '<nav class="tp-notice__contents" aria-label="' . esc_attr__( 'On this page', 'tenderpress' ) . '"><p class="tp-notice__contents-title">' . esc_html__( 'On this page', 'tenderpress' ) . '</p><ol>';
		foreach ( $sections as $section ) {
			$html .= '<li><a href="#' . esc_attr( $section['anchor'] ) . '">' . esc_html( $section['title'] ) . '</a></li>';
		}
		return $html . '</ol></nav>';
	}

	/**
	 * @param array{title: string, anchor: string, html: string} $section
	 */
	private static function section_html( array $section ): string {
		$id = esc_attr( $section['anchor'] );
		return '<section class="tp-notice__section" id="' . $id . '" aria-labelledby="' . $id . '-title"><h' . self::LEVEL . ' id="' . $id . '-title">' . esc_html( $section['title'] ) . '</h' . self::LEVEL . '>' . $section['html'] . '</section>';
	}

	/**
	 * @return array{title: string, anchor: string, html: string}
	 */
	private static function section( string $title, string $anchor, string $html ): array {
		return array(
			'title'  => $title,
			'anchor' => $anchor,
			'html'   => $html,
		);
	}

	/** The notice's text as its template would print it, without the share bar, which is in the aside. */
	private static function text( WP_Post $post ): string {
		$text = SharePlacement::without_content_bar(
			static function () use ( $post ): string {
				$content = str_replace( ']]>', ']]&gt;', (string) get_the_content( null, false, $post ) );
				return (string) apply_filters( 'the_content', $content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as the post content block does.
			}
		);
		return '' === trim( $text ) ? '' : '<div class="tp-notice-tabs__text">' . $text . '</div>';
	}

	/**
	 * Plain text as paragraphs: a blank line starts a new one, and lines that start with "- "
	 * make a list.
	 */
	public static function eligibility_html( string $text ): string {
		$html   = '';
		$blocks = preg_split( '/\R\s*\R/', trim( $text ) );
		foreach ( is_array( $blocks ) ? $blocks : array() as $block ) {
			$lines = preg_split( '/\R/', trim( $block ) );
			$lines = is_array( $lines ) ? $lines : array();
			$items = array_filter( $lines, static fn( string $line ): bool => str_starts_with( ltrim( $line ), '- ' ) );
			if ( count( $items ) === count( $lines ) ) {
				$html .= '<ul>' . implode( '', array_map( static fn( string $line ): string => '<li>' . esc_html( substr( ltrim( $line ), 2 ) ) . '</li>', $lines ) ) . '</ul>';
			} else {
				$html .= '<p>' . implode( '<br>', array_map( 'esc_html', $lines ) ) . '</p>';
			}
		}
		return $html;
	}

	/**
	 * Published corrigenda with the notice's reference number, newest first: through the notice
	 * lookup table's reference index when the site has it, else postmeta.
	 *
	 * @return list<WP_Post>
	 */
	public static function corrigenda( Notice $notice ): array {
		if ( '' === $notice->reference || 'corrigendum' === $notice->type ) {
			return array();
		}
		$args = array(
			'post_type'              => NoticePostType::POST_TYPE,
			'post_status'            => 'publish',
			'posts_per_page'         => self::CORRIGENDA_LIMIT, // phpcs:ignore WordPress.WP.PostsPerPage.posts_per_page_posts_per_page -- 20, a bounded list.
			'no_found_rows'          => true,
			'ignore_sticky_posts'    => true,
			'update_post_term_cache' => false,
			// The change banner compares their facts with the notice's (NoticeChanges): their
			// meta in one query for all of them.
			'update_post_meta_cache' => true,
		);
		if ( NoticeIndex::ready() ) {
			global $wpdb;
			$table = NoticeIndex::table();
			$ids   = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the lookup table's own index; WP_Query cannot reach it.
				$wpdb->prepare(
					"SELECT post_id FROM {$table} WHERE reference = %s AND notice_type = 'corrigendum' AND post_id <> %d ORDER BY post_date DESC, post_id DESC LIMIT %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
					$notice->reference,
					$notice->post->ID,
					self::CORRIGENDA_LIMIT
				)
			);
			if ( ! $ids ) {
				return array();
			}
			$args += array(
				'post__in' => array_map( 'intval', $ids ),
				'orderby'  => 'post__in',
			);
		} else {
			$args += array(
				'post__not_in' => array( $notice->post->ID ),
				'orderby'      => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'meta_query'   => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- only until an administrator brings the schema up to date (NoticeIndex::ready()).
					array(
						'key'   => 'tp_reference',
						'value' => $notice->reference,
					),
					array(
						'key'   => 'tp_notice_type',
						'value' => 'corrigendum',
					),
				),
			);
		}
		$posts = ( new \WP_Query( $args ) )->posts;
		return array_values( array_filter( is_array( $posts ) ? $posts : array(), static fn( $post ): bool => $post instanceof WP_Post ) );
	}

	/**
	 * @param list<WP_Post> $corrigenda
	 */
	private static function corrigenda_html( array $corrigenda ): string {
		$html = '<ul class="tp-notice-tabs__corrigenda">';
		foreach ( $corrigenda as $corrigendum ) {
			$html .= sprintf(
				'<li><a href="%1$s">%2$s</a> <time datetime="%3$s">%4$s</time></li>',
				esc_url( (string) get_permalink( $corrigendum ) ),
				esc_html( get_the_title( $corrigendum ) ),
				esc_attr( (string) get_post_time( 'c', true, $corrigendum ) ),
				esc_html( (string) get_the_date( '', $corrigendum ) )
			);
		}
		return $html . '</ul>';
	}
}
