<?php
namespace TenderPress\Tests;

use TenderPress\Admin\SettingsPage;
use TenderPress\Content\LazyMedia;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Lightbox;
use TenderPress\Settings\Settings;

/**
 * The lightbox as a visitor meets it before any script runs: every picture of a post's text a
 * link to its full size (a picture already linking to its file keeps that link, one linking to a
 * page is left alone), the text in one island container that loads when a picture's link is
 * pointed at, with its stylesheet. Where it stays out of the way (the setting off, feeds, the
 * admin, the REST API), pictures that are not for a lightbox, markup that stays escaped, and the
 * site owner's setting with its refused values.
 */
final class LightboxIslandTest extends TestCase {

	/** The island's container as printed around a text with pictures. */
	private const CONTAINER = '<div class="tp-lightbox" data-tp-island="lightbox" data-tp-when="interaction" data-tp-intent=".tp-lightbox__link" data-tp-replay=".tp-lightbox__link">';

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->queued_styles = wp_styles()->queue;
		Carousel::reset();
		LazyMedia::reset();
	}

	protected function tearDown(): void {
		Carousel::reset();
		LazyMedia::reset();
		wp_styles()->queue = $this->queued_styles;
		// Back to a visitor's page after a test on an admin screen.
		unset( $GLOBALS['current_screen'], $GLOBALS['typenow'], $GLOBALS['taxnow'] );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/**
	 * The seeded guide: a gallery of three pictures of the media library at the top, then text,
	 * then a carousel of three more pictures and an embedded notice further down.
	 */
	private function site_visit(): \WP_Post {
		$post = get_page_by_path( 'site-visit', OBJECT, 'post' );
		$this->assertInstanceOf( \WP_Post::class, $post, 'The seed has the site-visit guide.' );
		return $post;
	}

	/**
	 * @param string $name A block's name.
	 * @return array<string, mixed> The first block of that name in the site-visit guide, however deep.
	 */
	private function site_visit_block( string $name ): array {
		$blocks = parse_blocks( $this->site_visit()->post_content );
		while ( $blocks ) {
			$block = array_shift( $blocks );
			if ( $name === $block['blockName'] ) {
				return $block;
			}
			array_push( $blocks, ...$block['innerBlocks'] );
		}
		$this->fail( 'The site-visit guide has a ' . $name . ' block.' );
	}

	/**
	 * @param array<string, mixed> $block A parsed block.
	 * @return list<int> The attachments of the pictures inside the block, in the order it shows them.
	 */
	private function picture_ids( array $block ): array {
		preg_match_all( '/\bwp-image-(\d+)\b/', serialize_block( $block ), $ids );
		return array_map( 'intval', $ids[1] );
	}

	/** @return list<int> The attachments of the site-visit gallery (its core/gallery block), in the order the text shows them. */
	private function gallery_ids(): array {
		$ids = $this->picture_ids( $this->site_visit_block( 'core/gallery' ) );
		$this->assertCount( 3, $ids, 'The gallery holds three pictures.' );
		return $ids;
	}

	/** @return list<int> The attachments of the site-visit carousel, further down the text, in order. */
	private function carousel_ids(): array {
		$ids = $this->picture_ids( $this->site_visit_block( Carousel::BLOCK ) );
		$this->assertCount( 3, $ids, 'The carousel holds three pictures.' );
		$this->assertSame( array(), array_intersect( $ids, $this->gallery_ids() ), 'Other pictures than the gallery\'s.' );
		return $ids;
	}

	/**
	 * A post's text as a template prints it: the global post set up inside the main query's loop
	 * (as the_post() leaves it), then the_content. As on a new request, WordPress counts the text's
	 * pictures from the first (it leaves the first three eager, the others lazy) and numbers the
	 * carousels from the first.
	 */
	private function the_content( \WP_Post $post ): string {
		$query           = $GLOBALS['wp_query'];
		$in_the_loop     = $query->in_the_loop;
		$previous        = $GLOBALS['post'] ?? null;
		$GLOBALS['post'] = $post; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what the loop sets for a template.
		setup_postdata( $post );
		$query->in_the_loop = true;
		$this->assertTrue( is_main_query(), 'The main query\'s loop.' );
		wp_increase_content_media_count( -wp_increase_content_media_count( 0 ) );
		wp_high_priority_element_flag( true );
		Carousel::reset();
		try {
			return (string) apply_filters( 'the_content', $post->post_content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as a template does.
		} finally {
			$query->in_the_loop = $in_the_loop;
			$GLOBALS['post']    = $previous; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
			if ( $previous instanceof \WP_Post ) {
				setup_postdata( $previous );
			}
		}
	}

	/** The lightbox the plugin registered on the_content. */
	private function lightbox(): Lightbox {
		foreach ( $GLOBALS['wp_filter']['the_content']->callbacks[13] ?? array() as $callback ) {
			if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof Lightbox ) {
				return $callback['function'][0];
			}
		}
		$this->fail( 'The lightbox filters the_content at priority 13.' );
	}

	/** The lazy media the plugin registered on the_content. */
	private function lazy_media(): LazyMedia {
		foreach ( $GLOBALS['wp_filter']['the_content']->callbacks[14] ?? array() as $callback ) {
			if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof LazyMedia ) {
				return $callback['function'][0];
			}
		}
		$this->fail( 'Lazy media filters the_content at priority 14.' );
	}

	/**
	 * What a post's page prints without the lightbox: the same text with the lightbox's filter
	 * taken off, and, when $lazy_media is false, lazy media's (14) too, which is then what
	 * WordPress alone prints. Lazy media turns a lazy picture into a stand-in and its original in
	 * a noscript, whether or not the lightbox made it a link, so whether it runs is decided by
	 * each test: where it runs beside the lightbox's output it runs for the comparison too.
	 */
	private function without_lightbox( \WP_Post $post, bool $lazy_media = true ): string {
		$callbacks = array( 13 => array( $this->lightbox(), 'filter_content' ) );
		if ( ! $lazy_media ) {
			$callbacks[14] = array( $this->lazy_media(), 'filter_content' );
		}
		foreach ( $callbacks as $priority => $callback ) {
			remove_filter( 'the_content', $callback, $priority );
		}
		try {
			return $this->the_content( $post );
		} finally {
			foreach ( $callbacks as $priority => $callback ) {
				add_filter( 'the_content', $callback, $priority );
			}
		}
	}

	/** A page's markup with the gallery's per-page number (wp-block-gallery-N, counted per render) left out. */
	private function same_page( string $html ): string {
		return (string) preg_replace( '/\bwp-block-gallery-\d+\b/', 'wp-block-gallery-N', self::without_island_tokens( $html ) );
	}

	/** @return list<\DOMElement> The lightbox containers in the markup. */
	private function containers( Html $dom ): array {
		return $dom->all( '//*[@data-tp-island="' . Lightbox::ISLAND . '"]' );
	}

	/** The one lightbox container in the markup; fails unless there is exactly one. */
	private function container( Html $dom ): \DOMElement {
		$containers = $this->containers( $dom );
		$this->assertCount( 1, $containers, 'One lightbox container for the whole text.' );
		return $containers[0];
	}

	/** @return list<\DOMElement> The links the lightbox opens, in order. */
	private function links( Html $dom ): array {
		return $dom->all( '//a[' . Html::has_class( Lightbox::LINK_CLASS ) . ']' );
	}

	/** @return list<string> The addresses of the links the lightbox opens, in order. */
	private function hrefs( Html $dom ): array {
		return array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'href' ), $this->links( $dom ) );
	}

	/** @return list<string> The img tags as printed, in order. */
	private function img_tags( string $html ): array {
		preg_match_all( '#<img\b[^>]*>#i', $html, $tags );
		return $tags[0];
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $container ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $container );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** A picture of the media library as the image block saves one. */
	private function figure( int $id, string $src = '', string $alt = 'A site photo' ): string {
		$src = '' === $src ? (string) wp_get_attachment_image_url( $id, 'full' ) : $src;
		return '<figure class="wp-block-image size-large"><img src="' . esc_url( $src ) . '" alt="' . esc_attr( $alt ) . '" class="wp-image-' . $id . '"/></figure>';
	}

	/** Fails when the page got the lightbox's script or stylesheet. */
	private function assert_nothing_loaded( string $case ): void {
		$this->assertFalse( wp_style_is( Lightbox::STYLE, 'enqueued' ), $case . ': no lightbox stylesheet.' );
		$this->assertNotContains( Lightbox::ISLAND, IslandAssets::instance()->used(), $case . ': no lightbox script.' );
	}

	/**
	 * Fails unless the site-visit guide's text is what the page prints without the lightbox (with
	 * lazy media's stand-ins when $lazy_media, or what WordPress alone prints): every picture as it
	 * was, no link to open it, no island.
	 */
	private function assert_pictures_as_wordpress_prints_them( string $html, string $case, bool $lazy_media ): void {
		$this->assertSame( $this->same_page( $this->without_lightbox( $this->site_visit(), $lazy_media ) ), $this->same_page( $html ), $case . ': the text is what the page prints without the lightbox.' );
		$dom = new Html( $html );
		$this->assertSame( array(), $this->containers( $dom ), $case . ': no island.' );
		$this->assertSame( array(), $this->links( $dom ), $case . ': no picture is a link.' );
		$this->assertSame( array(), $dom->all( '//a[.//img]' ), $case . ': no picture is inside any link.' );
		$this->assertCount( 3, $dom->all( '//figure[' . Html::has_class( 'wp-block-gallery' ) . ']/figure/img' ), $case . ': the gallery\'s three pictures are there, unlinked.' );
		$this->assertCount( 3, $dom->all( '//section[@data-tp-island="carousel"]//figure/img' ), $case . ': and the carousel\'s three.' );
		$this->assertCount( $lazy_media ? 3 : 0, $dom->all( '//figure/img[@' . LazyMedia::MARKER . ']' ), $case . ': lazy media\'s stand-ins only where it runs.' );
		$this->assert_nothing_loaded( $case );
	}

	/** Saves the lightbox section as the settings form sends it (through the registered sanitizer). */
	private function set_lightbox( array $values ): void {
		update_option( Settings::OPTION, array( Lightbox::SECTION => $values ) );
	}

	public function test_each_picture_of_a_gallery_links_to_its_full_size_and_the_text_sits_in_one_island(): void {
		$this->assertSame( 13, has_filter( 'the_content', array( $this->lightbox(), 'filter_content' ) ), 'After the blocks and WordPress\'s own picture attributes (12).' );
		$this->assertFalse( wp_style_is( Lightbox::STYLE, 'enqueued' ), 'Not loaded before a text with pictures is printed.' );
		$ids      = $this->gallery_ids();
		$carousel = $this->carousel_ids();
		// Lazy media runs for both texts: a picture it takes in is its stand-in with or without the
		// lightbox, so what differs is only what the lightbox adds.
		$plain = $this->without_lightbox( $this->site_visit() );

		$html = $this->the_content( $this->site_visit() );
		$dom  = new Html( $html );

		$container = $this->container( $dom );
		$this->assertStringStartsWith( self::CONTAINER, ltrim( self::without_island_tokens( $html ) ), 'The whole text is inside the island\'s container.' );
		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ), 'It waits for a visitor\'s intent.' );
		$this->assertSame( '.tp-lightbox__link', $container->getAttribute( 'data-tp-intent' ), 'Pointing at a picture shows intent, not pointing at the text around it.' );
		$this->assertSame( '.tp-lightbox__link', $container->getAttribute( 'data-tp-replay' ), 'A picture clicked while the island loads opens once it has.' );
		$this->assertSame( 'tp-lightbox', $container->getAttribute( 'class' ) );
		$this->assertStringContainsString( 'Many works tenders offer a site visit', $dom->text( './p[1]', $container ), 'The text before the gallery is inside.' );
		$gallery = $dom->one( './figure[' . Html::has_class( 'wp-block-gallery' ) . ']', $container );
		$this->assertNotNull( $gallery, 'The gallery is inside.' );
		$this->assertStringContainsString( 'Write down what you measured', $dom->text( './following-sibling::p[1]', $gallery ), 'And the text after it.' );
		$this->assertNotNull( $dom->one( './section[@data-tp-island="carousel"]', $container ), 'And the carousel further down.' );
		$this->assertStringContainsString( 'Photograph everything that differs', $dom->text( './p[last()]', $container ), 'And the last paragraph.' );
		$this->assertNotNull( $dom->one( './iframe', $container ), 'And the embedded notice at the end.' );

		$pictures = array_merge( $ids, $carousel );
		$expected = array_map( static fn( int $id ): string => (string) wp_get_attachment_image_url( $id, 'full' ), $pictures );
		$this->assertSame( $expected, $this->hrefs( $dom ), 'Each picture links to its full size, in the text\'s order: the gallery\'s, then the carousel\'s.' );
		foreach ( $expected as $href ) {
			$this->assertStringEndsWith( '.png', $href );
		}
		$this->assertCount( 3, $dom->all( './/a[' . Html::has_class( Lightbox::LINK_CLASS ) . ']', $gallery ), 'The gallery\'s three pictures open in the lightbox.' );
		// The seed's own list of the pictures' alternative texts and captions.
		require_once dirname( __DIR__, 2 ) . '/scripts/seed/DemoPhotos.php';
		$alts = array_column( \TenderPress_Demo_Photos::PHOTOS, 1 );
		$this->assertCount( count( $pictures ), $alts, 'The seed lists each picture of the text.' );
		foreach ( $this->links( $dom ) as $index => $link ) {
			$this->assertSame( Lightbox::LINK_CLASS, $link->getAttribute( 'class' ) );
			$this->assertSame( array( 'class', 'href' ), array_map( static fn( \DOMAttr $attribute ): string => $attribute->name, iterator_to_array( $link->attributes, false ) ), 'The link has nothing else.' );
			$this->assertSame( 'figure', $link->parentNode->nodeName, 'The link sits where the picture was, in its figure.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own names.
			$images = $dom->all( './*', $link );
			$names  = array_map( static fn( \DOMElement $element ): string => $element->nodeName, $images ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase
			if ( $index < count( $ids ) ) {
				// The first pictures of the text: WordPress leaves them eager, so lazy media leaves them alone.
				$this->assertSame( array( 'img' ), $names, 'The link holds the picture and nothing else.' );
				$this->assertFalse( $images[0]->hasAttribute( LazyMedia::MARKER ), 'A gallery picture is no stand-in.' );
			} else {
				// Further down, lazy media (14, after the lightbox) put the picture's stand-in in
				// the link, with the picture itself beside it in a noscript.
				$this->assertSame( array( 'img', 'noscript' ), $names, 'The link holds the picture\'s stand-in and, for a visitor without JavaScript, the picture; nothing else.' );
				$this->assertTrue( $images[0]->hasAttribute( LazyMedia::MARKER ) );
				// The text gives the file relative to the site (the seed writes it so); the link, absolute.
				$this->assertSame( wp_make_link_relative( $expected[ $index ] ), $images[0]->getAttribute( LazyMedia::SRC ), 'The lightbox opens the file the stand-in is to show, not its blank picture.' );
				$originals = $dom->all( './img', $images[1] );
				$this->assertCount( 1, $originals );
				$this->assertSame( wp_make_link_relative( $expected[ $index ] ), $originals[0]->getAttribute( 'src' ) );
				$this->assertSame( $alts[ $index ], $originals[0]->getAttribute( 'alt' ) );
			}
			$this->assertSame( 'wp-image-' . $pictures[ $index ], $images[0]->getAttribute( 'class' ) );
			$this->assertSame( $alts[ $index ], $images[0]->getAttribute( 'alt' ), 'The alternative text is kept.' );
			$this->assertSame( array( '1200', '800' ), array( $images[0]->getAttribute( 'width' ), $images[0]->getAttribute( 'height' ) ), 'The size WordPress added is kept.' );
		}
		$this->assertSame( $this->img_tags( $plain ), $this->img_tags( $html ), 'Each picture is printed exactly as the page prints it without the lightbox.' );
		$without_stand_ins = array_values( array_filter( $this->img_tags( $html ), static fn( string $tag ): bool => ! str_contains( $tag, ' ' . LazyMedia::MARKER . ' ' ) ) );
		$this->assertSame( $this->img_tags( $this->without_lightbox( $this->site_visit(), false ) ), $without_stand_ins, 'Which, without the stand-ins (as a visitor without JavaScript gets it), is each picture as WordPress alone prints it.' );
		$this->assertSame( array_column( \TenderPress_Demo_Photos::PHOTOS, 2 ), array_map( static fn( \DOMElement $caption ): string => $dom->text( '.', $caption ), $dom->all( '//figure/figcaption' ) ), 'Captions stay under their pictures.' );

		$root = $dom->one( './div[@data-tp-root]', $container );
		$this->assertNotNull( $root, 'The dialog has a place to open in.' );
		$this->assertFalse( $root->hasAttribute( 'hidden' ), 'Its place is not hidden, or the dialog could never show.' );
		$this->assertSame( '', $dom->text( '.', $root ), 'Nothing shows there before a picture is opened.' );
		$this->assertNull( $dom->one( './*', $root ) );
		$children = $dom->all( './*', $container );
		$this->assertSame( array( $root, $dom->one( './script[@data-tp-props]', $container ) ), array_slice( $children, -2 ), 'The dialog\'s place comes after the text, then the props.' );
		$this->assertSame(
			array(
				'i18n' => array(
					'close'    => 'Close',
					'previous' => 'Previous',
					'next'     => 'Next',
					'position' => 'Picture %1$d of %2$d',
				),
			),
			$this->props( $dom, $container ),
			'The dialog\'s words.'
		);

		$this->assertContains( Lightbox::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );
		$this->assertTrue( wp_style_is( Lightbox::STYLE, 'enqueued' ), 'Its stylesheet is loaded with it.' );
		$style = wp_styles()->registered[ Lightbox::STYLE ];
		$this->assertStringEndsWith( '/assets/lightbox.css', $style->src );
		$this->assertFileExists( $style->extra['path'], 'The stylesheet exists (and can be inlined from its path).' );
	}

	public function test_a_picture_of_the_media_library_opens_its_full_size_even_when_the_text_shows_a_smaller_one(): void {
		$id    = $this->gallery_ids()[1];
		$full  = (string) wp_get_attachment_image_url( $id, 'full' );
		$small = (string) preg_replace( '/\.png$/', '-300x200.png', $full );
		$this->assertNotSame( $full, $small );
		$figure = $this->figure( $id, $small, 'A pump house beside a water tank' );

		$html = Lightbox::render( $figure );
		$dom  = new Html( $html );

		$this->assertSame( array( $full ), $this->hrefs( $dom ), 'The full size, not the picture shown.' );
		$this->assertSame(
			self::CONTAINER . '<figure class="wp-block-image size-large"><a class="tp-lightbox__link" href="' . esc_url( $full ) . '"><img src="' . esc_url( $small ) . '" alt="A pump house beside a water tank" class="wp-image-' . $id . '"/></a></figure><div data-tp-root></div>',
			self::without_island_tokens( substr( $html, 0, (int) strpos( $html, '<script' ) ) ),
			'Only the link is added around the picture.'
		);
	}

	public function test_a_picture_already_linking_to_its_file_keeps_that_link_and_opens_in_the_lightbox(): void {
		$hrefs = array(
			'/wp-content/uploads/2026/03/road.png',
			'https://example.org/photos/pump-house.JPG',
			'https://example.org/photos/school.jpeg?ver=2',
			'https://example.org/photos/plan.gif',
			'https://cdn.example.org/photos/site.webp?w=1200&amp;h=800',
			'https://example.org/photos/river.avif',
		);
		foreach ( $hrefs as $href ) {
			IslandAssets::instance()->reset();
			$input = '<figure class="wp-block-image"><a href="' . $href . '"><img src="/wp-content/uploads/thumb-150x150.png" alt="Thumbnail"/></a></figure>';

			$html = Lightbox::render( $input );
			$dom  = new Html( $html );

			$this->container( $dom );
			$this->assertSame( array( html_entity_decode( $href ) ), $this->hrefs( $dom ), $href . ': the link keeps its address.' );
			$this->assertStringContainsString( '<a class="tp-lightbox__link" href="' . $href . '"><img src="/wp-content/uploads/thumb-150x150.png" alt="Thumbnail"/></a>', $html, $href . ': only the class is added; the picture is unchanged.' );
			$this->assertCount( 1, $dom->all( '//a' ), $href . ': no second link.' );
			$this->assertContains( Lightbox::ISLAND, IslandAssets::instance()->used(), $href );
		}

		$html = Lightbox::render( '<p><a class="custom-link is-large" href="/uploads/map.png" title="Map"><img src="/uploads/map-300x200.png" alt="Map"></a></p>' );
		$this->assertStringContainsString( '<a class="custom-link is-large tp-lightbox__link" href="/uploads/map.png" title="Map">', $html, 'The link\'s own classes and attributes stay.' );
		$this->assertSame( array( '/uploads/map.png' ), $this->hrefs( new Html( $html ) ) );
	}

	public function test_a_picture_linking_to_a_page_or_a_document_keeps_its_link_and_nothing_is_added(): void {
		$id       = $this->gallery_ids()[0];
		$hrefs    = array(
			'/tenders/',
			'https://example.org/tender-file.pdf',
			'https://example.org/photo.png.html',
			'https://example.org/gallery/?page=2',
			'mailto:buyer@example.org',
		);
		$pictures = array(
			'a picture of the media library' => 'class="wp-image-' . $id . '" src="/uploads/road.png"',
			'a picture from elsewhere'       => 'src="https://cdn.example.org/road.jpg"',
		);
		foreach ( $hrefs as $href ) {
			foreach ( $pictures as $kind => $attributes ) {
				$input = '<figure class="wp-block-image"><a href="' . $href . '"><img ' . $attributes . ' alt="Road"/></a></figure>';
				$this->assertSame( $input, Lightbox::render( $input ), $href . ', ' . $kind . ': the text is left exactly as it was.' );
			}
		}
		$this->assert_nothing_loaded( 'Pictures that link to pages' );
	}

	public function test_a_picture_from_outside_the_media_library_opens_its_own_file_when_it_is_one(): void {
		$opened = array(
			'a PNG in the uploads'            => '/wp-content/uploads/elsewhere/plan.png',
			'a WebP with a query string'      => 'https://cdn.example.org/photo.webp?w=800',
			'an attachment that no longer is' => '/wp-content/uploads/2020/01/gone.jpg',
		);
		foreach ( $opened as $case => $src ) {
			$class = 'an attachment that no longer is' === $case ? ' class="wp-image-' . ( max( $this->gallery_ids() ) + 100000 ) . '"' : '';
			$image = '<img src="' . $src . '" alt="Plan"' . $class . '>';

			$html = Lightbox::render( '<p>' . $image . '</p>' );

			$this->assertStringStartsWith( self::CONTAINER . '<p><a class="tp-lightbox__link" href="' . $src . '">' . $image . '</a></p>', self::without_island_tokens( $html ), $case . ': a link to the file the picture shows.' );
			$this->assertSame( array( $src ), $this->hrefs( new Html( $html ) ), $case );
		}
		// A new page: what the texts above loaded is forgotten.
		wp_styles()->queue = $this->queued_styles;
		IslandAssets::instance()->reset();

		$left = array(
			'an SVG'                    => 'https://example.org/logo.svg',
			'a data: address'           => 'data:image/png;base64,iVBORw0KGgo=',
			'an address without a type' => 'https://example.org/picture',
			'a script that draws one'   => 'https://example.org/image.php?id=4',
		);
		foreach ( $left as $case => $src ) {
			$input = '<p><img src="' . $src . '" alt="Logo"></p>';
			$this->assertSame( $input, Lightbox::render( $input ), $case . ': not a picture file the lightbox can open; left as it was.' );
		}
		$this->assertSame( '<p><img alt="No address"></p>', Lightbox::render( '<p><img alt="No address"></p>' ), 'A picture without an address is left as it was.' );
		$this->assertSame( '<p><img src="" alt=""></p>', Lightbox::render( '<p><img src="" alt=""></p>' ) );
		$this->assert_nothing_loaded( 'Pictures that are no picture files' );
	}

	public function test_emoji_and_decorative_pictures_are_never_opened(): void {
		$decorations = array(
			'an emoji'           => '<img draggable="false" role="img" class="emoji" alt="😀" src="https://s.w.org/images/core/emoji/15.0.3/72x72/1f600.png">',
			'a smiley'           => '<img src="/wp-includes/images/smilies/mrgreen.png" alt=":mrgreen:" class="wp-smiley" style="height: 1em; max-height: 1em;" />',
			'a decorative image' => '<img src="/wp-content/uploads/divider.png" alt="" role="presentation">',
		);
		foreach ( $decorations as $case => $image ) {
			$input = '<p>Thanks ' . $image . ' see you at the site.</p>';
			$this->assertSame( $input, Lightbox::render( $input ), $case . ' is left as it was.' );
			$this->assertSame( $input, $this->lightbox()->filter_content( $input ), $case . ', through the_content.' );
		}
		$this->assert_nothing_loaded( 'Only emoji' );

		$id   = $this->gallery_ids()[2];
		$html = Lightbox::render( '<p>Thanks ' . $decorations['an emoji'] . '</p>' . $this->figure( $id ) . '<p>' . $decorations['a smiley'] . '</p>' );
		$dom  = new Html( $html );
		$this->assertSame( array( (string) wp_get_attachment_image_url( $id, 'full' ) ), $this->hrefs( $dom ), 'Beside a real picture, only the picture opens.' );
		$this->assertStringContainsString( '<p>Thanks ' . $decorations['an emoji'] . '</p>', $html );
		$this->assertStringContainsString( '<p>' . $decorations['a smiley'] . '</p>', $html );
	}

	public function test_a_text_without_a_picture_to_open_is_printed_exactly_as_it_was_with_nothing_loaded(): void {
		$id    = $this->gallery_ids()[0];
		$texts = array(
			'no picture'                       => "<p>Bring a tape measure &amp; a camera.</p>\n<ul><li>Road</li><li>Pump house</li></ul>",
			'an empty text'                    => '',
			'only emoji'                       => '<p>Good luck <img class="emoji" src="https://s.w.org/images/core/emoji/15.0.3/72x72/1f44d.png" alt="👍"></p>',
			'only a picture linking to a page' => '<figure class="wp-block-image"><a href="/how-to-bid/"><img class="wp-image-' . $id . '" src="/uploads/road.png" alt="Road"/></a></figure>',
		);
		foreach ( $texts as $case => $text ) {
			$this->assertSame( $text, Lightbox::render( $text ), $case );
			$this->assertSame( $text, $this->lightbox()->filter_content( $text ), $case . ', through the_content.' );
			$this->assert_nothing_loaded( $case );
		}

		foreach ( $texts as $case => $text ) {
			$post = get_post(
				wp_insert_post(
					array(
						'post_status'  => 'publish',
						'post_title'   => 'Lightbox ' . $case,
						'post_content' => $text,
					)
				)
			);
			$this->assertSame( $this->without_lightbox( $post ), $this->the_content( $post ), $case . ': the page prints the text as WordPress alone does.' );
			$this->assert_nothing_loaded( $case . ' on its page' );
		}
	}

	public function test_markup_in_alternative_texts_and_addresses_stays_text(): void {
		$id    = $this->gallery_ids()[0];
		$full  = (string) wp_get_attachment_image_url( $id, 'full' );
		$image = '<img src="/uploads/road.png" alt="&lt;script&gt;alert(1)&lt;/script&gt; &quot;the road&quot;" class="wp-image-' . $id . '"/>';
		$html  = Lightbox::render( '<figure>' . $image . '</figure>' );
		$dom   = new Html( $html );

		$this->assertStringContainsString( '<a class="tp-lightbox__link" href="' . esc_url( $full ) . '">' . $image . '</a>', $html, 'The alternative text is printed as it was, escaped.' );
		$this->assertSame( '<script>alert(1)</script> "the road"', $dom->one( '//img' )->getAttribute( 'alt' ), 'A visitor reads it as text.' );
		$this->assertCount( 1, $dom->all( '//script' ), 'The only script is the props.' );

		$html = Lightbox::render( '<p><a href="/uploads/plan.png?a=1&amp;b=&quot;2&quot;&gt;"><img src="/uploads/plan-150x150.png" alt=""></a></p>' );
		$this->assertStringContainsString( '<a class="tp-lightbox__link" href="/uploads/plan.png?a=1&amp;b=&quot;2&quot;&gt;">', $html, 'The link\'s address is printed as it was, escaped.' );
		$this->assertSame( array( '/uploads/plan.png?a=1&b="2">' ), $this->hrefs( new Html( $html ) ) );

		$html  = Lightbox::render( '<p><img src="https://cdn.example.org/p.png?x=&quot;onmouseover=&quot;alert(1)" alt="Plan"></p>' );
		$dom   = new Html( $html );
		$links = $this->links( $dom );
		$this->assertCount( 1, $links );
		$this->assertSame( array( 'class', 'href' ), array_map( static fn( \DOMAttr $attribute ): string => $attribute->name, iterator_to_array( $links[0]->attributes, false ) ), 'A quote in a picture\'s address cannot add an attribute to its link.' );
		$this->assertStringNotContainsString( '"', $links[0]->getAttribute( 'href' ) );
		$this->assertStringStartsWith( 'https://cdn.example.org/p.png?x=', $links[0]->getAttribute( 'href' ) );
		$this->assertSame( array(), $dom->all( '//*[@onmouseover]' ), 'No element has a handler.' );
	}

	public function test_a_picture_whose_address_is_a_script_is_never_made_a_link(): void {
		$sources = array(
			'javascript:alert(1)',
			'javascript:alert(1)//photo.png',
			'JaVaScRiPt:alert(document.cookie)//x.jpg?v=1',
		);
		foreach ( $sources as $src ) {
			$input = '<p><img src="' . $src . '" alt="Photo"></p>';
			$html  = Lightbox::render( $input );
			$dom   = new Html( $html );

			$this->assertStringNotContainsStringIgnoringCase( 'href="javascript:', $html, $src );
			$this->assertSame( array(), $dom->all( '//a' ), $src . ': the picture is not made a link (not even an empty one to the page itself).' );
			$this->assertSame( $input, $html, $src . ': the text is left as it was.' );
		}
		$this->assert_nothing_loaded( 'Script addresses' );
	}

	public function test_a_picture_deeper_inside_a_link_to_a_page_is_not_given_a_second_link(): void {
		$id    = $this->gallery_ids()[0];
		$input = '<p><a href="https://example.org/how-to-bid/"><span>How to bid</span> <img class="wp-image-' . $id . '" src="/uploads/road.png" alt="Road"></a></p>';

		$html = Lightbox::render( $input );
		$dom  = new Html( $html );

		$this->assertSame( array(), $this->links( $dom ), 'The picture still goes to the page it links to.' );
		$this->assertSame( $input, $html, 'The text is left as it was: a link inside a link is not HTML.' );
	}

	public function test_several_pictures_in_one_text_each_open_in_order_inside_one_island(): void {
		list( $first, $second ) = $this->gallery_ids();
		$text                   = '<p>The road:</p>' . $this->figure( $first )
			. '<p>The plan, <a href="/uploads/plan.jpg"><img src="/uploads/plan-150x150.jpg" alt="Plan"></a>, and the notice <a href="/tenders/road/"><img src="/uploads/notice.png" alt="Notice"></a>.</p>'
			. '<p><img src="https://cdn.example.org/bridge.webp" alt="Bridge"> <img class="emoji" src="https://s.w.org/images/core/emoji/15.0.3/72x72/1f6a7.png" alt="🚧"></p>'
			. $this->figure( $second ) . '<p>That is all.</p>';

		$html = Lightbox::render( $text );
		$dom  = new Html( $html );

		$container = $this->container( $dom );
		$this->assertSame( array( $container ), $dom->all( '//body/*' ), 'Everything is inside the one container.' );
		$this->assertSame(
			array( (string) wp_get_attachment_image_url( $first, 'full' ), '/uploads/plan.jpg', 'https://cdn.example.org/bridge.webp', (string) wp_get_attachment_image_url( $second, 'full' ) ),
			$this->hrefs( $dom ),
			'Every picture to open, in the order of the text; not the one linking to a page, not the emoji.'
		);
		$this->assertCount( 1, $dom->all( '//div[@data-tp-root]' ), 'One place for the dialog.' );
		$this->assertCount( 1, $dom->all( '//script[@data-tp-props]' ), 'One set of props.' );
		$this->assertSame( '/tenders/road/', $dom->one( '//img[@alt="Notice"]/parent::a' )->getAttribute( 'href' ) );
		$this->assertSame( array( 'The road:', 'That is all.' ), array( $dom->text( './p[1]', $container ), $dom->text( './p[last()]', $container ) ) );
		$this->assertSame( $this->img_tags( $text ), $this->img_tags( $html ), 'Every picture is printed as it was.' );

		$page = $this->the_content( $this->site_visit() );
		$dom  = new Html( $page );
		$this->assertSame( 1, substr_count( $page, 'data-tp-island="' . Lightbox::ISLAND . '"' ), 'A gallery of three pictures and a carousel of three more are one lightbox island, not one per picture.' );
		// The carousel, an island of its own, has its own place for its controls.
		$this->assertSame( 2, substr_count( $page, 'data-tp-root' ) );
		$this->assertCount( 1, $dom->all( '//div[@data-tp-root][not(ancestor::section[@data-tp-island="carousel"])]' ), 'One place for the dialog.' );
		$this->assertSame( 6, substr_count( $page, 'class="tp-lightbox__link"' ), 'One link per picture: the gallery\'s three and the carousel\'s three.' );
	}

	public function test_with_the_setting_off_pictures_are_printed_as_wordpress_prints_them(): void {
		$this->set_lightbox( array( 'enabled' => '0' ) );
		$this->assertFalse( Settings::get( Lightbox::SECTION, 'enabled' ) );
		$this->assertTrue( Settings::get( LazyMedia::SECTION, 'lazy' ), 'Lazy media is a setting of its own, still on.' );

		// Lazy media still takes in the carousel's pictures: the comparison keeps it, and shows the lightbox adds nothing.
		$this->assert_pictures_as_wordpress_prints_them( $this->the_content( $this->site_visit() ), 'The setting off', true );
		$figure = $this->figure( $this->gallery_ids()[0] );
		$this->assertSame( $figure, $this->lightbox()->filter_content( $figure ), 'The text is left exactly as it was.' );

		$this->set_lightbox( array( 'enabled' => '1' ) );
		$this->assertCount( 6, $this->links( new Html( $this->the_content( $this->site_visit() ) ) ), 'On again, the pictures open in the lightbox.' );
	}

	public function test_feeds_get_the_pictures_as_they_are(): void {
		$query          = $GLOBALS['wp_query'];
		$is_feed        = $query->is_feed;
		$query->is_feed = true;
		try {
			$this->assertTrue( is_feed() );
			$html   = $this->the_content( $this->site_visit() );
			$figure = $this->figure( $this->gallery_ids()[0] );
			$this->assertSame( $figure, $this->lightbox()->filter_content( $figure ), 'The text is left exactly as it was.' );
		} finally {
			$query->is_feed = $is_feed;
		}
		// Lazy media stays out of feeds too: the comparison is with WordPress alone.
		$this->assert_pictures_as_wordpress_prints_them( $html, 'A feed', false );
	}

	public function test_admin_screens_get_the_pictures_as_they_are(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$this->log_in_as( 'editor' );
		set_current_screen( 'edit-post' );
		$this->assertTrue( is_admin() );

		$html   = $this->the_content( $this->site_visit() );
		$figure = $this->figure( $this->gallery_ids()[0] );
		$this->assertSame( $figure, $this->lightbox()->filter_content( $figure ), 'The text is left exactly as it was.' );
		// Lazy media stays out of the admin too: the comparison is with WordPress alone.
		$this->assert_pictures_as_wordpress_prints_them( $html, 'The Posts screen', false );
	}

	/**
	 * WordPress marks a REST request by the REST_REQUEST constant (wp_is_serving_rest_request()),
	 * which nothing can take back: in a process of its own.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_the_rest_api_gives_the_pictures_as_they_are(): void {
		$this->assertFalse( wp_is_serving_rest_request() );
		define( 'REST_REQUEST', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant, as rest_api_loaded() defines it.
		$this->assertTrue( wp_is_serving_rest_request() );

		$figure = $this->figure( $this->gallery_ids()[0] );
		$this->assertSame( $figure, $this->lightbox()->filter_content( $figure ), 'The text is left exactly as it was.' );

		$post     = $this->site_visit();
		$response = $this->rest( 'GET', '/wp/v2/posts/' . $post->ID );
		$this->assertSame( 200, $response->get_status() );
		$rendered = (string) ( $response->get_data()['content']['rendered'] ?? '' );
		$dom      = new Html( $rendered );
		$this->assertCount( 3, $dom->all( '//figure[' . Html::has_class( 'wp-block-gallery' ) . ']/figure/img' ), 'The gallery\'s three pictures, unlinked.' );
		$this->assertCount( 3, $dom->all( '//section[' . Html::has_class( 'tp-carousel' ) . ']//figure/img' ), 'And the carousel\'s three.' );
		$this->assertSame( array(), $dom->all( '//a[.//img]' ), 'No picture is inside a link.' );
		$this->assertStringNotContainsString( 'data-tp-island="' . Lightbox::ISLAND . '"', $rendered, 'No lightbox island in content.rendered.' );
		$this->assertSame( array(), $dom->all( '//div[@data-tp-root][not(ancestor::section[' . Html::has_class( 'tp-carousel' ) . '])]' ), 'No place for a dialog (only the carousel\'s for its controls).' );
		$this->assertSame( array(), $this->links( $dom ) );
		$this->assert_nothing_loaded( 'The REST API' );
	}

	public function test_the_pictures_section_offers_open_pictures_in_a_lightbox_on_by_default(): void {
		$section = Settings::section( Lightbox::SECTION );
		$this->assertNotNull( $section, 'Settings > TenderPress has a section for pictures.' );
		$this->assertSame( 'Pictures', $section->title );
		$this->assertSame( array( 'enabled' ), array_keys( $section->fields ) );
		$this->assertSame( 'Open pictures in a lightbox', $section->fields['enabled']->label );
		$this->assertSame( 'boolean', $section->fields['enabled']->type );
		$this->assertTrue( $section->fields['enabled']->default );
		$this->assertTrue( Settings::get( Lightbox::SECTION, 'enabled' ), 'On until the site owner turns it off.' );

		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->log_in_as( 'administrator' );
		$GLOBALS['title'] = 'TenderPress settings'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what admin.php sets for the screen's heading.
		$page             = new SettingsPage();
		$page->add_sections();
		$_GET['tab'] = 'display'; // The settings screen's tab of this section.
		ob_start();
		try {
			$page->render_page();
		} finally {
			$screen = new Html( (string) ob_get_clean() );
			unset( $GLOBALS['title'], $_GET['tab'] );
		}
		$id  = Settings::field_id( Lightbox::SECTION, 'enabled' );
		$box = $screen->one( '//h2[normalize-space()="Pictures"]/following-sibling::table[1]//input[@id="' . $id . '"]' );
		$this->assertNotNull( $box, 'The box is in the Pictures section.' );
		$this->assertSame( 'checkbox', $box->getAttribute( 'type' ) );
		$this->assertSame( 'tenderpress_settings[lightbox][enabled]', $box->getAttribute( 'name' ) );
		$this->assertTrue( $box->hasAttribute( 'checked' ), 'Ticked by default.' );
		$this->assertSame( 'Open pictures in a lightbox', $screen->text( '//label[@for="' . $id . '"]' ) );
		$this->assertStringContainsString( 'Without JavaScript it opens as a file.', $screen->text( '//*[@id="' . $id . '-description"]' ) );

		// An unticked box sends nothing: the lightbox is off.
		update_option( Settings::OPTION, array( Lightbox::SECTION => array() ) );
		$this->assertSame( array(), $this->settings_errors() );
		$this->assertFalse( Settings::get( Lightbox::SECTION, 'enabled' ) );
		$this->assertSame( array( Lightbox::SECTION => array( 'enabled' => false ) ), get_option( Settings::OPTION ) );
	}

	public function test_a_value_that_is_not_on_or_off_is_refused_and_nothing_is_stored(): void {
		$this->set_lightbox( array( 'enabled' => '0' ) );
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );
		$this->assertFalse( Settings::get( Lightbox::SECTION, 'enabled' ) );

		$cases = array(
			'a word'   => 'maybe',
			'a list'   => array( '1' ),
			'a number' => '2',
		);
		foreach ( $cases as $case => $value ) {
			$this->forget_settings_messages();
			$this->set_lightbox( array( 'enabled' => $value ) );

			$this->assertSame( $before, $this->stored_settings_row(), $case . ': the stored option is unchanged.' );
			$this->assertSame( 'Open pictures in a lightbox must be on or off.', $this->settings_errors()[ Settings::field_id( Lightbox::SECTION, 'enabled' ) ] ?? null, $case );
			$this->assertArrayHasKey( 'unchanged', $this->settings_errors(), $case );
			$this->assertFalse( Settings::get( Lightbox::SECTION, 'enabled' ), $case . ': still off.' );
		}

		$accepted = array(
			'1'     => true,
			'true'  => true,
			'0'     => false,
			'false' => false,
		);
		foreach ( $accepted as $value => $on ) {
			$this->forget_settings_messages();
			$this->set_lightbox( array( 'enabled' => (string) $value ) );
			$this->assertSame( array(), $this->settings_errors(), $value . ' is accepted.' );
			$this->assertSame( $on, Settings::get( Lightbox::SECTION, 'enabled' ), (string) $value );
		}
	}

	public function test_odd_picture_markup_raises_no_warning(): void {
		// PHPUnit turns a notice or warning into a failure only for the levels PHP reports.
		$reported = error_reporting(); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads the level, changes nothing.
		$this->assertSame( E_ALL, $reported & E_ALL, 'Every notice and warning would fail this test.' );

		$odd = array(
			'<img>',
			'<img/>',
			'<img class>',
			'<img class="wp-image-">',
			'<img class="wp-image-abc" src="/x.svg">',
			'<a><img src="/x.svg"></a>',
			'<a name="top"><img src="/x.png"></a>',
			'<a href><img src="/x.png"></a>',
		);
		foreach ( $odd as $markup ) {
			$this->assertSame( '<p>' . $markup . '</p>', Lightbox::render( '<p>' . $markup . '</p>' ), $markup . ' is left as it was.' );
			$this->assertSame( '<p>' . $markup . '</p>', $this->lightbox()->filter_content( '<p>' . $markup . '</p>' ), $markup );
		}
		$this->assertSame( '', $this->lightbox()->filter_content( null ), 'No content gives no content.' );
		$this->assert_nothing_loaded( 'Odd markup' );
	}
}
