<?php
namespace TenderPress\Islands;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Listings\AppliedFilters;
use TenderPress\Listings\FilteredView;
use TenderPress\Listings\FilterForm;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\NoticeViews;
use TenderPress\Listings\PageLinks;
use TenderPress\Support\AjaxResponse;

/**
 * The paginator island around a listing: the items and real page links (so the listing pages
 * without JavaScript and for crawlers), and on the page-link <nav> the spec's attributes
 * (data-totalpages, data-currentpage, data-sid, data-unid, data-iselementor, data-isblock,
 * data-postid, data-noscroll). With JavaScript, pages load in place through pagination_request.
 *
 * The island loads only when a visitor shows intent toward the page links (pointer, touch,
 * focus); a click on a page link that comes before it has mounted is shown in place by the
 * island's early module (islands/paginator/early.ts) as soon as its answer comes, or replayed on
 * the island when it mounts.
 *
 * With a filter form, the form sits inside the island's container but outside React's root
 * (data-tp-root), so it stays the server's markup: the island listens to it, applies a change
 * in place through the same endpoint, and the form's use is intent too. The island is there
 * even for a single page then, since a change of filters can give more.
 */
final class Paginator {

	public const ISLAND = 'paginator';

	/** The box of the page links, in the first render and in each answer (the island's marker). */
	public const LINKS_CLASS = 'tp-paginator__links';

	/** A page number no listing reaches, swapped for the template's placeholder. */
	private const PLACEHOLDER_PAGE = 987654321;

	/** @var int Listings rendered in this request, for unique ids. */
	private static $count = 0;

	/**
	 * @param string                       $sid      The listing's signed id.
	 * @param array<string, mixed>         $settings Canonical listing settings.
	 * @param array<string, string>        $filters  Filters applied to this render (custom_data).
	 * @param int                          $current  Number of the page shown, from 1.
	 * @param array{html:string,total:int} $page     The page to show.
	 * @param bool                         $is_block Whether a block rendered it (else the shortcode).
	 * @param string                       $form     The listing's filter form (FilterForm), or ''.
	 * @param string                       $head     What the listing says above its notices (AppliedFilters), or ''.
	 */
	public static function render( string $sid, array $settings, array $filters, int $current, array $page, bool $is_block, string $form = '', string $head = '' ): string {
		// The applied filters sit inside the items, so a page answered in place brings its own
		// (PaginationRequest) and swapping them moves nothing below.
		$items = '<div class="tp-listing__items">' . $head . ( $page['total'] > 0 ? $page['html'] : ListingPage::empty_html() ) . '</div>';
		if ( '' === $form && $page['total'] < 2 ) {
			return $items;
		}
		++self::$count;
		$unid = 'tp-listing-' . self::$count;
		// The post the listing sits in (a page, a post); 0 on archives, whose queried object is a term.
		$queried = get_queried_object();
		$post_id = $queried instanceof \WP_Post ? (int) $queried->ID : 0;
		// Every page's address from the first page's, built as an answer in place builds it
		// (PaginationRequest): the listing's address, its filters, then the page.
		$first = AppliedFilters::link( FilteredView::unfiltered_url(), $filters, NoticeViews::fixed_filters() );
		$links = self::links( $current, $page['total'], static fn( int $number ): string => PageLinks::paged_url( $first, $number ), $settings, $sid, $unid, $is_block, $post_id );

		// Raw URLs (not escaped for HTML: they travel in JSON), so "&" stays "&".
		$template = str_replace( (string) self::PLACEHOLDER_PAGE, '%#%', esc_url_raw( PageLinks::paged_url( $first, self::PLACEHOLDER_PAGE ) ) );
		$props    = array(
			// The pagination_request a page link asks for, but its page (the link's data-page):
			// the island sends it, and the runtime starts it at the first intent on a page link,
			// before the island has loaded, so the answer comes first and is shown at once
			// (docs/architecture.md, "the first tap shows its page before React").
			'early'         => array(
				'url'    => admin_url( 'admin-ajax.php' ),
				'fields' => array(
					'action'      => PaginationRequest::ACTION,
					'sid'         => $sid,
					'unid'        => $unid,
					'iselementor' => '0',
					'isblock'     => $is_block ? '1' : '0',
					'postid'      => (string) $post_id,
					'lang'        => determine_locale(),
					'ajax_nonce'  => wp_create_nonce( PaginationRequest::NONCE_ACTION ),
					'custom_data' => (string) wp_json_encode( (object) $filters ),
				),
				'from'   => 'page',
			),
			'sid'           => $sid,
			'unid'          => $unid,
			'isBlock'       => $is_block,
			'postId'        => $post_id,
			'totalPages'    => max( 1, $page['total'] ),
			'currentPage'   => $current,
			'noScroll'      => (bool) $settings['noScroll'],
			'linkTemplate'  => $template,
			'firstPageLink' => esc_url_raw( $first ),
			'isAdmin'       => current_user_can( 'manage_options' ),
			'customData'    => (object) $filters,
			'noPostsMarker' => ListingPage::NO_POSTS_MARKER,
			'linksClass'    => self::LINKS_CLASS,
			'i18n'          => AjaxResponse::client_messages() + array(
				/* translators: %d: page number. */
				'loading'      => __( 'Loading page %d…', 'tenderpress' ),
				/* translators: 1: page number, 2: number of pages. */
				'loaded'       => __( 'Page %1$d of %2$d loaded.', 'tenderpress' ),
				/* translators: %d: page number. */
				'failed'       => __( 'Page %d could not be loaded.', 'tenderpress' ),
				'retry'        => __( 'Try again', 'tenderpress' ),
				/* translators: Said while a listing loads the notices matching new filters. */
				'filtering'    => __( 'Loading the notices that match…', 'tenderpress' ),
				'filterFailed' => __( 'The notices could not be loaded.', 'tenderpress' ),
			),
		);
		if ( '' === $form ) {
			return IslandContainer::render(
				self::ISLAND,
				$items . $links,
				$props,
				array(
					'when'   => 'interaction',
					'intent' => '.tp-pagination',
					'replay' => 'a[data-page]',
				)
			);
		}
		$props['filters'] = FilterForm::island_props( $settings );
		return IslandContainer::render(
			self::ISLAND,
			$form . '<div class="tp-paginator__root" data-tp-root>' . $items . $links . '</div>',
			$props,
			array(
				'when'   => 'interaction',
				'intent' => '.tp-pagination, .tp-filters, .tp-listing__sort',
				'replay' => 'a[data-page], .tp-filters__apply, .tp-filters__clear, .tp-listing__sort-apply',
			)
		);
	}

	/**
	 * The page links, in the box the island keeps (it swaps in the links each answer brings): the
	 * server renders them on the first page and on every page answered in place
	 * (PaginationRequest), so there is one renderer. On the <nav>, the spec's attributes.
	 *
	 * @param int                  $current  Page shown, from 1.
	 * @param int                  $total    Number of pages.
	 * @param callable(int):string $url_for  A page's address.
	 * @param array<string, mixed> $settings Canonical listing settings.
	 * @param string               $sid      The listing's signed id.
	 * @param string               $unid     The listing's id in its page.
	 * @param bool                 $is_block Whether a block rendered it.
	 * @param int                  $post_id  The post the listing sits in, or 0.
	 */
	public static function links( int $current, int $total, callable $url_for, array $settings, string $sid, string $unid, bool $is_block, int $post_id ): string {
		$attributes = array(
			'data-totalpages'  => $total,
			'data-currentpage' => $current,
			'data-sid'         => $sid,
			'data-unid'        => $unid,
			'data-iselementor' => 0,
			'data-isblock'     => $is_block ? 1 : 0,
			'data-postid'      => $post_id,
		);
		if ( ! empty( $settings['noScroll'] ) ) {
			$attributes['data-noscroll'] = 1;
		}
		return '<div class="' . self::LINKS_CLASS . '">' . PageLinks::render( $current, $total, $url_for, (int) $settings['visiblePages'], $attributes ) . '</div>';
	}

	/** Forgets the per-request listing count (long-running tests render many pages). */
	public static function reset(): void {
		self::$count = 0;
	}
}
