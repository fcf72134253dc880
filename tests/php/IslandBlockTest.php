<?php
namespace TenderPress\Tests;

use TenderPress\Islands\Calendar;
use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;

/**
 * A route that takes one of a block's attributes takes it as the block's block.json declares it
 * (IslandBlock::rest_argument()), so the two never disagree, and asks for one the block does not
 * have fail loudly rather than take input unchecked.
 */
final class IslandBlockTest extends TestCase {

	/** @return array<string, mixed> */
	private function declared( string $folder, string $attribute ): array {
		$json = json_decode( (string) file_get_contents( TENDERPRESS_DIR . '/blocks/' . $folder . '/block.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
		$this->assertIsArray( $json );
		return $json['attributes'][ $attribute ];
	}

	public function test_an_argument_is_the_attribute_as_block_json_declares_it(): void {
		$services = $this->declared( 'share', 'services' );
		$argument = Share::rest_argument( 'services' );
		$this->assertSame( $services['type'], $argument['type'] );
		$this->assertSame( $services['pattern'], $argument['pattern'], 'A string attribute keeps its pattern.' );
		$layout = $this->declared( 'share', 'layout' );
		$this->assertSame( $layout['enum'], Share::rest_argument( 'layout' )['enum'] );

		$per_day  = $this->declared( 'calendar', 'perDay' );
		$argument = Calendar::rest_argument( 'perDay' );
		$this->assertSame( array( $per_day['type'], $per_day['minimum'], $per_day['maximum'] ), array( $argument['type'], $argument['minimum'], $argument['maximum'] ) );
	}

	public function test_a_site_default_is_the_arguments_default(): void {
		update_option( Settings::OPTION, array( Calendar::SECTION => array( 'perDay' => '9' ) ) );
		$this->assertSame( 9, Calendar::rest_argument( 'perDay' )['default'] );
	}

	public function test_an_attribute_the_block_does_not_have_is_refused(): void {
		$this->expectException( \LogicException::class );
		Calendar::rest_argument( 'noSuchAttribute' );
	}
}
