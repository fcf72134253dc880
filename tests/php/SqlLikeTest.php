<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeSearch;
use TenderPress\Support\SqlLike;

/**
 * SQL built from values: a LIKE pattern made from a value escapes it (`%` and `_` match
 * themselves) and binds it with $wpdb->prepare(); NoticeSearch::read() takes WordPress's own
 * placeholders, binds values that hold `%`, `_`, `?`, quotes and backslashes as they are, and
 * refuses SQL with a `?` (which used to be turned into a placeholder wherever it stood).
 */
final class SqlLikeTest extends TestCase {

	/** Option names the tests look for, beside look-alikes a wildcard would also match. */
	private const NAMES = array( 'tp_like_a_b', 'tp_like_aXb', 'tp_like_100%', 'tp_like_1000', 'tp_like_a\\b' );

	protected function setUp(): void {
		parent::setUp();
		foreach ( self::NAMES as $name ) {
			add_option( $name, 'x', '', false );
		}
	}

	/** @return list<string> Option names that start with $start, by SqlLike. */
	private function starting_with( string $start ): array {
		global $wpdb;
		$names = $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE " . SqlLike::starts_with( 'option_name', $start ) . ' ORDER BY option_name' ); // phpcs:ignore WordPress.DB
		sort( $names );
		return $names;
	}

	public function test_a_percent_or_underscore_in_a_value_matches_itself(): void {
		$this->assertSame( array( 'tp_like_a_b' ), $this->starting_with( 'tp_like_a_' ), 'An underscore is not "any character".' );
		$this->assertSame( array( 'tp_like_100%' ), $this->starting_with( 'tp_like_100%' ), 'A percent sign is not "anything".' );
		$this->assertSame( array( 'tp_like_a\\b' ), $this->starting_with( 'tp_like_a\\' ), 'A backslash is itself.' );
		$this->assertSame( array(), $this->starting_with( "tp_like_' OR '1'='1" ), 'A quote ends nothing.' );
		$all = self::NAMES;
		sort( $all );
		$this->assertSame( $all, $this->starting_with( 'tp_like_' ) );
	}

	public function test_read_binds_odd_values_as_they_are_and_refuses_a_question_mark(): void {
		global $wpdb;
		$odd = "O'Brien_100% ? \\ done";
		add_option( 'tp_like_odd', $odd, '', false );
		$rows = NoticeSearch::read( "SELECT option_value AS v FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", array( 'tp_like_odd', $odd ) );
		$this->assertSame( array( array( 'v' => $odd ) ), $rows );
		$this->assertSame( array(), NoticeSearch::read( "SELECT option_value AS v FROM {$wpdb->options} WHERE option_name = %s", array( 'tp_like_%' ) ), 'A bound value is compared, not matched.' );

		$this->expectException( \InvalidArgumentException::class );
		NoticeSearch::read( "SELECT option_value AS v FROM {$wpdb->options} WHERE option_name = ?", array( 'tp_like_odd' ) );
	}
}
