<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\DesignTokens;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Stepper;

/**
 * The stepper as a visitor meets it before any script runs: minus, the browser's number field
 * and plus in the island's inline container, which loads when a visitor points at or focuses it
 * and replays a click on a button made meanwhile; the field's bounds and step only when they
 * are numbers (the island reads them, there are no props); everything a caller or an author
 * passes escaped; the shortcode with its label; the stylesheet only on a page with a stepper.
 */
final class StepperIslandTest extends TestCase {

	/** The island's container as printed. */
	private const CONTAINER = '<span class="tp-stepper" data-tp-island="stepper" data-tp-when="interaction" data-tp-replay=".tp-stepper__button">';

	/** What HTML calls a valid floating-point number, the only values a number field takes. */
	private const HTML_NUMBER = '/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/D';

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		$this->queued_styles = wp_styles()->queue;
		wp_dequeue_style( Stepper::STYLE );
	}

	protected function tearDown(): void {
		wp_styles()->queue = $this->queued_styles;
		parent::tearDown();
	}

	/**
	 * The stepper's parts as a visitor meets them; fails unless there is exactly one stepper.
	 *
	 * @return array{dom: Html, container: \DOMElement, less: \DOMElement, field: \DOMElement, more: \DOMElement}
	 */
	private function parts( string $html ): array {
		$dom        = new Html( $html );
		$containers = $dom->all( '//*[@data-tp-island="' . Stepper::ISLAND . '"]' );
		$this->assertCount( 1, $containers, 'One stepper.' );
		$container = $containers[0];
		$children  = $dom->all( './*', $container );
		$this->assertSame(
			array( 'button', 'input', 'button', 'span', 'span', 'script' ),
			array_map( static fn( \DOMElement $child ): string => $child->tagName, $children ), // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			'Minus, the field, plus, the live region, the island\'s root, its props.'
		);
		return array(
			'dom'       => $dom,
			'container' => $container,
			'less'      => $children[0],
			'field'     => $children[1],
			'more'      => $children[2],
		);
	}

	/**
	 * The field's numeric attributes, each null when it is left out.
	 *
	 * @return array{value: ?string, min: ?string, max: ?string, step: ?string}
	 */
	private function numbers( \DOMElement $field ): array {
		$numbers = array();
		foreach ( array( 'value', 'min', 'max', 'step' ) as $attribute ) {
			$numbers[ $attribute ] = $field->hasAttribute( $attribute ) ? $field->getAttribute( $attribute ) : null;
		}
		return $numbers;
	}

	/** The shortcode's callback, as WordPress calls it. */
	private function shortcode( $attributes ): string {
		global $shortcode_tags;
		$this->assertArrayHasKey( Stepper::SHORTCODE, $shortcode_tags );
		return (string) call_user_func( $shortcode_tags[ Stepper::SHORTCODE ], $attributes, '', Stepper::SHORTCODE );
	}

	public function test_the_field_sits_between_its_buttons_in_the_islands_inline_container(): void {
		$html  = Stepper::render(
			array(
				'id'         => 'quantity',
				'name'       => 'qty',
				'label'      => 'copies',
				'value'      => 2,
				'min'        => 1,
				'max'        => 10,
				'step'       => 1,
				'labelledby' => 'quantity-label',
			)
		);
		$parts = $this->parts( $html );
		$dom   = $parts['dom'];

		$this->assertStringStartsWith( self::CONTAINER, self::without_island_tokens( $html ), 'A span, so it sits inside a line of a form.' );
		$this->assertStringEndsWith( '</span>', $html );
		$container = $parts['container'];
		$this->assertSame( 'span', $container->tagName ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ), 'It loads when a visitor points at or focuses it.' );
		$this->assertSame( '.tp-stepper__button', $container->getAttribute( 'data-tp-replay' ), 'A click on a button before it loads is replayed.' );
		$this->assertFalse( $container->hasAttribute( 'data-tp-intent' ) );
		$this->assertFalse( $container->hasAttribute( 'data-tp-scroll' ) );
		$props = $dom->one( './script[@type="application/json"][@data-tp-props]', $container );
		$this->assertNotNull( $props );
		$this->assertSame( '{}', $dom->text( '.', $props ), 'No props, as an object: the field\'s attributes are the rules.' );

		$field = $parts['field'];
		$this->assertSame(
			array(
				'type'            => 'number',
				'class'           => 'tp-stepper__field',
				'inputmode'       => 'decimal',
				'id'              => 'quantity',
				'name'            => 'qty',
				'value'           => '2',
				'min'             => '1',
				'max'             => '10',
				'step'            => '1',
				'aria-labelledby' => 'quantity-label',
			),
			$this->attributes( $field )
		);

		foreach ( array(
			'less' => array( 'tp-stepper__less', 'Fewer copies', '−' ),
			'more' => array( 'tp-stepper__more', 'More copies', '+' ),
		) as $part => list( $class, $name, $sign ) ) {
			$button = $parts[ $part ];
			$this->assertSame(
				array(
					'type'          => 'button',
					'class'         => 'tp-stepper__button ' . $class,
					'aria-controls' => 'quantity',
					'aria-label'    => $name,
				),
				$this->attributes( $button ),
				'A button that sends nothing, named for what it does, controlling the field.'
			);
			$this->assertSame( $sign, $dom->text( './span[@aria-hidden="true"]', $button ), 'Its sign, hidden from screen readers.' );
		}
		$status = $dom->one( './span[' . Html::has_class( 'tp-stepper__status' ) . ']', $container );
		$this->assertSame( 'polite', $status->getAttribute( 'aria-live' ) );
		$this->assertSame( '', $dom->text( '.', $status ), 'Silent until a button changes the value.' );
		$this->assertTrue( $dom->one( './span[@data-tp-root]', $container )->hasAttribute( 'hidden' ) );
		$this->assertSame( array( Stepper::ISLAND ), IslandAssets::instance()->used(), 'The island\'s script is on the page.' );
	}

	/** @return array<string, string> An element's attributes, in order. */
	private function attributes( \DOMElement $element ): array {
		$attributes = array();
		foreach ( $element->attributes as $attribute ) {
			$attributes[ $attribute->name ] = $attribute->value;
		}
		return $attributes;
	}

	/** @return array<string, array{0: array<string, mixed>, 1: array{value: ?string, min: ?string, max: ?string, step: ?string}}> */
	public function numbers_given(): array {
		return array(
			'integers'                 => array(
				array(
					'value' => 3,
					'min'   => 1,
					'max'   => 30,
					'step'  => 1,
				),
				array(
					'value' => '3',
					'min'   => '1',
					'max'   => '30',
					'step'  => '1',
				),
			),
			'numbers as text'          => array(
				array(
					'value' => '2.50',
					'min'   => '-5',
					'max'   => ' 7 ',
					'step'  => '0.25',
				),
				array(
					'value' => '2.5',
					'min'   => '-5',
					'max'   => '7',
					'step'  => '0.25',
				),
			),
			'zero and floats'          => array(
				array(
					'value' => 0,
					'min'   => 0.0,
					'max'   => 1.5,
					'step'  => '1e3',
				),
				array(
					'value' => '0',
					'min'   => '0',
					'max'   => '1.5',
					'step'  => '1000',
				),
			),
			'step any'                 => array(
				array(
					'value' => '1',
					'step'  => 'any',
				),
				array(
					'value' => '1',
					'min'   => null,
					'max'   => null,
					'step'  => 'any',
				),
			),
			'not numbers'              => array(
				array(
					'value' => 'abc',
					'min'   => '',
					'max'   => '1,000',
					'step'  => '0x1A', // phpcs:ignore PHPCompatibility.Miscellaneous.ValidIntegers.HexNumericStringFound -- a hexadecimal string, which PHP 7 and later do not read as a number: the point.
				),
				array(
					'value' => null,
					'min'   => null,
					'max'   => null,
					'step'  => null,
				),
			),
			'not values'               => array(
				array(
					'value' => null,
					'min'   => array( 1 ),
					'max'   => true,
					'step'  => new \stdClass(),
				),
				array(
					'value' => null,
					'min'   => null,
					'max'   => null,
					'step'  => null,
				),
			),
			'any is for the step only' => array(
				array(
					'value' => 'any',
					'min'   => 'any',
					'max'   => 'any',
					'step'  => 'ANY',
				),
				array(
					'value' => null,
					'min'   => null,
					'max'   => null,
					'step'  => null,
				),
			),
			'none given'               => array(
				array(),
				array(
					'value' => null,
					'min'   => null,
					'max'   => null,
					'step'  => null,
				),
			),
			'markup'                   => array(
				array(
					'value' => '5"><script>alert(1)</script>',
					'min'   => '1 onfocus=alert(1)',
					'max'   => '<b>9</b>',
					'step'  => 'any" onclick="alert(1)',
				),
				array(
					'value' => null,
					'min'   => null,
					'max'   => null,
					'step'  => null,
				),
			),
		);
	}

	/**
	 * @dataProvider numbers_given
	 * @param array<string, mixed>                                             $given    value, min, max, step.
	 * @param array{value: ?string, min: ?string, max: ?string, step: ?string} $expected Attributes printed.
	 */
	public function test_the_fields_numbers_are_kept_when_they_are_numbers_and_left_out_otherwise( array $given, array $expected ): void {
		$html  = Stepper::render( array( 'name' => 'n' ) + $given );
		$parts = $this->parts( $html );
		$this->assertSame( $expected, $this->numbers( $parts['field'] ) );
		$this->assert_numbers_a_browser_takes( $parts['field'] );
		$this->assertCount( 1, $parts['dom']->all( '//script' ), 'Only the props\' script.' );
		$this->assertSame( array( 'type', 'class', 'inputmode', 'id', 'name' ), array_slice( array_keys( $this->attributes( $parts['field'] ) ), 0, 5 ) );
		$this->assertEmpty( array_diff( array_keys( $this->attributes( $parts['field'] ) ), array( 'type', 'class', 'inputmode', 'id', 'name', 'value', 'min', 'max', 'step' ) ), 'No other attribute.' );

		// The same through the shortcode, for what text can say.
		$text = array_filter( $given, static fn( $value ): bool => is_string( $value ) );
		if ( $text ) {
			$field = $this->parts( $this->shortcode( array( 'name' => 'n' ) + $text ) )['field'];
			$this->assertSame( array_intersect_key( $expected, $text ), array_intersect_key( $this->numbers( $field ), $text ), 'The shortcode\'s the same.' );
			$this->assert_numbers_a_browser_takes( $field );
		}
	}

	/** Fails unless each of the field's numbers is one a browser reads (or step's "any"). */
	private function assert_numbers_a_browser_takes( \DOMElement $field ): void {
		foreach ( $this->numbers( $field ) as $attribute => $value ) {
			if ( null === $value || ( 'step' === $attribute && 'any' === $value ) ) {
				continue;
			}
			$this->assertMatchesRegularExpression( self::HTML_NUMBER, $value, $attribute . '="' . $value . '" is a number a browser reads.' );
		}
	}

	public function test_numbers_beyond_what_php_holds_are_not_printed_as_inf_or_nan(): void {
		// A shortcode's author can type them: PHP reads "1e400" as a number, then INF.
		$field = $this->parts(
			$this->shortcode(
				array(
					'name'  => 'n',
					'value' => '1e400',
					'min'   => '-1e400',
					'max'   => '1e999',
					'step'  => '2',
				)
			)
		)['field'];
		$this->assert_numbers_a_browser_takes( $field );
		$this->assertSame( '2', $field->getAttribute( 'step' ) );

		$field = $this->parts(
			Stepper::render(
				array(
					'name'  => 'n',
					'value' => NAN,
					'min'   => -INF,
					'max'   => INF,
					'step'  => 1,
				)
			)
		)['field'];
		$this->assert_numbers_a_browser_takes( $field );
		$this->assertSame( '1', $field->getAttribute( 'step' ) );
	}

	public function test_a_hostile_id_name_label_and_labelledby_stay_text(): void {
		$hostile = '"><img src=x onerror=alert(1)><script>alert(2)</script>\' onfocus=\'alert(3)';
		$html    = Stepper::render(
			array(
				'id'         => 'a' . $hostile,
				'name'       => 'b' . $hostile,
				'label'      => 'c' . $hostile,
				'labelledby' => 'd' . $hostile,
				'value'      => 1,
			)
		);
		$parts   = $this->parts( $html );
		$dom     = $parts['dom'];
		$this->assertSame( array(), $dom->all( '//img' ), 'No element from the text.' );
		$this->assertCount( 1, $dom->all( '//script' ), 'Only the props\' script.' );
		$this->assertSame( array(), $dom->all( '//*[@onerror or @onfocus or @onclick]' ), 'No attribute from the text.' );
		$this->assertStringNotContainsString( '<script>alert', $html );

		// Each as it was given, in its attribute.
		$this->assertSame( 'a' . $hostile, $parts['field']->getAttribute( 'id' ) );
		$this->assertSame( 'b' . $hostile, $parts['field']->getAttribute( 'name' ) );
		$this->assertSame( 'd' . $hostile, $parts['field']->getAttribute( 'aria-labelledby' ) );
		$this->assertSame( 'Fewer c' . $hostile, $parts['less']->getAttribute( 'aria-label' ) );
		$this->assertSame( 'More c' . $hostile, $parts['more']->getAttribute( 'aria-label' ) );
		$this->assertSame( 'a' . $hostile, $parts['less']->getAttribute( 'aria-controls' ) );
		$this->assertSame( 'a' . $hostile, $parts['more']->getAttribute( 'aria-controls' ) );
	}

	public function test_without_an_id_each_stepper_gets_its_own_and_without_labelledby_none(): void {
		$first  = $this->parts(
			Stepper::render(
				array(
					'name'  => 'n',
					'label' => 'items',
				)
			)
		);
		$second = $this->parts(
			Stepper::render(
				array(
					'name'  => 'n',
					'label' => 'items',
				)
			)
		);
		$id     = $first['field']->getAttribute( 'id' );
		$this->assertStringStartsWith( 'tp-stepper-', $id );
		$this->assertNotSame( $id, $second['field']->getAttribute( 'id' ), 'Two steppers, two ids.' );
		$this->assertSame( $id, $first['less']->getAttribute( 'aria-controls' ) );
		$this->assertSame( $id, $first['more']->getAttribute( 'aria-controls' ) );
		$this->assertFalse( $first['field']->hasAttribute( 'aria-labelledby' ), 'Named by a label of its own, then.' );
	}

	public function test_the_shortcode_prints_a_labelled_stepper(): void {
		$html  = do_shortcode( '[tenderpress_stepper name="copies" label="Number of copies" value="2" min="1" max="10" step="1"]' );
		$parts = $this->parts( $html );
		$dom   = $parts['dom'];
		$field = $parts['field'];
		$this->assertMatchesRegularExpression( '/^<label for="tp-stepper-\d+">Number of copies<\/label> ' . preg_quote( self::CONTAINER, '/' ) . '/', self::without_island_tokens( $html ) );
		$label = $dom->one( '//label' );
		$this->assertSame( $field->getAttribute( 'id' ), $label->getAttribute( 'for' ), 'The label names the field.' );
		$this->assertSame( 'copies', $field->getAttribute( 'name' ) );
		$this->assertSame(
			array(
				'value' => '2',
				'min'   => '1',
				'max'   => '10',
				'step'  => '1',
			),
			$this->numbers( $field )
		);
		$this->assertFalse( $field->hasAttribute( 'aria-labelledby' ) );
		$this->assertSame( 'Fewer Number of copies', $parts['less']->getAttribute( 'aria-label' ) );
		$this->assertSame( 'More Number of copies', $parts['more']->getAttribute( 'aria-label' ) );

		// Without a label, the name is its label.
		$parts = $this->parts( do_shortcode( '[tenderpress_stepper name="copies"]' ) );
		$this->assertSame( 'copies', $parts['dom']->text( '//label' ) );
		$this->assertSame( 'Fewer copies', $parts['less']->getAttribute( 'aria-label' ) );
		$this->assertSame(
			array(
				'value' => null,
				'min'   => null,
				'max'   => null,
				'step'  => null,
			),
			$this->numbers( $parts['field'] )
		);

		// A blank label too.
		$this->assertSame( 'copies', $this->parts( do_shortcode( '[tenderpress_stepper name="copies" label="   "]' ) )['dom']->text( '//label' ) );

		// Step "any".
		$this->assertSame( 'any', $this->parts( do_shortcode( '[tenderpress_stepper name="weight" step="any"]' ) )['field']->getAttribute( 'step' ) );
	}

	public function test_the_shortcode_cleans_its_name_and_label_and_escapes_them(): void {
		$parts = $this->parts( do_shortcode( '[tenderpress_stepper name="Copies Wanted!" label="<b>Copies</b> & more"]' ) );
		$this->assertSame( 'copieswanted', $parts['field']->getAttribute( 'name' ), 'A key: lower case letters, digits, dashes and underscores.' );
		$this->assertSame( 'Copies & more', $parts['dom']->text( '//label' ), 'The label as text, its markup gone.' );
		$this->assertSame( array(), $parts['dom']->all( '//label/b' ) );
		$this->assertSame( 'Fewer Copies & more', $parts['less']->getAttribute( 'aria-label' ) );

		$hostile = $this->shortcode(
			array(
				'name'  => '"><script>alert(1)</script>',
				'label' => '"><img src=x onerror=alert(1)>\' onmouseover=\'alert(2)',
				'value' => '"><script>alert(3)</script>',
			)
		);
		$parts   = $this->parts( $hostile );
		$dom     = $parts['dom'];
		$this->assertCount( 1, $dom->all( '//script' ), 'Only the props\' script.' );
		$this->assertSame( array(), $dom->all( '//img' ) );
		$this->assertSame( array(), $dom->all( '//*[@onerror or @onmouseover]' ) );
		$this->assertStringNotContainsString( '<script>alert', $hostile );
		$this->assertSame( 'scriptalert1script', $parts['field']->getAttribute( 'name' ) );
		$this->assertFalse( $parts['field']->hasAttribute( 'value' ) );
		$label = $dom->text( '//label' );
		$this->assertStringNotContainsString( '<', $label, 'The label\'s markup is gone.' );
		$this->assertSame( 'Fewer ' . $label, $parts['less']->getAttribute( 'aria-label' ) );
		$this->assertSame( $parts['field']->getAttribute( 'id' ), $dom->one( '//label' )->getAttribute( 'for' ) );
	}

	public function test_the_shortcode_without_a_name_prints_nothing_and_loads_nothing(): void {
		foreach ( array(
			'[tenderpress_stepper]',
			'[tenderpress_stepper label="Copies" value="2"]',
			'[tenderpress_stepper name=""]',
			'[tenderpress_stepper name="!!!"]',
			'[tenderpress_stepper name="   "]',
		) as $shortcode ) {
			$this->assertSame( '', do_shortcode( $shortcode ), $shortcode );
		}
		$this->assertSame( '', $this->shortcode( '' ), 'WordPress passes "" for a shortcode without attributes.' );
		$this->assertFalse( wp_style_is( Stepper::STYLE, 'enqueued' ), 'No stylesheet for no stepper.' );
		$this->assertSame( array(), IslandAssets::instance()->used(), 'No island.' );
	}

	public function test_the_stylesheet_is_registered_and_enqueued_with_a_stepper(): void {
		$this->assertTrue( wp_style_is( Stepper::STYLE, 'registered' ) );
		$style = wp_styles()->registered[ Stepper::STYLE ];
		$this->assertStringEndsWith( '/assets/stepper.css', $style->src );
		$this->assertSame( TENDERPRESS_VERSION, $style->ver );
		$this->assertSame( array( DesignTokens::HANDLE ), $style->deps, 'Its colours come from the tokens.' );
		$path = $style->extra['path'] ?? '';
		$this->assertFileExists( $path, 'WordPress may print it inline: it knows its file.' );
		$this->assertStringContainsString( '.tp-stepper', (string) file_get_contents( $path ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		$this->assertFalse( wp_style_is( Stepper::STYLE, 'enqueued' ), 'Not on a page without a stepper.' );

		Stepper::render( array( 'name' => 'n' ) );
		$this->assertTrue( wp_style_is( Stepper::STYLE, 'enqueued' ), 'Enqueued by a stepper, for the footer if the head has gone.' );

		wp_dequeue_style( Stepper::STYLE );
		do_shortcode( '[tenderpress_stepper name="n"]' );
		$this->assertTrue( wp_style_is( Stepper::STYLE, 'enqueued' ), 'By the shortcode\'s too.' );
	}
}
