<?php
namespace TenderPress\Tests;

use TenderPress\Admin\SettingsPage;
use TenderPress\Content\LazyMedia;
use TenderPress\Islands\Carousel;
use TenderPress\Settings\Settings;

/**
 * Lazy media as a visitor meets it: on the site-visit guide, the gallery at the top is printed as
 * WordPress prints it, while the carousel's pictures and the embedded notice further down are
 * stand-ins of their own size that the script (printed once, in the footer) gives their address,
 * each followed by the original in a noscript; the lightbox still opens the real files. Which
 * pictures and frames are taken in and which are left exactly as they were, that taking in twice
 * changes nothing, where it stays out of the way (the setting off, feeds, the admin, the REST API),
 * and the site owner's setting with its refused values.
 */
final class LazyMediaTest extends TestCase {

	private const STYLE  = 'tenderpress-lazy-media';
	private const SCRIPT = 'tenderpress-lazy-media';

	/** The stylesheet's one rule: the stand-ins hidden when the browser runs no script. */
	private const RULE = '@media (scripting:none){[data-tp-lazy]{display:none!important}}';

	/** How a blank picture's address starts. */
	private const BLANK = 'data:image/svg+xml,';

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->queued_styles = wp_styles()->queue;
		LazyMedia::reset();
		Carousel::reset();
	}

	protected function tearDown(): void {
		LazyMedia::reset();
		Carousel::reset();
		wp_styles()->queue = $this->queued_styles;
		// Back to a visitor's page after a test on an admin screen.
		unset( $GLOBALS['current_screen'], $GLOBALS['typenow'], $GLOBALS['taxnow'] );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/** Forgets what the last render took in and enqueued, as a new request starts. */
	private function new_request(): void {
		LazyMedia::reset();
		wp_styles()->queue = $this->queued_styles;
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
	 * @return list<int> The attachments of the pictures inside the site-visit guide's first block of that name, in order.
	 */
	private function picture_ids( string $name ): array {
		$blocks = parse_blocks( $this->site_visit()->post_content );
		while ( $blocks ) {
			$block = array_shift( $blocks );
			if ( $name === $block['blockName'] ) {
				preg_match_all( '/\bwp-image-(\d+)\b/', serialize_block( $block ), $ids );
				$ids = array_map( 'intval', $ids[1] );
				$this->assertCount( 3, $ids, 'Three pictures in the ' . $name . ' block.' );
				return $ids;
			}
			array_push( $blocks, ...$block['innerBlocks'] );
		}
		$this->fail( 'The site-visit guide has a ' . $name . ' block.' );
	}

	/**
	 * A post's text as its page prints it: the global post set up inside the main query's loop (as
	 * the_post() leaves it), then the_content. As on a new request, WordPress counts the text's
	 * pictures from the first (it leaves the first three eager), and the carousels from the first.
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

	/** The lazy media the plugin registered on the_content. */
	private function lazy_media(): LazyMedia {
		foreach ( $GLOBALS['wp_filter']['the_content']->callbacks[14] ?? array() as $callback ) {
			if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof LazyMedia ) {
				return $callback['function'][0];
			}
		}
		$this->fail( 'Lazy media filters the_content at priority 14.' );
	}

	/** What the page prints for a post without lazy media: the same text with its filter taken off (the lightbox still runs). */
	private function without_lazy_media( \WP_Post $post ): string {
		$callback = array( $this->lazy_media(), 'filter_content' );
		remove_filter( 'the_content', $callback, 14 );
		try {
			return $this->the_content( $post );
		} finally {
			add_filter( 'the_content', $callback, 14 );
		}
	}

	/** A page's markup with the gallery's per-page number (wp-block-gallery-N, counted per render) left out. */
	private function same_page( string $html ): string {
		return (string) preg_replace( '/\bwp-block-gallery-\d+\b/', 'wp-block-gallery-N', self::without_island_tokens( $html ) );
	}

	/** @return list<string> The pictures (img tags) and frames (iframe elements) as printed, in order. */
	private function media_tags( string $html ): array {
		preg_match_all( '#<img\b[^>]*>|<iframe\b[^>]*>.*?</iframe\s*>#is', $html, $tags );
		return $tags[0];
	}

	/**
	 * @return list<array{0: string, 1: string}> Each stand-in as printed and the original after it
	 *                                           in its noscript, in order.
	 */
	private function stand_ins( string $html ): array {
		// Up to the > that ends a tag, not one inside a quoted value.
		$tag = '(?:"[^"]*"|\'[^\']*\'|[^\'">])*';
		preg_match_all( '#(<img\b' . $tag . '\sdata-tp-lazy[\s>]' . $tag . '>|<iframe\b' . $tag . '\sdata-tp-lazy[\s>]' . $tag . '>[^<]*</iframe\s*>)<noscript>(<img\b' . $tag . '>|<iframe\b' . $tag . '>.*?</iframe\s*>)</noscript>#is', $html, $pairs, PREG_SET_ORDER );
		return array_map( static fn( array $pair ): array => array( $pair[1], $pair[2] ), $pairs );
	}

	/** The markup with each stand-in and its noscript put back to the original: what lazy media was given. */
	private function originals( string $html ): string {
		foreach ( $this->stand_ins( $html ) as list( $stand_in, $original ) ) {
			$html = str_replace( $stand_in . '<noscript>' . $original . '</noscript>', $original, $html );
		}
		return $html;
	}

	/**
	 * @return array<string, string|true> A tag's attributes by lower-case name, values as a browser reads them.
	 */
	private function attributes( string $tag ): array {
		$processor = new \WP_HTML_Tag_Processor( $tag );
		$this->assertTrue( $processor->next_tag(), 'A tag: ' . $tag );
		$attributes = array();
		foreach ( $processor->get_attribute_names_with_prefix( '' ) ?? array() as $name ) {
			$attributes[ $name ] = $processor->get_attribute( $name );
		}
		ksort( $attributes );
		return $attributes;
	}

	/**
	 * Fails unless $html is the stand-in of $original followed by the original, byte for byte, in a
	 * noscript: the original's attributes but its address (and srcset) kept aside in data-tp-src
	 * (and data-tp-srcset), the marker, and for a picture a blank picture of its proportions,
	 * first in the tag.
	 */
	private function assert_stand_in( string $original, string $html, string $case ): void {
		$pairs = $this->stand_ins( $html );
		$this->assertCount( 1, $pairs, $case . ': one stand-in.' );
		list( $stand_in, $copy ) = $pairs[0];
		// A frame's insides are never shown: its noscript holds its start tag alone, so text in
		// there cannot close the noscript early.
		$kept = preg_match( '#^(<iframe(?:"[^"]*"|\'[^\']*\'|[^\'">])*>)#i', $original, $start ) ? $start[1] . '</iframe>' : $original;
		$this->assertSame( $stand_in . '<noscript>' . $kept . '</noscript>', $html, $case . ': the stand-in, then the original exactly as it was in a noscript.' );
		$this->assertSame( $kept, $copy );

		$before   = $this->attributes( $original );
		$after    = $this->attributes( $stand_in );
		$expected = $before;
		unset( $expected['src'], $expected['srcset'] );
		$expected[ LazyMedia::MARKER ] = true;
		$expected[ LazyMedia::SRC ]    = $before['src'];
		if ( isset( $before['srcset'] ) ) {
			$expected[ LazyMedia::SRCSET ] = $before['srcset'];
		}
		$is_picture = (bool) preg_match( '#^<img\b#i', $original );
		if ( $is_picture ) {
			$this->assertIsString( $after['src'] ?? null, $case . ': the stand-in shows a picture.' );
			$expected['src'] = $after['src'];
			$this->assertMatchesRegularExpression( '#^<img src="data:image/svg\+xml,#i', $stand_in, $case . ': a blank picture, its address first in the tag.' );
			$this->assertSame( array( (int) $before['width'], (int) $before['height'] ), $this->view_box( $after['src'] ), $case . ': the blank picture has the picture\'s proportions.' );
		} else {
			$this->assertArrayNotHasKey( 'src', $after, $case . ': the frame loads nothing yet.' );
			$this->assertMatchesRegularExpression( '#</iframe\s*>$#i', $stand_in, $case . ': a frame, closed.' );
		}
		ksort( $expected );
		$this->assertSame( $expected, $after, $case . ': the other attributes are kept as they were.' );
	}

	/** @return array{0: int, 1: int} The width and height of a blank picture's view box. */
	private function view_box( string $src ): array {
		$this->assertStringStartsWith( self::BLANK, $src, 'A blank SVG picture.' );
		$svg = simplexml_load_string( rawurldecode( substr( $src, strlen( self::BLANK ) ) ) );
		$this->assertInstanceOf( \SimpleXMLElement::class, $svg, 'Its address holds a whole SVG document.' );
		$this->assertSame( 'svg', $svg->getName() );
		$this->assertSame( '', trim( (string) $svg ), 'It draws nothing.' );
		$this->assertSame( array(), array_keys( (array) $svg->children() ) );
		$this->assertSame( 1, preg_match( '/^0 0 (\d+) (\d+)$/D', (string) $svg['viewBox'], $size ), 'A view box from 0 0.' );
		return array( (int) $size[1], (int) $size[2] );
	}

	/** What the footer prints for lazy media. */
	private function footer(): string {
		ob_start();
		try {
			$this->lazy_media()->print_script();
		} finally {
			$printed = (string) ob_get_clean();
		}
		return $printed;
	}

	/** The built script, as the footer is to print it. */
	private function built_script(): string {
		$file = dirname( __DIR__, 2 ) . '/build/lazy-media.js';
		$this->assertFileExists( $file, 'The plugin is built.' );
		return trim( (string) file_get_contents( $file ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the build.
	}

	/** Fails when the page got lazy media's stylesheet or script. */
	private function assert_nothing_loaded( string $case ): void {
		$this->assertFalse( wp_style_is( self::STYLE, 'enqueued' ), $case . ': no stylesheet.' );
		$this->assertSame( '', $this->footer(), $case . ': no script in the footer.' );
	}

	/** Saves the media section as the settings form sends it (through the registered sanitizer). */
	private function set_media( array $values ): void {
		update_option( Settings::OPTION, array( LazyMedia::SECTION => $values ) );
	}

	/** A picture WordPress marked lazy, with its size, as wp_filter_content_tags leaves it. */
	private function lazy_picture( string $attributes = '' ): string {
		return '<img loading="lazy" decoding="async" width="1200" height="800" src="/wp-content/uploads/2026/03/road.png" alt="The road" class="wp-image-7"' . $attributes . '/>';
	}

	/** A frame WordPress marked lazy. */
	private const LAZY_FRAME = '<iframe loading="lazy" class="wp-embedded-content" sandbox="allow-scripts" security="restricted" src="/tenders/road-repairs/embed/" width="600" height="200" title="Road repairs"></iframe>';

	/**
	 * Fails unless the site-visit guide's text is what WordPress prints without lazy media, and
	 * nothing of lazy media is loaded.
	 */
	private function assert_printed_as_without_lazy_media( string $html, string $case ): void {
		$this->assertSame( $this->same_page( $this->without_lazy_media( $this->site_visit() ) ), $this->same_page( $html ), $case . ': the text is what the page prints without lazy media.' );
		$this->assertStringNotContainsString( LazyMedia::MARKER, $html, $case . ': no stand-in.' );
		$this->assertStringNotContainsString( '<noscript>', $html, $case . ': no noscript.' );
		$dom = new Html( $html );
		// The seed writes each picture's address relative to the site, as its e2e copy runs on another port.
		$this->assertCount( 6, $dom->all( '//figure/img[starts-with(@src, "/wp-content/uploads/")] | //figure/a/img[starts-with(@src, "/wp-content/uploads/")]' ), $case . ': the six pictures with their addresses.' );
		$this->assertNotSame( '', $dom->one( '//iframe' )?->getAttribute( 'src' ) ?? '', $case . ': the frame with its address.' );
		$this->assert_nothing_loaded( $case );
	}

	public function test_on_the_site_visit_guide_the_gallery_loads_at_once_and_the_pictures_and_frame_further_down_wait(): void {
		$lazy_media = $this->lazy_media();
		$this->assertSame( 14, has_filter( 'the_content', array( $lazy_media, 'filter_content' ) ), 'After WordPress\'s own loading attributes (12) and the lightbox\'s links (13).' );
		$this->assertSame( 20, has_action( 'wp_footer', array( $lazy_media, 'print_script' ) ), 'The script is printed in the footer.' );
		$this->assertFalse( wp_style_is( self::STYLE, 'enqueued' ), 'Not loaded before a text with lazy media is printed.' );
		$gallery  = $this->picture_ids( 'core/gallery' );
		$carousel = $this->picture_ids( Carousel::BLOCK );
		// The address the text gives a picture (relative: the seed writes it so).
		$full = static fn( int $id ): string => wp_make_link_relative( (string) wp_get_attachment_image_url( $id, 'full' ) );

		$plain = $this->without_lazy_media( $this->site_visit() );
		$this->assertFalse( wp_style_is( self::STYLE, 'enqueued' ), 'Without lazy media, nothing of it.' );
		$html = $this->the_content( $this->site_visit() );
		$dom  = new Html( $html );

		// What WordPress itself decided: the gallery, the first three pictures, eager; the rest lazy.
		$tags = $this->media_tags( $plain );
		$this->assertCount( 7, $tags, 'Six pictures and a frame.' );
		$eager = array_slice( $tags, 0, 3 );
		$lazy  = array_slice( $tags, 3 );
		foreach ( $eager as $index => $tag ) {
			$this->assertStringContainsString( 'wp-image-' . $gallery[ $index ] . '"', $tag );
			$this->assertStringNotContainsString( 'loading=', $tag, 'WordPress leaves the gallery\'s pictures eager.' );
		}
		$this->assertStringContainsString( 'fetchpriority="high"', $eager[0], 'And the first picture is the likely largest paint.' );
		foreach ( $lazy as $index => $tag ) {
			$this->assertStringContainsString( 'loading="lazy"', $tag, 'WordPress marks the pictures and the frame further down lazy.' );
		}

		// The gallery exactly as WordPress prints it; the rest of the page too, but for the stand-ins.
		$this->assertSame( $eager, array_slice( $this->media_tags( $html ), 0, 3 ), 'The gallery\'s pictures are printed exactly as WordPress prints them.' );
		$this->assertSame( array(), $dom->all( '//figure[' . Html::has_class( 'wp-block-gallery' ) . ']//*[@' . LazyMedia::MARKER . '] | //figure[' . Html::has_class( 'wp-block-gallery' ) . ']//noscript' ), 'No stand-in and no noscript in the gallery.' );
		$this->assertSame( $this->same_page( $plain ), $this->same_page( $this->originals( $html ) ), 'With the stand-ins taken out, the page is exactly what WordPress prints.' );

		// The carousel's pictures and the frame: stand-ins, each followed by the original.
		$pairs = $this->stand_ins( $html );
		$this->assertCount( 4, $pairs, 'Three pictures and the frame are taken in.' );
		$this->assertSame( $lazy, array_column( $pairs, 1 ), 'Each noscript holds the tag exactly as WordPress printed it.' );
		foreach ( $pairs as $index => list( $stand_in, $original ) ) {
			$this->assert_stand_in( $original, $stand_in . '<noscript>' . $original . '</noscript>', 'Lazy ' . ( $index + 1 ) );
		}
		$pictures = $dom->all( '//section[@data-tp-island="carousel"]//figure//img[@' . LazyMedia::MARKER . ']' );
		$this->assertCount( 3, $pictures, 'The carousel\'s three pictures are stand-ins.' );
		foreach ( $pictures as $index => $picture ) {
			$this->assertSame( 'wp-image-' . $carousel[ $index ], $picture->getAttribute( 'class' ), 'The stand-in keeps its class.' );
			$this->assertSame( $full( $carousel[ $index ] ), $picture->getAttribute( LazyMedia::SRC ), 'Its real address is kept for the script.' );
			$this->assertSame( array( '1200', '800' ), array( $picture->getAttribute( 'width' ), $picture->getAttribute( 'height' ) ), 'It keeps its size, so nothing moves when the picture arrives.' );
			$this->assertSame( array( 1200, 800 ), $this->view_box( $picture->getAttribute( 'src' ) ), 'A blank picture of the same proportions.' );
			$this->assertNotSame( '', $picture->getAttribute( 'alt' ), 'It keeps its alternative text.' );
			$this->assertSame( 'lazy', $picture->getAttribute( 'loading' ) );
			$noscript = $dom->one( './following-sibling::*[1]', $picture );
			$this->assertSame( 'noscript', $noscript?->nodeName, 'Its noscript comes right after it.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own names.
			$this->assertSame( $full( $carousel[ $index ] ), $dom->one( './img', $noscript )?->getAttribute( 'src' ), 'Without JavaScript, the picture itself.' );
			$this->assertSame( $picture->getAttribute( 'alt' ), $dom->one( './img', $noscript )?->getAttribute( 'alt' ) );
		}
		$frame = $dom->one( '//iframe[@' . LazyMedia::MARKER . ']' );
		$this->assertNotNull( $frame, 'The embedded notice is a stand-in.' );
		$this->assertFalse( $frame->hasAttribute( 'src' ), 'It loads nothing yet.' );
		$this->assertStringEndsWith( '/embed/', $frame->getAttribute( LazyMedia::SRC ), 'Its real address is kept for the script.' );
		$this->assertStringStartsWith( '/tenders/', $frame->getAttribute( LazyMedia::SRC ) );
		$this->assertSame( array( '600', '200', 'wp-embedded-content', 'allow-scripts' ), array( $frame->getAttribute( 'width' ), $frame->getAttribute( 'height' ), $frame->getAttribute( 'class' ), $frame->getAttribute( 'sandbox' ) ), 'It keeps its size, class and sandbox.' );
		$this->assertNotSame( '', $frame->getAttribute( 'title' ), 'And its title.' );

		// The lightbox still opens the real files.
		$links = $dom->all( '//a[' . Html::has_class( 'tp-lightbox__link' ) . ']' );
		$this->assertSame( array_map( static fn( int $id ): string => (string) wp_get_attachment_image_url( $id, 'full' ), array_merge( $gallery, $carousel ) ), array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'href' ), $links ), 'Each picture opens its full-size file in the lightbox.' );
		foreach ( $pictures as $picture ) {
			$this->assertSame( $picture->getAttribute( LazyMedia::SRC ), wp_make_link_relative( $picture->parentNode->getAttribute( 'href' ) ), 'The link around a stand-in opens the picture it will show.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own names.
		}
		$hrefs = array_map( static fn( \DOMElement $element ): string => $element->getAttribute( 'href' ), $dom->all( '//*[@href]' ) );
		$this->assertNotEmpty( $hrefs );
		foreach ( $hrefs as $href ) {
			$this->assertStringStartsNotWith( 'data:', strtolower( trim( $href ) ), 'No link on the page leads to a data: address.' );
		}
		$this->assertDoesNotMatchRegularExpression( '/href\s*=\s*["\']?\s*data:/i', $html );

		// The stylesheet, and the script once in the footer.
		$this->assertTrue( wp_style_is( self::STYLE, 'enqueued' ), 'The stylesheet that hides the stand-ins without JavaScript is on the page.' );
		$this->assertSame( array( self::RULE ), wp_styles()->get_data( self::STYLE, 'after' ), 'It is one rule, printed inline.' );
		$this->assertFalse( wp_styles()->registered[ self::STYLE ]->src, 'No file to download.' );
		$footer = $this->footer();
		$script = new Html( $footer );
		$this->assertCount( 1, $script->all( '//script' ), 'One script.' );
		$this->assertSame( 1, substr_count( $footer, 'id="' . self::SCRIPT . '"' ) );
		$this->assertSame( $this->built_script(), $script->text( '//script[@id="' . self::SCRIPT . '"]' ), 'The built script, inline.' );
		$this->assertFalse( $script->one( '//script' )->hasAttribute( 'src' ) );

		$this->assertSame( $html, $lazy_media->filter_content( $html ), 'Filtered again, the text is the same.' );
		$this->assertSame( $html, LazyMedia::render( $html ) );
	}

	public function test_each_taken_in_picture_or_frame_keeps_its_place_and_its_original(): void {
		$cases = array(
			'a picture of this site'          => $this->lazy_picture(),
			'a picture on another site'       => '<img src="https://cdn.example.org/photos/road.jpg?w=300&amp;h=200" loading="lazy" width="300" height="200" alt="Road &amp; &quot;bridge&quot;">',
			'an address without a scheme'     => '<img src="//cdn.example.org/road.png" loading="lazy" width="300" height="200" alt="">',
			'an http address in capitals'     => '<img src="HTTP://example.org/road.png" loading="lazy" width="300" height="200" alt="">',
			'a srcset and sizes'              => $this->lazy_picture( ' srcset="/wp-content/uploads/2026/03/road-300x200.png 300w, /wp-content/uploads/2026/03/road.png 1200w" sizes="(max-width: 1200px) 100vw, 1200px"' ),
			'a tag in capitals'               => '<IMG SRC="/uploads/road.png" LOADING="lazy" WIDTH="640" HEIGHT="480" ALT="Road" CLASS="Big">',
			'unquoted attributes'             => '<img src=/uploads/road.png loading=lazy width=300 height=150 alt=Road>',
			'single quotes'                   => "<img src='/uploads/road.png' loading='lazy' width='300' height='150' alt='Road'>",
			'a picture of odd proportions'    => '<img src="/uploads/strip.png" loading="lazy" width="1" height="9999" alt="">',
			'a frame WordPress marked lazy'   => self::LAZY_FRAME,
			'a frame on another site'         => '<iframe src="https://www.youtube-nocookie.com/embed/abc?rel=0&amp;start=10" loading="lazy" width="560" height="315" title="A site visit" allow="fullscreen"></iframe>',
			'a frame with fallback text'      => '<iframe src="/tenders/road-repairs/embed/" loading="lazy" width="600" height="200">Road repairs</iframe>',
			'a frame in capitals'             => '<IFRAME SRC="/tenders/road-repairs/embed/" LOADING="lazy" WIDTH="600" HEIGHT="200"></IFRAME>',
			'a frame with a > in its title'   => '<iframe src="/tenders/road-repairs/embed/" loading="lazy" width="600" height="200" title="Roads &gt; 5 km > repairs"></iframe>',
			'a frame with its own stand-in'   => '<iframe src="/tenders/road-repairs/embed/" data-tp-src="javascript:alert(1)" loading="lazy" width="600" height="200"></iframe>',
			'a picture with its own stand-in' => '<img src="/uploads/road.png" data-tp-src="javascript:alert(1)" data-tp-lazy loading="lazy" width="300" height="150" alt="">',
		);
		foreach ( $cases as $case => $original ) {
			$this->new_request();
			$html = LazyMedia::render( $original );
			$this->assert_stand_in( $original, $html, $case );
			$this->assertTrue( wp_style_is( self::STYLE, 'enqueued' ), $case . ': the stylesheet is on the page.' );
			$this->assertSame( $html, LazyMedia::render( $html ), $case . ': taken in again, the same.' );
			$this->assertSame( $html, $this->lazy_media()->filter_content( $original ), $case . ': through the_content too.' );
		}

		$this->new_request();
		$html = LazyMedia::render( $cases['a srcset and sizes'] );
		$dom  = new Html( $html );
		$this->assertFalse( $dom->one( '//img' )->hasAttribute( 'srcset' ), 'The srcset waits too, or the browser would load from it.' );
		$this->assertSame( '/wp-content/uploads/2026/03/road-300x200.png 300w, /wp-content/uploads/2026/03/road.png 1200w', $dom->one( '//img' )->getAttribute( LazyMedia::SRCSET ) );
		$this->assertSame( '(max-width: 1200px) 100vw, 1200px', $dom->one( '//img' )->getAttribute( 'sizes' ), 'Sizes stays.' );

		$this->new_request();
		$dom = new Html( LazyMedia::render( $cases['a picture on another site'] ) );
		$this->assertSame( 'https://cdn.example.org/photos/road.jpg?w=300&h=200', $dom->one( '//img' )->getAttribute( LazyMedia::SRC ), 'The address is read as the browser reads it.' );
		$this->assertSame( 'Road & "bridge"', $dom->one( '//img' )->getAttribute( 'alt' ), 'And the alternative text.' );

		$this->new_request();
		$dom = new Html( LazyMedia::render( $cases['a picture with its own stand-in'] ) );
		$this->assertSame( '/uploads/road.png', $dom->one( '//img' )->getAttribute( LazyMedia::SRC ), 'A data-tp-src written in the text gives way to the picture\'s own address.' );
	}

	/**
	 * The script gives a stand-in its data-tp-srcset as its srcset: one written in the text, on a
	 * picture without a srcset of its own, would show visitors with JavaScript another picture
	 * than the one in its noscript.
	 */
	public function test_a_srcset_written_aside_in_the_text_does_not_become_the_pictures(): void {
		$original = '<img src="/uploads/road.png" data-tp-srcset="/uploads/other.png 1x" loading="lazy" width="300" height="150" alt="Road">';
		$dom      = new Html( LazyMedia::render( $original ) );
		$this->assertSame( '/uploads/road.png', $dom->one( '//img[@' . LazyMedia::MARKER . ']' )?->getAttribute( LazyMedia::SRC ), 'Taken in.' );
		$this->assertFalse( $dom->one( '//img[@' . LazyMedia::MARKER . ']' )->hasAttribute( LazyMedia::SRCSET ), 'Only the picture\'s own srcset is kept aside for it.' );
	}

	/**
	 * A > inside a quoted value does not end a tag: the whole picture is taken in, its value
	 * kept, and the text around it is left as it was.
	 */
	public function test_a_picture_with_a_greater_than_sign_in_a_value_is_taken_in_whole(): void {
		$pictures = array(
			'a > in its alternative text' => '<img src="/uploads/road.png" loading="lazy" width="300" height="200" alt="Roads > 5 km">',
			'a > before its address'      => '<img alt="Roads > 5 km" src="/uploads/road.png" loading="lazy" width="300" height="200">',
			'a > in single quotes'        => "<img src='/uploads/road.png?a=>' loading='lazy' width='300' height='200' alt=''>",
		);
		foreach ( $pictures as $case => $markup ) {
			$this->assert_stand_in( $markup, LazyMedia::render( $markup ), $case );
		}
		$text = '<p>Before</p><img title="a>b" src="/uploads/road.png" loading="lazy" width="300" height="200"><p>After <b>bold</b></p>';
		$html = LazyMedia::render( $text );
		$this->assertStringStartsWith( '<p>Before</p><img src="data:', $html );
		$this->assertStringEndsWith( '</noscript><p>After <b>bold</b></p>', $html, 'The text after it is left as it was.' );
		$this->assertSame( 'a>b', ( new Html( $html ) )->one( '//img[@' . LazyMedia::MARKER . ']' )?->getAttribute( 'title' ) );
	}

	public function test_comments_and_text_only_elements_are_left_alone(): void {
		$left = array(
			'a comment'  => '<!-- <img src="/uploads/road.png" loading="lazy" width="4" height="3"> -->',
			'a title'    => '<title><img src="/uploads/road.png" loading="lazy" width="4" height="3"></title>',
			'an xmp'     => '<xmp><img src="/uploads/road.png" loading="lazy" width="4" height="3"></xmp>',
			'a noembed'  => '<noembed><img src="/uploads/road.png" loading="lazy" width="4" height="3"></noembed>',
			'a noframes' => '<noframes><img src="/uploads/road.png" loading="lazy" width="4" height="3"></noframes>',
		);
		foreach ( $left as $case => $markup ) {
			$this->assertSame( $markup, LazyMedia::render( $markup ), $case . ': left exactly as it was.' );
		}
		$this->assert_nothing_loaded( 'Comments and text-only elements' );
	}

	public function test_text_inside_a_frame_cannot_close_its_noscript(): void {
		$frame = '<iframe src="https://video.example.org/embed/1" loading="lazy" width="560" height="315"></noscript><img src=x onerror=alert(1)></iframe>';
		$html  = LazyMedia::render( $frame );
		$this->assertStringEndsWith( '<noscript><iframe src="https://video.example.org/embed/1" loading="lazy" width="560" height="315"></iframe></noscript>', $html, 'The noscript holds the frame\'s start tag alone.' );
		// The text stays inside the stand-in frame, where a browser reads it as text and never shows it.
		$this->assertStringStartsWith( '<iframe data-tp-lazy data-tp-src="https://video.example.org/embed/1"', $html );
	}

	public function test_an_excerpt_made_from_the_text_loads_nothing(): void {
		$post            = $this->site_visit();
		$GLOBALS['post'] = $post; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what the loop sets for a template.
		setup_postdata( $post );
		try {
			$excerpt = get_the_excerpt( new \WP_Post( (object) ( array( 'post_excerpt' => '' ) + get_object_vars( $post ) ) ) );
		} finally {
			wp_reset_postdata();
		}
		$this->assertNotSame( '', $excerpt );
		$this->assert_nothing_loaded( 'An excerpt made from the text' );
	}

	public function test_a_text_mixing_media_takes_in_only_the_lazy_ones_and_leaves_the_rest_byte_for_byte(): void {
		$eager   = '<img fetchpriority="high" decoding="async" width="1200" height="800" src="/uploads/first.png" alt="First" class="wp-image-5">';
		$picture = '<picture><source srcset="/uploads/road.webp" type="image/webp">' . $this->lazy_picture() . '</picture>';
		$lazy    = $this->lazy_picture();
		$text    = '<p>Before</p>' . $eager . "\n<figure>" . $lazy . '<figcaption>The road &amp; <em>its</em> bridge</figcaption></figure>'
			. $picture . '<p>Between <a href="/uploads/road.png">' . $lazy . '</a></p>' . self::LAZY_FRAME . '<p>After</p>';

		$html = LazyMedia::render( $text );

		$this->assertCount( 3, $this->stand_ins( $html ), 'The lazy picture, the one in a link, and the frame.' );
		$this->assertSame( $text, $this->originals( $html ), 'Everything else is left byte for byte.' );
		$this->assertStringContainsString( '<p>Before</p>' . $eager . "\n<figure>", $html, 'The eager picture is printed as it was.' );
		$this->assertStringContainsString( $picture, $html, 'The picture element is printed as it was.' );
		$this->assertSame( $html, LazyMedia::render( $html ), 'Taken in again, the same.' );
		$this->assertSame( $html, LazyMedia::render( LazyMedia::render( $html ) ) );
	}

	public function test_pictures_and_frames_that_are_not_to_wait_are_left_exactly_as_they_were(): void {
		$left = array(
			'a picture without a size'        => '<img src="/uploads/road.png" loading="lazy" alt="Road">',
			'a picture with only a width'     => '<img src="/uploads/road.png" loading="lazy" width="300" alt="Road">',
			'a width in percent'              => '<img src="/uploads/road.png" loading="lazy" width="100%" height="200" alt="Road">',
			'a width with a unit'             => '<img src="/uploads/road.png" loading="lazy" width="300px" height="200" alt="Road">',
			'a fractional width'              => '<img src="/uploads/road.png" loading="lazy" width="300.5" height="200" alt="Road">',
			'a negative height'               => '<img src="/uploads/road.png" loading="lazy" width="300" height="-200" alt="Road">',
			'a height of nothing'             => '<img src="/uploads/road.png" loading="lazy" width="300" height="0" alt="Road">',
			'an empty width'                  => '<img src="/uploads/road.png" loading="lazy" width="" height="200" alt="Road">',
			'a script address'                => '<img src="javascript:alert(1)" loading="lazy" width="300" height="200" alt="Road">',
			'a script address in capitals'    => '<img src="JaVaScRiPt:alert(document.cookie)//x.png" loading="lazy" width="300" height="200" alt="Road">',
			'a script address after spaces'   => '<img src="  javascript:alert(1)" loading="lazy" width="300" height="200" alt="Road">',
			'a script address as entities'    => '<img src="javascript&#58;alert(1)" loading="lazy" width="300" height="200" alt="Road">',
			'a data address'                  => '<img src="data:image/png;base64,iVBORw0KGgo=" loading="lazy" width="300" height="200" alt="Road">',
			'a blob address'                  => '<img src="blob:https://example.org/0b5c" loading="lazy" width="300" height="200" alt="Road">',
			'an empty address'                => '<img src="" loading="lazy" width="300" height="200" alt="Road">',
			'no address'                      => '<img loading="lazy" width="300" height="200" alt="Road">',
			'a picture WordPress left eager'  => '<img decoding="async" width="300" height="200" src="/uploads/road.png" alt="Road">',
			'a picture marked eager'          => '<img loading="eager" width="300" height="200" src="/uploads/road.png" alt="Road">',
			'a frame without lazy loading'    => '<iframe src="/tenders/road-repairs/embed/" width="600" height="200"></iframe>',
			'a blank frame'                   => '<iframe src="about:blank" loading="lazy" width="600" height="200"></iframe>',
			'a frame with a script address'   => '<iframe src="javascript:alert(1)" loading="lazy" width="600" height="200"></iframe>',
			'a frame with a data address'     => '<iframe src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;" loading="lazy" width="600" height="200"></iframe>',
			'a frame of its own markup'       => '<iframe srcdoc="&lt;p&gt;Road&lt;/p&gt;" loading="lazy" width="600" height="200"></iframe>',
			'a frame never closed'            => '<iframe src="/tenders/road-repairs/embed/" loading="lazy" width="600" height="200">',
			'a picture in a picture element'  => '<picture><source srcset="/uploads/road.webp" type="image/webp">' . $this->lazy_picture() . '</picture>',
			'a picture element in capitals'   => '<PICTURE><SOURCE SRCSET="/uploads/road.webp"><IMG SRC="/uploads/road.png" LOADING="lazy" WIDTH="300" HEIGHT="200"></Picture>',
			'a picture already in a noscript' => '<noscript>' . $this->lazy_picture() . '</noscript>',
			'a frame already in a noscript'   => '<noscript>' . self::LAZY_FRAME . '</noscript>',
			'a picture in a textarea'         => '<textarea name="note">' . $this->lazy_picture() . '</textarea>',
			'a picture in a video'            => '<video controls poster="/uploads/poster.png" width="300" height="200"><source src="/uploads/visit.mp4">' . $this->lazy_picture() . '</video>',
			'a frame in an audio'             => '<audio controls src="/uploads/visit.mp3">' . self::LAZY_FRAME . '</audio>',
			'a picture in an object'          => '<object data="/uploads/plan.pdf" type="application/pdf">' . $this->lazy_picture() . '</object>',
			'a picture in a template'         => '<template id="card">' . $this->lazy_picture() . '</template>',
			'a picture in an SVG'             => '<svg viewBox="0 0 10 10"><foreignObject width="10" height="10">' . $this->lazy_picture() . '</foreignObject></svg>',
			'a picture in a script'           => '<script>var card = \'' . $this->lazy_picture() . '\';</script>',
			'a picture in a style'            => '<style>/* ' . $this->lazy_picture() . ' */</style>',
			'a frame in a script'             => '<script>document.write(\'' . self::LAZY_FRAME . '\');</script>',
			'no picture'                      => "<p>Bring a tape measure &amp; a camera.</p>\n<ul><li>Road</li><li>Pump house</li></ul>",
			'an empty text'                   => '',
			'a word like img'                 => '<p>The <code>&lt;img&gt;</code> and &lt;iframe&gt; elements, and an <imgur-embed>.</p>',
		);
		foreach ( $left as $case => $markup ) {
			$text = '<p>Before</p>' . $markup . '<p>After</p>';
			$this->assertSame( $text, LazyMedia::render( $text ), $case . ': left exactly as it was.' );
			$this->assertSame( $text, $this->lazy_media()->filter_content( $text ), $case . ', through the_content.' );
			$this->assert_nothing_loaded( $case );
		}
		$this->assertSame( '', $this->lazy_media()->filter_content( null ), 'No content gives no content.' );

		$post = get_post(
			wp_insert_post(
				array(
					'post_status'  => 'publish',
					'post_title'   => 'Bring a tape measure',
					'post_content' => "<!-- wp:paragraph -->\n<p>Bring a tape measure &amp; a camera.</p>\n<!-- /wp:paragraph -->",
				)
			)
		);
		$this->assertSame( $this->without_lazy_media( $post ), $this->the_content( $post ), 'A page without media is printed as WordPress prints it.' );
		$this->assert_nothing_loaded( 'A page without media' );
	}

	/**
	 * A browser takes tabs and line breaks out of an address, so these are script addresses too;
	 * the class promises never to take in one ("never a data, script or blank address").
	 */
	public function test_an_address_a_browser_reads_as_a_script_is_never_taken_in(): void {
		$left = array(
			'a tab as an entity in a frame'      => '<iframe src="java&#x09;script:alert(1)" loading="lazy" width="600" height="200"></iframe>',
			'a line break in a frame\'s address' => "<iframe src=\"java\nscript:alert(1)\" loading=\"lazy\" width=\"600\" height=\"200\"></iframe>",
			'a line break in a data address'     => "<iframe src=\"da\nta:text/html,hello\" loading=\"lazy\" width=\"600\" height=\"200\"></iframe>",
			'a tab in a picture\'s address'      => "<img src=\"java\tscript:alert(1)\" loading=\"lazy\" width=\"300\" height=\"200\" alt=\"\">",
		);
		foreach ( $left as $case => $markup ) {
			$this->assertSame( $markup, LazyMedia::render( $markup ), $case . ': left exactly as it was.' );
		}
		$this->assert_nothing_loaded( 'Script addresses' );
	}

	/**
	 * A custom element whose name begins with img- or iframe- (a web component such as
	 * <img-comparison-slider>) is neither a picture nor a frame.
	 */
	public function test_a_custom_element_named_like_a_picture_or_a_frame_is_left_as_it_was(): void {
		$left = array(
			'a slider named img-'    => '<img-comparison-slider src="/uploads/before.png" loading="lazy" width="300" height="200"><img slot="first" src="/uploads/before.png" alt="Before"><img slot="second" src="/uploads/after.png" alt="After"></img-comparison-slider>',
			'a player named iframe-' => '<iframe-player src="/tenders/road-repairs/embed/" loading="lazy" width="600" height="200"></iframe-player><iframe src="/x/" width="1" height="1"></iframe>',
		);
		foreach ( $left as $case => $markup ) {
			$this->assertSame( $markup, LazyMedia::render( $markup ), $case . ': left exactly as it was.' );
		}
		$this->assert_nothing_loaded( 'Custom elements' );
	}

	public function test_a_text_without_lazy_media_loads_nothing(): void {
		$this->assert_nothing_loaded( 'Before any text' );
		LazyMedia::render( '<p><img decoding="async" width="300" height="200" src="/uploads/road.png" alt="Road"></p>' );
		$this->assert_nothing_loaded( 'An eager picture' );

		LazyMedia::render( $this->lazy_picture() );
		$this->assertTrue( wp_style_is( self::STYLE, 'enqueued' ), 'A lazy picture brings the stylesheet.' );
		$this->assertNotSame( '', $this->footer(), 'And the script.' );
		$this->assertSame( '<p>No picture</p>', LazyMedia::render( '<p>No picture</p>' ), 'A later text without one on the same page is left as it was.' );
		$this->assertSame( 1, substr_count( $this->footer(), '<script' ), 'The page still gets its script once.' );

		LazyMedia::reset();
		$this->assertSame( '', $this->footer(), 'A new page without lazy media gets no script.' );
	}

	public function test_with_the_setting_off_the_page_is_printed_as_wordpress_prints_it(): void {
		$this->set_media( array( 'lazy' => '0' ) );
		$this->assertFalse( Settings::get( LazyMedia::SECTION, 'lazy' ) );

		$this->assert_printed_as_without_lazy_media( $this->the_content( $this->site_visit() ), 'The setting off' );
		$this->assertSame( self::LAZY_FRAME, $this->lazy_media()->filter_content( self::LAZY_FRAME ), 'The text is left exactly as it was.' );
		$this->assert_nothing_loaded( 'The setting off' );

		$this->set_media( array( 'lazy' => '1' ) );
		$this->assertCount( 4, $this->stand_ins( $this->the_content( $this->site_visit() ) ), 'On again, the pictures and the frame further down wait.' );
	}

	public function test_feeds_get_the_media_as_they_are(): void {
		$query          = $GLOBALS['wp_query'];
		$is_feed        = $query->is_feed;
		$query->is_feed = true;
		try {
			$this->assertTrue( is_feed() );
			$html = $this->the_content( $this->site_visit() );
			$this->assertSame( self::LAZY_FRAME, $this->lazy_media()->filter_content( self::LAZY_FRAME ), 'The text is left exactly as it was.' );
			$this->assertSame( $this->lazy_picture(), $this->lazy_media()->filter_content( $this->lazy_picture() ) );
			// In the feed too, for the comparison.
			$this->assert_printed_as_without_lazy_media( $html, 'A feed' );
		} finally {
			$query->is_feed = $is_feed;
		}
	}

	public function test_admin_screens_get_the_media_as_they_are(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$this->log_in_as( 'editor' );
		set_current_screen( 'edit-post' );
		$this->assertTrue( is_admin() );

		$html = $this->the_content( $this->site_visit() );
		$this->assertSame( self::LAZY_FRAME, $this->lazy_media()->filter_content( self::LAZY_FRAME ), 'The text is left exactly as it was.' );
		$this->assertSame( $this->lazy_picture(), $this->lazy_media()->filter_content( $this->lazy_picture() ) );
		$this->assert_printed_as_without_lazy_media( $html, 'The Posts screen' );
	}

	/**
	 * WordPress marks a REST request by the REST_REQUEST constant (wp_is_serving_rest_request()),
	 * which nothing can take back: in a process of its own.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_the_rest_api_gives_the_media_as_they_are(): void {
		$this->assertFalse( wp_is_serving_rest_request() );
		define( 'REST_REQUEST', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant, as rest_api_loaded() defines it.
		$this->assertTrue( wp_is_serving_rest_request() );

		$this->assertSame( self::LAZY_FRAME, $this->lazy_media()->filter_content( self::LAZY_FRAME ), 'The text is left exactly as it was.' );
		$this->assertSame( $this->lazy_picture(), $this->lazy_media()->filter_content( $this->lazy_picture() ) );

		$post     = $this->site_visit();
		$response = $this->rest( 'GET', '/wp/v2/posts/' . $post->ID );
		$this->assertSame( 200, $response->get_status() );
		$rendered = (string) ( $response->get_data()['content']['rendered'] ?? '' );
		$this->assertStringNotContainsString( LazyMedia::MARKER, $rendered, 'No stand-in in content.rendered.' );
		$this->assertStringNotContainsString( '<noscript>', $rendered );
		$this->assertStringNotContainsString( self::BLANK, $rendered );
		$dom = new Html( $rendered );
		foreach ( $this->picture_ids( Carousel::BLOCK ) as $id ) {
			$this->assertSame( wp_make_link_relative( (string) wp_get_attachment_image_url( $id, 'full' ) ), $dom->one( '//img[' . Html::has_class( 'wp-image-' . $id ) . ']' )?->getAttribute( 'src' ), 'Each picture with its address.' );
		}
		$this->assertStringStartsWith( '/tenders/', (string) $dom->one( '//iframe' )?->getAttribute( 'src' ), 'The frame with its address.' );
		$this->assert_nothing_loaded( 'The REST API' );
	}

	public function test_the_media_section_offers_lazy_loading_on_by_default(): void {
		$section = Settings::section( LazyMedia::SECTION );
		$this->assertNotNull( $section, 'Settings > TenderPress has a section for media.' );
		$this->assertSame( 'Media', $section->title );
		$this->assertSame( array( 'lazy' ), array_keys( $section->fields ) );
		$this->assertSame( 'Load media only when a visitor comes near it', $section->fields['lazy']->label );
		$this->assertSame( 'boolean', $section->fields['lazy']->type );
		$this->assertTrue( $section->fields['lazy']->default );
		$this->assertTrue( Settings::get( LazyMedia::SECTION, 'lazy' ), 'On until the site owner turns it off.' );

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
		$id  = Settings::field_id( LazyMedia::SECTION, 'lazy' );
		$box = $screen->one( '//h2[normalize-space()="Media"]/following-sibling::table[1]//input[@id="' . $id . '"]' );
		$this->assertNotNull( $box, 'The box is in the Media section.' );
		$this->assertSame( 'checkbox', $box->getAttribute( 'type' ) );
		$this->assertSame( 'tenderpress_settings[media][lazy]', $box->getAttribute( 'name' ) );
		$this->assertTrue( $box->hasAttribute( 'checked' ), 'Ticked by default.' );
		$this->assertSame( 'Load media only when a visitor comes near it', $screen->text( '//label[@for="' . $id . '"]' ) );
		$this->assertStringContainsString( 'Without JavaScript the browser decides.', $screen->text( '//*[@id="' . $id . '-description"]' ) );

		// An unticked box sends nothing: lazy media is off.
		update_option( Settings::OPTION, array( LazyMedia::SECTION => array() ) );
		$this->assertSame( array(), $this->settings_errors() );
		$this->assertFalse( Settings::get( LazyMedia::SECTION, 'lazy' ) );
		$this->assertSame( array( LazyMedia::SECTION => array( 'lazy' => false ) ), get_option( Settings::OPTION ) );
	}

	public function test_a_value_that_is_not_on_or_off_is_refused_and_nothing_is_stored(): void {
		$this->set_media( array( 'lazy' => '0' ) );
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );
		$this->assertFalse( Settings::get( LazyMedia::SECTION, 'lazy' ) );

		$cases = array(
			'a word'   => 'maybe',
			'a list'   => array( '1' ),
			'a number' => '2',
		);
		foreach ( $cases as $case => $value ) {
			$this->forget_settings_messages();
			$this->set_media( array( 'lazy' => $value ) );

			$this->assertSame( $before, $this->stored_settings_row(), $case . ': the stored option is unchanged.' );
			$this->assertSame( 'Load media only when a visitor comes near it must be on or off.', $this->settings_errors()[ Settings::field_id( LazyMedia::SECTION, 'lazy' ) ] ?? null, $case );
			$this->assertArrayHasKey( 'unchanged', $this->settings_errors(), $case );
			$this->assertFalse( Settings::get( LazyMedia::SECTION, 'lazy' ), $case . ': still off.' );
		}

		$accepted = array(
			'1'     => true,
			'true'  => true,
			'0'     => false,
			'false' => false,
		);
		foreach ( $accepted as $value => $on ) {
			$this->forget_settings_messages();
			$this->set_media( array( 'lazy' => (string) $value ) );
			$this->assertSame( array(), $this->settings_errors(), $value . ' is accepted.' );
			$this->assertSame( $on, Settings::get( LazyMedia::SECTION, 'lazy' ), (string) $value );
		}
	}
}
