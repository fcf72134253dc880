<?php
namespace TenderPress\Tests;

use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Tabs;
use TenderPress\Settings\Settings;

/**
 * Tabs and accordions as a visitor meets them before any script runs: every section a heading
 * with its panel, each header a link to its panel under an id a link or an address can name,
 * only the open panels shown, titles and labels as text. The same from the block and the
 * shortcodes, the site owner's settings reaching the island's props, and the small footer script
 * that loads the island for a deep link printed only on pages that have one.
 */
final class TabsIslandTest extends TestCase {

	/** The rule of a link name the island checks hashes against (the section block's, never empty). */
	private const PATTERN = '^([A-Za-z][A-Za-z0-9_:.-]*)$';

	/** Base64, as CSP plugins make nonces. */
	private const NONCE = 'dHAtdGFicy1ub25jZQ+/=';

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		Tabs::reset();
	}

	protected function tearDown(): void {
		Tabs::reset();
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/**
	 * A tabs block's markup around its sections' markup.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               ...$sections Sections' markup (or any other blocks).
	 */
	private function tabs( array $attributes, string ...$sections ): string {
		return '<!-- wp:' . Tabs::BLOCK . ( $attributes ? ' ' . serialize_block_attributes( $attributes ) : '' ) . ' -->'
			. implode( '', $sections )
			. '<!-- /wp:' . Tabs::BLOCK . ' -->';
	}

	/**
	 * A section block's markup around its content.
	 *
	 * @param array<string, mixed> $attributes Block attributes: title, anchor, open.
	 * @param string               $content    Its blocks' markup.
	 */
	private function tab( array $attributes, string $content = '' ): string {
		return '<!-- wp:' . Tabs::SECTION_BLOCK . ( $attributes ? ' ' . serialize_block_attributes( $attributes ) : '' ) . ' -->'
			. ( '' === $content ? $this->paragraph( 'Text.' ) : $content )
			. '<!-- /wp:' . Tabs::SECTION_BLOCK . ' -->';
	}

	private function paragraph( string $html ): string {
		return '<!-- wp:paragraph --><p>' . $html . '</p><!-- /wp:paragraph -->';
	}

	/** Tabs blocks' containers in the markup, outermost first; fails when there is none. */
	private function containers( Html $dom ): array {
		$containers = $dom->all( '//*[@data-tp-island="' . Tabs::ISLAND . '"]' );
		$this->assertNotEmpty( $containers, 'A tabs island is in the markup.' );
		return $containers;
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $container ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $container );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** The props' JSON text as printed: what decides whether aliases is an object or a list. */
	private function raw_props( Html $dom, \DOMElement $container ): string {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $container );
		$this->assertNotNull( $script );
		return $dom->text( '.', $script );
	}

	/**
	 * What a visitor without JavaScript finds in one container (not in tabs nested in it), in order:
	 * each section's header link, its heading and its panel.
	 *
	 * @return list<array{id: string, href: string, title: string, open: bool, heading: string, words: string, panel: \DOMElement}>
	 */
	private function sections( Html $dom, \DOMElement $container ): array {
		$tabs     = str_contains( ' ' . $container->getAttribute( 'class' ) . ' ', ' tp-tabs--tabs ' );
		$headers  = $tabs
			? $dom->all( './div[' . Html::has_class( 'tp-tabs__list' ) . ']/a[' . Html::has_class( 'tp-tabs__header' ) . ']', $container )
			: $dom->all( './*[' . Html::has_class( 'tp-tabs__title' ) . ']/a[' . Html::has_class( 'tp-tabs__header' ) . ']', $container );
		$sections = array();
		foreach ( $headers as $header ) {
			$id    = $header->getAttribute( 'id' );
			$panel = $dom->one( './div[' . Html::has_class( 'tp-tabs__panel' ) . '][@id="' . $id . Tabs::PANEL_SUFFIX . '"]', $container );
			$this->assertNotNull( $panel, 'Section ' . $id . ' has its panel.' );
			$heading = $tabs
				? $dom->one( './*[1][' . Html::has_class( 'tp-tabs__title' ) . ']', $panel )
				: $dom->one( './parent::*', $header );
			$this->assertInstanceOf( \DOMElement::class, $heading, 'Section ' . $id . ' has its heading.' );
			if ( ! $tabs ) {
				$next = $dom->one( './following-sibling::*[1]', $heading );
				$this->assertSame( $panel, $next, 'In an accordion each heading comes right before its panel.' );
			}
			$sections[] = array(
				'id'      => $id,
				'href'    => $header->getAttribute( 'href' ),
				'title'   => $dom->text( '.', $header ),
				'open'    => $header->hasAttribute( 'data-open' ),
				'heading' => $heading->nodeName, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own name for the tag.
				'words'   => $dom->text( '.', $heading ),
				'panel'   => $panel,
			);
		}
		return $sections;
	}

	/** @return list<string> The ids of a container's sections, in order. */
	private function ids( string $html ): array {
		$dom = new Html( $html );
		return array_column( $this->sections( $dom, $this->containers( $dom )[0] ), 'id' );
	}

	/** @return list<string> The ids of the sections whose panels show, in order. */
	private function shown( Html $dom, \DOMElement $container ): array {
		$shown = array();
		foreach ( $this->sections( $dom, $container ) as $section ) {
			if ( ! $section['panel']->hasAttribute( 'hidden' ) ) {
				$shown[] = $section['id'];
			}
		}
		return $shown;
	}

	/** The markup of a panel as printed, before a browser repairs anything; fails when there is none. */
	private function printed_panel( string $html, string $id ): string {
		$this->assertSame( 1, preg_match( '#<div class="tp-tabs__panel" id="' . preg_quote( $id . Tabs::PANEL_SUFFIX, '#' ) . '"(?: hidden)?>(.*?)</div>#s', $html, $match ), 'Panel ' . $id . ' is printed.' );
		return $match[1];
	}

	/** Saves the tabs section as the settings form sends it (through the registered sanitizer). */
	private function set_tabs( array $values ): void {
		update_option(
			Settings::OPTION,
			array(
				Tabs::SECTION => $values + array(
					'offset'  => '0',
					'aliases' => 'safari',
				),
			)
		);
	}

	/** Block types are registered once per request: register one again, as the next request would. */
	private function reregister_tabs(): void {
		unregister_block_type( Tabs::BLOCK );
		register_block_type( TENDERPRESS_DIR . '/blocks/tabs' );
	}

	/** What the page's footer prints. */
	private function footer(): string {
		ob_start();
		do_action( 'wp_footer' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, fired as a theme's footer does.
		return (string) ob_get_clean();
	}

	/** The footer's script that loads a tabs island for a deep link, or null when it is not printed. */
	private function preload( Html $footer ): ?\DOMElement {
		return $footer->one( '//script[contains(., "tpWhen")][contains(., "hashchange")]' );
	}

	public function test_without_javascript_every_section_reads_as_a_heading_and_its_panel(): void {
		$html      = do_blocks(
			'<!-- wp:tenderpress/tabs {"label":"Notice details","offset":80} -->'
			. '<!-- wp:tenderpress/tab {"title":"Details"} --><!-- wp:paragraph --><p>Supply of cables.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->'
			. '<!-- wp:tenderpress/tab {"title":"Documents"} --><!-- wp:paragraph --><p>Tender file.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->'
			. '<!-- wp:tenderpress/tab {"title":"Contact"} --><!-- wp:paragraph --><p>The buyer.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->'
			. '<!-- /wp:tenderpress/tabs -->'
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$this->assertStringContainsString( 'tp-tabs--tabs', $container->getAttribute( 'class' ) );

		$list = $dom->one( './div[' . Html::has_class( 'tp-tabs__list' ) . ']', $container );
		$this->assertNotNull( $list, 'The tabs are a row of links.' );
		$this->assertFalse( $list->hasAttribute( 'aria-label' ), 'Without the island the row is a plain div of links, which HTML allows no name.' );
		$this->assertSame( 'Notice details', $this->props( $dom, $container )['label'], 'Screen readers hear what the tabs are about once the island makes the row a tablist.' );

		$sections = $this->sections( $dom, $container );
		$this->assertSame( array( 'details', 'documents', 'contact' ), array_column( $sections, 'id' ), 'Each header is named after its title.' );
		$this->assertSame( array( 'Details', 'Documents', 'Contact' ), array_column( $sections, 'title' ) );
		$texts = array( 'Supply of cables.', 'Tender file.', 'The buyer.' );
		foreach ( $sections as $index => $section ) {
			$this->assertSame( '#' . $section['id'] . '-panel', $section['href'], 'Each header links to its panel.' );
			$this->assertSame( 'h3', $section['heading'], 'Headings are h3 by default.' );
			$this->assertSame( $section['title'], $section['words'], 'Each panel starts with its title as a heading.' );
			$this->assertSame( $texts[ $index ], trim( $dom->text( './p', $section['panel'] ) ), 'Each panel holds its own section\'s content.' );
		}
		$this->assertSame( array( true, false, false ), array_column( $sections, 'open' ), 'Only the first tab is marked open.' );
		$this->assertSame( array( 'details' ), $this->shown( $dom, $container ), 'Only the first panel shows; the others wait, hidden, for scripts to show them.' );
		$this->assertStringContainsString( '--tp-tabs-offset:80px', $container->getAttribute( 'style' ) );
	}

	public function test_the_first_section_marked_open_is_the_one_tab_shown(): void {
		$html      = do_blocks(
			$this->tabs(
				array(),
				$this->tab( array( 'title' => 'Details' ) ),
				$this->tab(
					array(
						'title' => 'Documents',
						'open'  => true,
					)
				),
				$this->tab(
					array(
						'title' => 'Contact',
						'open'  => true,
					)
				)
			)
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];

		$this->assertSame( array( 'documents' ), $this->shown( $dom, $container ), 'Tabs show one section.' );
		$this->assertSame( array( false, true, false ), array_column( $this->sections( $dom, $container ), 'open' ) );
	}

	public function test_an_accordion_shows_each_header_in_its_heading_and_every_section_marked_open(): void {
		$html      = do_blocks(
			$this->tabs(
				array( 'layout' => 'accordion' ),
				$this->tab( array( 'title' => 'Who can bid' ), $this->paragraph( 'Registered firms.' ) ),
				$this->tab(
					array(
						'title' => 'Deadline',
						'open'  => true,
					),
					$this->paragraph( '1 March.' )
				),
				$this->tab(
					array(
						'title' => 'Fees',
						'open'  => true,
					),
					$this->paragraph( 'None.' )
				)
			)
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$this->assertStringContainsString( 'tp-tabs--accordion', $container->getAttribute( 'class' ) );
		$this->assertNull( $dom->one( './/*[' . Html::has_class( 'tp-tabs__list' ) . ']', $container ), 'An accordion has no row of tabs.' );

		$sections = $this->sections( $dom, $container );
		$this->assertSame( array( 'who-can-bid', 'deadline', 'fees' ), array_column( $sections, 'id' ) );
		foreach ( $sections as $section ) {
			$this->assertSame( 'h3', $section['heading'] );
			$this->assertNotNull( $dom->one( './h3[' . Html::has_class( 'tp-tabs__title' ) . ']/a[@id="' . $section['id'] . '"]', $container ), 'The header link sits in its heading.' );
			$this->assertSame( '#' . $section['id'] . '-panel', $section['href'] );
			$this->assertNull( $dom->one( './*[' . Html::has_class( 'tp-tabs__title' ) . ']', $section['panel'] ), 'The title is not repeated inside the panel.' );
		}
		$this->assertSame( array( false, true, true ), array_column( $sections, 'open' ) );
		$this->assertSame( array( 'deadline', 'fees' ), $this->shown( $dom, $container ), 'Several sections may start open.' );
		$this->assertSame( 'None.', $dom->text( './p', $sections[2]['panel'] ) );

		$html = do_blocks( $this->tabs( array( 'layout' => 'accordion' ), $this->tab( array( 'title' => 'One' ) ), $this->tab( array( 'title' => 'Two' ) ) ) );
		$dom  = new Html( $html );
		$this->assertSame( array(), $this->shown( $dom, $this->containers( $dom )[0] ), 'An accordion with no section marked open starts closed.' );
	}

	public function test_the_heading_level_is_used_and_out_of_range_values_never_give_a_heading_outside_h2_to_h6(): void {
		$section = '[tenderpress_tab title="Details"]One[/tenderpress_tab][tenderpress_tab title="Fees"]Two[/tenderpress_tab]';
		// Blocks: WordPress itself replaces a value its schema refuses with the default before rendering.
		$blocks = array(
			'level 2'        => array( array( 'level' => 2 ), 'h2', 'tabs', 0 ),
			'level 6'        => array( array( 'level' => 6 ), 'h6', 'tabs', 0 ),
			'level 9'        => array( array( 'level' => 9 ), 'h3', 'tabs', 0 ),
			'level 1'        => array( array( 'level' => 1 ), 'h3', 'tabs', 0 ),
			'offset 9999'    => array( array( 'offset' => 9999 ), 'h3', 'tabs', 0 ),
			'unknown layout' => array( array( 'layout' => 'carousel' ), 'h3', 'tabs', 0 ),
			'accordion at 4' => array(
				array(
					'layout' => 'accordion',
					'level'  => 4,
				),
				'h4',
				'accordion',
				0,
			),
		);
		// Shortcodes: numbers are clamped to the block's limits (BlockAttributes).
		$shortcodes = array(
			'level="2"'            => array( 'level="2"', 'h2', 'tabs', 0 ),
			'level="9"'            => array( 'level="9"', 'h6', 'tabs', 0 ),
			'level="1"'            => array( 'level="1"', 'h2', 'tabs', 0 ),
			'offset="9999"'        => array( 'offset="9999"', 'h3', 'tabs', 500 ),
			'offset="-5"'          => array( 'offset="-5"', 'h3', 'tabs', 0 ),
			'layout="carousel"'    => array( 'layout="carousel"', 'h3', 'tabs', 0 ),
			'accordion at level 5' => array( 'layout="accordion" level="5"', 'h5', 'accordion', 0 ),
		);
		$rendered   = array();
		foreach ( $blocks as $case => list( $attributes, $heading, $layout, $offset ) ) {
			Tabs::reset();
			$rendered[ 'block, ' . $case ] = array( do_blocks( $this->tabs( $attributes, $this->tab( array( 'title' => 'Details' ) ), $this->tab( array( 'title' => 'Fees' ) ) ) ), $heading, $layout, $offset );
		}
		foreach ( $shortcodes as $case => list( $attributes, $heading, $layout, $offset ) ) {
			Tabs::reset();
			$rendered[ 'shortcode, ' . $case ] = array( do_shortcode( '[tenderpress_tabs ' . $attributes . ']' . $section . '[/tenderpress_tabs]' ), $heading, $layout, $offset );
		}
		foreach ( $rendered as $case => list( $html, $heading, $layout, $offset ) ) {
			$dom       = new Html( $html );
			$container = $this->containers( $dom )[0];
			$sections  = $this->sections( $dom, $container );
			$this->assertCount( 2, $sections, $case );
			foreach ( $sections as $section ) {
				$this->assertSame( $heading, $section['heading'], $case );
			}
			$this->assertStringContainsString( 'tp-tabs--' . $layout, $container->getAttribute( 'class' ), $case );
			$props = $this->props( $dom, $container );
			$this->assertSame( $layout, $props['layout'], $case );
			$this->assertSame( $offset, $props['offset'], $case );
			$this->assertStringContainsString( '--tp-tabs-offset:' . $offset . 'px', $container->getAttribute( 'style' ), $case );
		}
	}

	public function test_a_section_is_named_by_its_anchor_or_else_by_a_link_safe_form_of_its_title(): void {
		$this->assertSame(
			array( 'eligibility', 'fees-terms', 'section-2026-budget', 'section', 'section-2', 'section-6' ),
			$this->ids(
				do_blocks(
					$this->tabs(
						array(),
						$this->tab(
							array(
								'title'  => 'Who can bid',
								'anchor' => 'eligibility',
							)
						),
						$this->tab( array( 'title' => 'Fées & terms' ) ),
						$this->tab( array( 'title' => '2026 budget' ) ),
						$this->tab( array( 'title' => 'पात्रता' ) ),
						$this->tab( array( 'title' => 'शुल्क' ) ),
						$this->tab( array( 'title' => '' ) )
					)
				)
			),
			'An anchor wins; a title starting with a digit gets "section-" in front; a title with no Latin letters is "section"; an untitled sixth section is "Section 6".'
		);

		$dom = new Html( do_blocks( $this->tabs( array(), $this->tab( array( 'title' => '' ) ), $this->tab( array( 'title' => '   ' ) ) ) ) );
		$this->assertSame( array( 'Section 1', 'Section 2' ), array_column( $this->sections( $dom, $this->containers( $dom )[0] ), 'title' ), 'A section without a title is named by its place.' );
	}

	public function test_ids_repeated_on_one_page_get_a_number_so_every_link_opens_one_section(): void {
		$first  = $this->ids(
			do_blocks(
				$this->tabs(
					array(),
					$this->tab( array( 'title' => 'Details' ) ),
					$this->tab( array( 'title' => 'Details' ) ),
					$this->tab(
						array(
							'title'  => 'Fees',
							'anchor' => 'details',
						)
					)
				)
			)
		);
		$second = $this->ids( do_blocks( $this->tabs( array( 'layout' => 'accordion' ), $this->tab( array( 'title' => 'Details' ) ), $this->tab( array( 'title' => 'Fees' ) ) ) ) );

		$this->assertSame( array( 'details', 'details-2', 'details-3' ), $first );
		$this->assertSame( array( 'details-4', 'fees' ), $second, 'A second block on the same page does not reuse the first one\'s ids.' );
		// A section named like another's panel: neither id is given twice.
		$third = $this->ids( do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Fees' ) ), $this->tab( array( 'anchor' => 'fees-2-panel' ) ), $this->tab( array( 'anchor' => 'fees-2' ) ) ) ) );
		$this->assertSame( array( 'fees-2', 'fees-2-panel-2', 'fees-2-2' ), $third );
	}

	public function test_an_anchor_that_is_not_a_link_name_is_refused_and_the_title_names_the_section(): void {
		$html = do_blocks(
			$this->tabs(
				array(),
				$this->tab(
					array(
						'title'  => 'Fees',
						'anchor' => '"><script>alert(1)</script>',
					)
				),
				$this->tab(
					array(
						'title'  => 'Terms',
						'anchor' => '1abc',
					)
				),
				$this->tab(
					array(
						'title'  => 'Dates',
						'anchor' => "dates\n",
					)
				),
				$this->tab(
					array(
						'title'  => 'Forms',
						'anchor' => 'with space',
					)
				),
				$this->tab(
					array(
						'title'  => 'Contact',
						'anchor' => array( 'x' ),
					)
				)
			)
		);
		$this->assertSame( array( 'fees', 'terms', 'dates', 'forms', 'contact' ), $this->ids( $html ) );
		$this->assertStringNotContainsString( 'alert', $html, 'Nothing of the refused anchor reaches the page.' );
		$this->assertNull( ( new Html( $html ) )->one( '//script[not(@data-tp-props)]' ) );
	}

	public function test_titles_and_labels_with_markup_are_shown_as_text_never_as_tags(): void {
		$html      = do_blocks(
			$this->tabs(
				array( 'label' => 'Notice "details" & <b>dates</b><script>alert(1)</script>' ),
				$this->tab( array( 'title' => 'Fees <script>alert(2)</script> & "terms"' ) ),
				$this->tab( array( 'title' => '<img src=x onerror=alert(3)>Dates' ) )
			)
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];

		$this->assertStringNotContainsString( 'alert', $html, 'A script\'s content is dropped with its tags.' );
		$this->assertNull( $dom->one( '//script[not(@data-tp-props)]' ), 'No script from a title or the label.' );
		$this->assertNull( $dom->one( '//img | //b' ), 'No element from a title or the label.' );
		$this->assertSame( 'Notice "details" & dates', $this->props( $dom, $container )['label'], 'The island names the tablist with the label\'s words.' );
		$this->assertFalse( $dom->one( './div[' . Html::has_class( 'tp-tabs__list' ) . ']', $container )?->hasAttribute( 'aria-label' ), 'HTML allows no name on the generic div the row is before the island makes it a tablist.' );

		$sections = $this->sections( $dom, $container );
		$this->assertSame( array( 'Fees & "terms"', 'Dates' ), array_column( $sections, 'title' ) );
		$this->assertSame( 'Fees & "terms"', $sections[0]['words'] );
		$this->assertSame( array( 'fees-terms', 'dates' ), array_column( $sections, 'id' ) );
		$this->assertStringContainsString( 'Fees &amp; &quot;terms&quot;</a>', $html, 'The header\'s words are escaped.' );

		$dom = new Html( do_blocks( $this->tabs( array( 'label' => ' <i></i> ' ), $this->tab( array( 'title' => 'Fees' ) ) ) ) );
		$this->assertSame( '', $this->props( $dom, $this->containers( $dom )[0] )['label'], 'A label with no words gives no name.' );
	}

	public function test_the_container_loads_the_island_on_intent_and_carries_its_props(): void {
		$html      = do_blocks(
			$this->tabs(
				array(
					'layout'    => 'accordion',
					'offset'    => 64,
					'exclusive' => true,
				),
				$this->tab( array( 'title' => 'Details' ) )
			)
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];

		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ), 'The island waits for a visitor\'s intent.' );
		$this->assertSame( '.tp-tabs__header', $container->getAttribute( 'data-tp-replay' ), 'A header clicked while the island loads is not lost.' );
		$root = $dom->one( './div[@data-tp-root]', $container );
		$this->assertNotNull( $root );
		$this->assertTrue( $root->hasAttribute( 'hidden' ) );
		$this->assertNull( $dom->one( './*', $root ), 'The island draws nothing of its own.' );
		$this->assertSame( '', $dom->text( '.', $root ) );
		$this->assertSame(
			array(
				'layout'    => 'accordion',
				'offset'    => 64,
				'exclusive' => true,
				'label'     => '',
				'aliases'   => array( 'safari' => 'tenderpress-safari' ),
				'pattern'   => self::PATTERN,
			),
			$this->props( $dom, $container )
		);
		$this->assertSame( 1, preg_match( '/' . self::PATTERN . '/', 'details' ), 'The pattern accepts the ids the server gives.' );
		$this->assertContains( Tabs::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );

		$dom   = new Html( do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) ) ) );
		$props = $this->props( $dom, $this->containers( $dom )[0] );
		$this->assertSame( 'tabs', $props['layout'] );
		$this->assertFalse( $props['exclusive'], 'Accordions let several sections open unless told otherwise.' );
	}

	public function test_a_tabs_block_without_sections_shows_nothing(): void {
		$this->assertSame( '', trim( do_blocks( $this->tabs( array( 'label' => 'Empty' ) ) ) ) );
		$this->assertSame( '', trim( do_blocks( $this->tabs( array(), $this->paragraph( 'Not a section.' ) ) ) ), 'Only sections are shown.' );
		$this->assertSame( '', trim( do_shortcode( '[' . Tabs::SHORTCODE . ']Just text[/' . Tabs::SHORTCODE . ']' ) ) );
		$this->assertNotContains( Tabs::ISLAND, IslandAssets::instance()->used(), 'No island script for a page without tabs.' );
	}

	public function test_tabs_nested_in_a_section_show_inside_its_panel_with_their_own_headers(): void {
		$html                  = do_blocks(
			$this->tabs(
				array(
					'label'  => 'Outer',
					'offset' => 10,
				),
				$this->tab(
					array( 'title' => 'Lots' ),
					$this->paragraph( 'Two lots.' ) . $this->tabs(
						array(
							'layout' => 'accordion',
							'level'  => 4,
							'offset' => 20,
						),
						$this->tab(
							array(
								'title' => 'Lot 1',
								'open'  => true,
							),
							$this->paragraph( 'Cables.' )
						),
						$this->tab( array( 'title' => 'Lot 2' ), $this->paragraph( 'Poles.' ) )
					)
				),
				$this->tab( array( 'title' => 'Fees' ), $this->paragraph( 'None.' ) )
			)
		);
		$dom                   = new Html( $html );
		list( $outer, $inner ) = $this->containers( $dom );

		$outer_sections = $this->sections( $dom, $outer );
		$this->assertSame( array( 'lots', 'fees' ), array_column( $outer_sections, 'id' ), 'The outer tabs have only their own sections.' );
		$this->assertSame( array( 'lots' ), $this->shown( $dom, $outer ) );
		$this->assertSame( $outer_sections[0]['panel'], $dom->one( './parent::*', $inner ), 'The inner accordion is inside the first outer panel.' );
		$this->assertSame( 'Two lots.', $dom->text( './p', $outer_sections[0]['panel'] ) );

		$inner_sections = $this->sections( $dom, $inner );
		$this->assertSame( array( 'lot-1', 'lot-2' ), array_column( $inner_sections, 'id' ) );
		$this->assertSame( array( 'h4', 'h4' ), array_map( static fn( array $section ): string => $section['heading'], $inner_sections ) );
		$this->assertSame( array( 'lot-1' ), $this->shown( $dom, $inner ) );
		$this->assertSame( 'Poles.', $dom->text( './p', $inner_sections[1]['panel'] ) );

		$this->assertSame( array( 'tabs', 10 ), array( $this->props( $dom, $outer )['layout'], $this->props( $dom, $outer )['offset'] ) );
		$this->assertSame( array( 'accordion', 20 ), array( $this->props( $dom, $inner )['layout'], $this->props( $dom, $inner )['offset'] ) );
		$this->assertCount( 2, $dom->all( './div[' . Html::has_class( 'tp-tabs__list' ) . ']/a', $outer ), 'The inner headers are not in the outer row of tabs.' );
		$this->assertCount( 1, $dom->all( './div[@data-tp-root]', $outer ) );
		$this->assertCount( 1, $dom->all( './div[@data-tp-root]', $inner ) );
	}

	public function test_a_marker_forged_in_content_pulls_in_no_section(): void {
		// A section left outside any tabs block: kept, waiting for a container that never comes.
		$stray = do_blocks( $this->tab( array( 'title' => 'Stray secret' ), $this->paragraph( 'Hidden text.' ) ) );
		$this->assertStringNotContainsString( 'Hidden text.', $stray );

		$html      = do_blocks(
			$this->tabs(
				array(),
				$this->paragraph( '<!--tp-part:abc:0-->' ),
				$this->tab( array( 'title' => 'Real' ), $this->paragraph( 'Forged <!--tp-part:abc:0--> inside.' ) )
			)
		);
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$this->assertSame( array( 'Real' ), array_column( $this->sections( $dom, $container ), 'title' ) );
		$this->assertStringNotContainsString( 'Stray secret', $html );
		$this->assertStringNotContainsString( 'Hidden text.', $html );

		$this->assertSame( '', trim( do_blocks( $this->tabs( array(), $this->paragraph( '<!--tp-part:abc:0--><!--tp-part::1-->' ) ) ) ), 'Forged markers alone give no tabs.' );
	}

	public function test_the_shortcodes_give_the_same_tabs_as_the_block(): void {
		$html      = do_shortcode( '[tenderpress_tabs layout="accordion" exclusive="1"][tenderpress_tab title="A" open="1"]Alpha[/tenderpress_tab][tenderpress_tab title="B"]Beta[/tenderpress_tab][/tenderpress_tabs]' );
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ) );

		$sections = $this->sections( $dom, $container );
		$this->assertSame( array( 'a', 'b' ), array_column( $sections, 'id' ) );
		$this->assertSame( array( 'A', 'B' ), array_column( $sections, 'title' ) );
		$this->assertSame( array( 'a' ), $this->shown( $dom, $container ) );
		$this->assertSame( 'Alpha', $this->printed_panel( $html, 'a' ) );
		$this->assertSame( 'Beta', $this->printed_panel( $html, 'b' ) );
		$props = $this->props( $dom, $container );
		$this->assertSame( array( 'accordion', true ), array( $props['layout'], $props['exclusive'] ) );

		Tabs::reset();
		$dom       = new Html( do_shortcode( '[tenderpress_tabs label="Bid" offset="40" level="2"][tenderpress_tab title="Details" anchor="info"]One[/tenderpress_tab][tenderpress_tab title="Fees" open="true"]Two[/tenderpress_tab][/tenderpress_tabs]' ) );
		$container = $this->containers( $dom )[0];
		$sections  = $this->sections( $dom, $container );
		$this->assertSame( array( 'info', 'fees' ), array_column( $sections, 'id' ) );
		$this->assertSame( array( 'fees' ), $this->shown( $dom, $container ) );
		$this->assertSame( 'h2', $sections[0]['heading'] );
		$this->assertSame( 'Bid', $this->props( $dom, $container )['label'] );
		$this->assertSame( 40, $this->props( $dom, $container )['offset'] );
	}

	/** @return array<string, array{string}> How lines are separated in classic content. */
	public function classic_line_breaks(): array {
		return array(
			'every line a paragraph of its own' => array( "\n\n" ),
			'shortcodes on single lines'        => array( "\n" ),
		);
	}

	/**
	 * @dataProvider classic_line_breaks
	 */
	public function test_shortcodes_on_their_own_lines_in_classic_content_leave_no_stray_paragraph_tags( string $separator ): void {
		// As the classic editor saves them: paragraphs and shortcodes on lines of their own.
		$content   = implode(
			$separator,
			array(
				'Read before bidding.',
				'',
				'[tenderpress_tabs layout="accordion" exclusive="1"]',
				'[tenderpress_tab title="A" open="1"]',
				'Alpha',
				'',
				'More alpha',
				'[/tenderpress_tab]',
				'[tenderpress_tab title="B"]',
				'Beta',
				'[/tenderpress_tab]',
				'[/tenderpress_tabs]',
				'',
				'After the tabs.',
			)
		);
		$html      = (string) apply_filters( 'the_content', $content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as a template applies it.
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$sections  = $this->sections( $dom, $container );
		$this->assertSame( array( 'A', 'B' ), array_column( $sections, 'title' ) );
		$this->assertSame( array( 'a' ), $this->shown( $dom, $container ) );

		foreach ( $sections as $section ) {
			$this->assertSame( array(), $dom->all( './/p[not(normalize-space())]', $section['panel'] ), $section['title'] . ': no empty paragraph.' );
		}
		$this->assertNull( $dom->one( '//p//*[@data-tp-island]' ), 'The tabs are not left inside a paragraph.' );
		// The panels as printed, before a browser repairs anything.
		$alpha = $this->printed_panel( $html, 'a' );
		$this->assertDoesNotMatchRegularExpression( '#^\s*</p>|<p>\s*$#', $alpha, 'The first panel neither starts with </p> nor ends with <p>.' );
		$this->assertSame( "<p>Alpha</p>\n<p>More alpha</p>", trim( $alpha ), 'The first panel is its two paragraphs.' );
		$beta = $this->printed_panel( $html, 'b' );
		$this->assertDoesNotMatchRegularExpression( '#^\s*</p>|<p>\s*$#', $beta, 'The second panel neither starts with </p> nor ends with <p>.' );
		$this->assertSame( '<p>Beta</p>', trim( $beta ) );
		$this->assertSame( 'Read before bidding.', $dom->text( '//body/p[1]' ), 'The text around the tabs keeps its paragraphs.' );
		$this->assertSame( 'After the tabs.', $dom->text( '//body/p[last()]' ) );
	}

	public function test_unknown_or_garbage_shortcode_attributes_are_ignored(): void {
		// PHPUnit turns a notice or warning into a failure only for the levels PHP reports.
		$reported = error_reporting(); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads the level, changes nothing.
		$this->assertSame( E_ALL, $reported & E_ALL, 'Every notice and warning would fail this test.' );

		$html      = do_shortcode( '[tenderpress_tabs accordion layout="carousel" level="x" offset="abc" exclusive="maybe" colour="red"][tenderpress_tab "loose" title="A" anchor="9x" open="perhaps" size="big"]Alpha[/tenderpress_tab][tenderpress_tab]Beta[/tenderpress_tab][/tenderpress_tabs]' );
		$dom       = new Html( $html );
		$container = $this->containers( $dom )[0];
		$sections  = $this->sections( $dom, $container );

		$this->assertStringContainsString( 'tp-tabs--tabs', $container->getAttribute( 'class' ), 'An unknown layout gives tabs.' );
		$this->assertSame( array( 'a', 'section-2' ), array_column( $sections, 'id' ) );
		$this->assertSame( array( 'A', 'Section 2' ), array_column( $sections, 'title' ) );
		$this->assertSame( array( 'h3', 'h3' ), array_map( static fn( array $section ): string => $section['heading'], $sections ) );
		$this->assertSame( array( 'a' ), $this->shown( $dom, $container ) );
		$props = $this->props( $dom, $container );
		$this->assertSame( array( 'tabs', 0, false ), array( $props['layout'], $props['offset'], $props['exclusive'] ) );
		$this->assertStringNotContainsString( 'colour', $html );
		$this->assertStringNotContainsString( 'red', $html );
	}

	public function test_the_site_offset_setting_is_the_default_of_every_block_without_its_own(): void {
		$section = Settings::section( Tabs::SECTION );
		$this->assertNotNull( $section, 'Settings > TenderPress has a tabs section.' );
		$this->assertSame( array( 'offset', 'aliases' ), array_keys( $section->fields ) );
		$this->assertSame( array( 0, 0, 500 ), array( $section->fields['offset']->default, $section->fields['offset']->min, $section->fields['offset']->max ), 'The block\'s own limits.' );

		$this->set_tabs( array( 'offset' => '120' ) );
		$this->assertSame( 120, Settings::get( Tabs::SECTION, 'offset' ) );
		$this->reregister_tabs();
		try {
			$dom = new Html(
				do_blocks(
					$this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) )
					. $this->tabs( array( 'offset' => 80 ), $this->tab( array( 'title' => 'Fees' ) ) )
					. $this->tabs( array( 'offset' => 0 ), $this->tab( array( 'title' => 'Dates' ) ) )
					. $this->tabs( array( 'offset' => 9999 ), $this->tab( array( 'title' => 'Forms' ) ) )
				)
			);

			list( $default, $own, $zero, $refused ) = $this->containers( $dom );
			$this->assertSame( 120, $this->props( $dom, $default )['offset'], 'A block without an offset gets the site\'s.' );
			$this->assertStringContainsString( '--tp-tabs-offset:120px', $default->getAttribute( 'style' ) );
			$this->assertSame( 80, $this->props( $dom, $own )['offset'], 'A block\'s own offset wins.' );
			$this->assertSame( 0, $this->props( $dom, $zero )['offset'], 'Even an own offset of 0.' );
			$this->assertSame( 120, $this->props( $dom, $refused )['offset'], 'A block\'s offset WordPress refuses gives the site\'s.' );
			$this->assertSame( 120, \WP_Block_Type_Registry::get_instance()->get_registered( Tabs::BLOCK )->attributes['offset']['default'], 'The editor starts from it too.' );

			$shortcode = new Html( do_shortcode( '[tenderpress_tabs][tenderpress_tab title="A"]x[/tenderpress_tab][/tenderpress_tabs]' ) );
			$this->assertSame( 120, $this->props( $shortcode, $this->containers( $shortcode )[0] )['offset'], 'The shortcode too.' );
		} finally {
			delete_option( Settings::OPTION );
			$this->reregister_tabs();
		}
		$this->assertSame( 0, \WP_Block_Type_Registry::get_instance()->get_registered( Tabs::BLOCK )->attributes['offset']['default'] );
	}

	public function test_short_names_open_their_prefixed_sections_safari_by_default(): void {
		$this->assertSame( 'safari', Settings::get( Tabs::SECTION, 'aliases' ), 'The default.' );
		$dom = new Html(
			do_blocks(
				$this->tabs(
					array(),
					$this->tab(
						array(
							'title'  => 'Safari',
							'anchor' => 'tenderpress-safari',
						)
					)
				)
			)
		);
		$this->assertSame( array( 'safari' => 'tenderpress-safari' ), $this->props( $dom, $this->containers( $dom )[0] )['aliases'] );

		$this->set_tabs( array( 'aliases' => '  safari firefox   edge:2 ' ) );
		Tabs::reset();
		$dom = new Html( do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) ) ) );
		$this->assertSame(
			array(
				'safari'  => 'tenderpress-safari',
				'firefox' => 'tenderpress-firefox',
				'edge:2'  => 'tenderpress-edge:2',
			),
			$this->props( $dom, $this->containers( $dom )[0] )['aliases'],
			'Each name separated by spaces.'
		);

		$this->set_tabs( array( 'aliases' => '' ) );
		Tabs::reset();
		$dom       = new Html( do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) ) ) );
		$container = $this->containers( $dom )[0];
		$this->assertSame( array(), $this->props( $dom, $container )['aliases'] );
		$this->assertStringContainsString( '"aliases":{}', $this->raw_props( $dom, $container ), 'No names is an empty object for the island, not a list.' );
	}

	public function test_refused_short_names_or_offsets_are_named_and_nothing_is_stored(): void {
		$this->set_tabs(
			array(
				'offset'  => '40',
				'aliases' => 'safari firefox',
			)
		);
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );

		$names  = 'Short names for sections must be names that start with a letter, followed by letters, digits, "-", "_", ":" or ".", separated by spaces.';
		$offset = 'Space above a section opened by a link must be a whole number from 0 to 500.';
		$cases  = array(
			'a name starting with a digit' => array( array( 'aliases' => '1abc' ), 'aliases', $names ),
			'names separated by a comma'   => array( array( 'aliases' => 'a,b' ), 'aliases', $names ),
			'markup'                       => array( array( 'aliases' => '<b>x</b>' ), 'aliases', $names ),
			'over 200 characters'          => array( array( 'aliases' => str_repeat( 'a', 201 ) ), 'aliases', 'Short names for sections must be at most 200 characters long.' ),
			'a list'                       => array( array( 'aliases' => array( 'safari' ) ), 'aliases', 'Short names for sections must be text.' ),
			'a negative offset'            => array( array( 'offset' => '-1' ), 'offset', $offset ),
			'an offset over the limit'     => array( array( 'offset' => '501' ), 'offset', $offset ),
			'a word for the offset'        => array( array( 'offset' => 'abc' ), 'offset', $offset ),
		);
		foreach ( $cases as $case => list( $values, $field, $message ) ) {
			$this->forget_settings_messages();
			// The other field of the same save is valid: it is not stored either.
			$this->set_tabs(
				$values + array(
					'offset'  => '99',
					'aliases' => 'edge',
				)
			);

			$this->assertSame( $before, $this->stored_settings_row(), $case . ': the stored option is unchanged.' );
			$this->assertSame( $message, $this->settings_errors()[ Settings::field_id( Tabs::SECTION, $field ) ] ?? null, $case );
			$this->assertArrayHasKey( 'unchanged', $this->settings_errors(), $case );
			$this->assertSame( 40, Settings::get( Tabs::SECTION, 'offset' ), $case );
			$this->assertSame( 'safari firefox', Settings::get( Tabs::SECTION, 'aliases' ), $case );
		}

		$this->forget_settings_messages();
		$this->set_tabs(
			array(
				'offset'  => '500',
				'aliases' => 'a.b c_d e-f g:h',
			)
		);
		$this->assertSame( array(), $this->settings_errors(), 'The limits and every allowed character are accepted.' );
		$this->assertSame( 500, Settings::get( Tabs::SECTION, 'offset' ) );
		$this->assertSame( 'a.b c_d e-f g:h', Settings::get( Tabs::SECTION, 'aliases' ) );
	}

	public function test_the_deep_link_script_is_printed_once_in_the_footer_only_on_pages_with_tabs(): void {
		$this->assertNull( $this->preload( new Html( $this->footer() ) ), 'Not on a page without tabs.' );

		do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );
		$this->assertNotContains( Tabs::ISLAND, IslandAssets::instance()->used() );
		$this->assertNull( $this->preload( new Html( $this->footer() ) ), 'Not on a page with other islands only.' );

		do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) ) . $this->tabs( array( 'layout' => 'accordion' ), $this->tab( array( 'title' => 'Fees' ) ) ) );
		$footer = new Html( $this->footer() );
		$this->assertCount( 1, $footer->all( '//script[contains(., "tpWhen")][contains(., "hashchange")]' ), 'Once, however many tabs the page has.' );
		$runtime = $footer->one( '//script[@id="tenderpress-runtime"]' );
		$this->assertNotNull( $runtime );
		$this->assertNotNull( $footer->one( '//script[contains(., "tpWhen")]/following::script[@id="tenderpress-runtime"]' ), 'Printed before the runtime, which must find the strategy it sets.' );

		$callbacks = $GLOBALS['wp_filter']['wp_footer']->callbacks[19] ?? array();
		$hooked    = array_filter( $callbacks, static fn( array $callback ): bool => is_array( $callback['function'] ) && $callback['function'][0] instanceof Tabs && 'print_preload' === $callback['function'][1] );
		$this->assertCount( 1, $hooked, 'Hooked to wp_footer at priority 19, before the runtime at 20.' );
	}

	public function test_the_deep_link_script_carries_the_nonce_a_content_security_policy_adds(): void {
		$add_nonce = static fn( array $attributes ): array => array( 'nonce' => self::NONCE ) + $attributes;
		add_filter( 'wp_inline_script_attributes', $add_nonce );
		try {
			do_blocks( $this->tabs( array(), $this->tab( array( 'title' => 'Details' ) ) ) );
			$script = $this->preload( new Html( $this->footer() ) );
		} finally {
			remove_filter( 'wp_inline_script_attributes', $add_nonce );
		}
		$this->assertNotNull( $script );
		$this->assertSame( self::NONCE, $script->getAttribute( 'nonce' ), 'A page under a nonce-based policy still runs it.' );
	}

	public function test_a_slide_put_in_tabs_is_not_a_section_and_breaks_nothing(): void {
		// The editor keeps slides in carousels; the code editor and shortcodes do not.
		$this->assertSame( '', trim( do_shortcode( '[tenderpress_tabs][tenderpress_slide]Stray[/tenderpress_slide][/tenderpress_tabs]' ) ) );
		$html = do_blocks( $this->tabs( array(), '<!-- wp:tenderpress/slide --><!-- wp:paragraph --><p>Stray</p><!-- /wp:paragraph --><!-- /wp:tenderpress/slide -->', $this->tab( array( 'title' => 'Details' ) ) ) );
		$this->assertSame( array( 'details' ), $this->ids( $html ) );
		$this->assertStringNotContainsString( 'Stray', $html );
	}
}
