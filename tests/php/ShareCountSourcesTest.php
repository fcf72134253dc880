<?php
namespace TenderPress\Tests;

use TenderPress\Share\ShareServices;

/**
 * Where share counts are read (the catalogue's "counts", through `tenderpress_share_count_sources`)
 * and how a network's answer becomes a count. A count shown to visitors is a number a network
 * really gave: an error page, a changed format, a negative, fractional or absurd number gives no
 * count at all rather than a wrong one, and a source that is not well formed is never asked.
 */
final class ShareCountSourcesTest extends TestCase {

	/** @var callable|null */
	private $filter;

	protected function tearDown(): void {
		if ( $this->filter ) {
			remove_filter( 'tenderpress_share_count_sources', $this->filter );
			$this->filter = null;
		}
		parent::tearDown();
	}

	/** Adds sources to the catalogue's, or replaces them. */
	private function with_sources( array $sources, bool $replace = false ): void {
		$this->filter = static fn( $listed ) => $replace ? $sources : array_merge( $listed, $sources );
		add_filter( 'tenderpress_share_count_sources', $this->filter );
	}

	public function test_the_catalogues_networks_are_read_by_the_server_or_in_browsers_as_listed(): void {
		$sources = ShareServices::count_sources();
		$this->assertSame( array( 'tumblr', 'pinterest', 'buffer', 'odnoklassniki', 'vk', 'facebook' ), array_keys( $sources ) );
		$this->assertSame( 'browser', $sources['facebook']['where'] );
		foreach ( array( 'tumblr', 'pinterest', 'buffer', 'odnoklassniki', 'vk' ) as $id ) {
			$this->assertSame( 'server', $sources[ $id ]['where'], $id );
			$this->assertStringStartsWith( 'https://', $sources[ $id ]['url'], $id );
			$this->assertStringContainsString( '{url}', $sources[ $id ]['url'], $id );
		}
		$this->assertArrayHasKey( 'pattern', $sources['vk'] );
		$this->assertArrayNotHasKey( 'path', $sources['vk'] );
		$this->assertSame( 'response.note_count', $sources['tumblr']['path'] );
	}

	/** @return array<string, array{0: mixed}> */
	public function malformed_sources(): array {
		$ok = array(
			'url'   => 'https://counts.example/?u={url}',
			'path'  => 'count',
			'where' => 'server',
		);
		return array(
			'a service the catalogue does not have' => array( array( 'myspace' => $ok ) ),
			'a list instead of ids'                 => array( array( $ok ) ),
			'not an array'                          => array( array( 'reddit' => 'https://counts.example/?u={url}' ) ),
			'no url'                                => array( array( 'reddit' => array_diff_key( $ok, array( 'url' => 1 ) ) ) ),
			'a url that is not text'                => array( array( 'reddit' => array( 'url' => array( 'https://counts.example/?u={url}' ) ) + $ok ) ),
			'an ftp url'                            => array( array( 'reddit' => array( 'url' => 'ftp://counts.example/?u={url}' ) + $ok ) ),
			'a javascript: url'                     => array( array( 'reddit' => array( 'url' => 'javascript:fetch("{url}")' ) + $ok ) ),
			'a url without a host'                  => array( array( 'reddit' => array( 'url' => 'https:///count?u={url}' ) + $ok ) ),
			'a relative url'                        => array( array( 'reddit' => array( 'url' => '/count?u={url}' ) + $ok ) ),
			'no {url} in it'                        => array( array( 'reddit' => array( 'url' => 'https://counts.example/?u=' ) + $ok ) ),
			'{url} as the host'                     => array( array( 'reddit' => array( 'url' => 'https://{url}/count' ) + $ok ) ),
			'{url} in the host'                     => array( array( 'reddit' => array( 'url' => 'https://counts.{url}.example/count' ) + $ok ) ),
			'{url} as the credentials'              => array( array( 'reddit' => array( 'url' => 'https://{url}@counts.example/count' ) + $ok ) ),
			'credentials'                           => array( array( 'reddit' => array( 'url' => 'https://user:secret@counts.example/?u={url}' ) + $ok ) ),
			'a space in the url'                    => array( array( 'reddit' => array( 'url' => 'https://counts.example/?u={url} ' ) + $ok ) ),
			'neither path nor pattern'              => array( array( 'reddit' => array_diff_key( $ok, array( 'path' => 1 ) ) ) ),
			'both path and pattern'                 => array( array( 'reddit' => array( 'pattern' => '(\d+)' ) + $ok ) ),
			'an empty path'                         => array( array( 'reddit' => array( 'path' => '' ) + $ok ) ),
			'a path with an empty step'             => array( array( 'reddit' => array( 'path' => 'share..count' ) + $ok ) ),
			'a path with other characters'          => array( array( 'reddit' => array( 'path' => 'share[count]' ) + $ok ) ),
			'a path that is not text'               => array( array( 'reddit' => array( 'path' => array( 'count' ) ) + $ok ) ),
			'a pattern that does not compile'       => array( array( 'reddit' => array_diff_key( array( 'pattern' => 'count=(\d+' ) + $ok, array( 'path' => 1 ) ) ) ),
			'a pattern without a group'             => array( array( 'reddit' => array_diff_key( array( 'pattern' => 'count \d+' ) + $ok, array( 'path' => 1 ) ) ) ),
			'a pattern that breaks out of its group' => array( array( 'reddit' => array_diff_key( array( 'pattern' => 'a)|(b' ) + $ok, array( 'path' => 1 ) ) ) ),
			'an empty pattern'                      => array( array( 'reddit' => array_diff_key( array( 'pattern' => '' ) + $ok, array( 'path' => 1 ) ) ) ),
			'where: client'                         => array( array( 'reddit' => array( 'where' => 'client' ) + $ok ) ),
			'no where'                              => array( array( 'reddit' => array_diff_key( $ok, array( 'where' => 1 ) ) ) ),
		);
	}

	/**
	 * @dataProvider malformed_sources
	 * @param array<mixed> $sources Sources a filter adds.
	 */
	public function test_a_source_that_is_not_well_formed_is_dropped_and_the_others_stay( array $sources ): void {
		$catalogue = ShareServices::count_sources();
		$this->with_sources( $sources );
		$this->assertSame( $catalogue, ShareServices::count_sources() );
	}

	public function test_a_filter_may_move_remove_or_add_networks(): void {
		$this->with_sources(
			array(
				'tumblr' => array(
					'url'   => 'http://localhost:9/tumblr?url={url}',
					'path'  => 'response.note_count',
					'where' => 'server',
				),
				'reddit' => array(
					'url'     => 'HTTPS://counts.example/r?u={url}',
					'pattern' => 'score/(\d+)',
					'where'   => 'browser',
					'extra'   => 'ignored',
				),
			),
			true
		);
		$this->assertSame(
			array(
				'tumblr' => array(
					'url'   => 'http://localhost:9/tumblr?url={url}',
					'path'  => 'response.note_count',
					'where' => 'server',
				),
				'reddit' => array(
					'url'     => 'HTTPS://counts.example/r?u={url}',
					'pattern' => 'score/(\d+)',
					'where'   => 'browser',
				),
			),
			ShareServices::count_sources()
		);
	}

	public function test_a_filter_that_returns_nothing_usable_leaves_no_sources(): void {
		$this->filter = static fn() => 'none';
		add_filter( 'tenderpress_share_count_sources', $this->filter );
		$this->assertSame( array(), ShareServices::count_sources() );
	}

	/** @return array<string, array{0: array<string, string>, 1: string, 2: int|null}> */
	public function answers(): array {
		$path    = static fn( string $path ) => array(
			'url'   => 'https://counts.example/?u={url}',
			'path'  => $path,
			'where' => 'server',
		);
		$pattern = static fn( string $pattern ) => array(
			'url'     => 'https://counts.example/?u={url}',
			'pattern' => $pattern,
			'where'   => 'server',
		);
		$vk      = $pattern( 'VK\.Share\.count\(\s*\d+\s*,\s*(\d+)\s*\)' );
		return array(
			'Tumblr\'s JSON'                        => array( $path( 'response.note_count' ), '{"meta":{"status":200},"response":{"url":"https://a.example/","note_count":42}}', 42 ),
			'Pinterest\'s JSONP'                     => array( $path( 'count' ), 'receiveCount({"url":"https://a.example/","count":7})', 7 ),
			'JSONP with a semicolon and spaces'     => array( $path( 'count' ), "  cb.x_1 ( {\"count\":7} ) ;\n", 7 ),
			'JSONP behind /**/'                     => array( $path( 'count' ), '/**/ receiveCount({"count":9});', 9 ),
			'JSONP whose text holds parentheses'    => array( $path( 'count' ), 'receiveCount({"url":"https://a.example/(x)","count":3})', 3 ),
			'JSON after a byte order mark'          => array( $path( 'count' ), "\xEF\xBB\xBF{\"count\":4}", 4 ),
			'a count of 0'                          => array( $path( 'count' ), '{"count":0}', 0 ),
			'a list index in the path'              => array( $path( 'data.0.total' ), '{"data":[{"total":11}]}', 11 ),
			'a count written as digits'             => array( $path( 'count' ), '{"count":"15"}', 15 ),
			'a count with leading zeros'            => array( $path( 'count' ), '{"count":"007"}', 7 ),
			'a whole float'                         => array( $path( 'count' ), '{"count":12.0}', 12 ),
			'the largest count believed'            => array( $path( 'count' ), '{"count":' . ShareServices::MAX_COUNT . '}', ShareServices::MAX_COUNT ),
			'VK\'s script call'                      => array( $vk, 'VK.Share.count(0, 31);', 31 ),
			'VK\'s script call without spaces'       => array( $vk, 'VK.Share.count(1,5);', 5 ),
			'a pattern with a slash'                => array( $pattern( 'shares/(\d+)' ), 'shares/8', 8 ),
			'a pattern with an escaped slash'       => array( $pattern( 'shares\/(\d+)' ), 'shares/8', 8 ),
			'a slash is the text, not modifiers'    => array( $pattern( '(\d+)/i' ), '5/i', 5 ),
			'so the slash must be there'            => array( $pattern( '(\d+)/i' ), '5', null ),
			'a negative count'                      => array( $path( 'count' ), '{"count":-3}', null ),
			'a negative count as text'              => array( $path( 'count' ), '{"count":"-3"}', null ),
			'a count above the largest believed'    => array( $path( 'count' ), '{"count":' . ( ShareServices::MAX_COUNT + 1 ) . '}', null ),
			'a count beyond 64 bits'                => array( $path( 'count' ), '{"count":18446744073709551616000}', null ),
			'a count that overflows to infinity'    => array( $path( 'count' ), '{"count":1e400}', null ),
			'a huge count as text'                  => array( $path( 'count' ), '{"count":"99999999999999999999"}', null ),
			'a fractional count'                    => array( $path( 'count' ), '{"count":12.5}', null ),
			'a count with a thousands separator'    => array( $path( 'count' ), '{"count":"1,234"}', null ),
			'a count with spaces'                   => array( $path( 'count' ), '{"count":" 12"}', null ),
			'a count in hexadecimal'                => array( $path( 'count' ), '{"count":"0x1F"}', null ),
			'a count in exponent notation as text'  => array( $path( 'count' ), '{"count":"1e3"}', null ),
			'true'                                  => array( $path( 'count' ), '{"count":true}', null ),
			'null'                                  => array( $path( 'count' ), '{"count":null}', null ),
			'an object'                             => array( $path( 'count' ), '{"count":{"total":3}}', null ),
			'a list'                                => array( $path( 'count' ), '{"count":[3]}', null ),
			'a path the answer does not have'       => array( $path( 'share.share_count' ), '{"share":{}}', null ),
			'a path through a number'               => array( $path( 'count.total' ), '{"count":3}', null ),
			'an error in JSON'                      => array( $path( 'count' ), '{"error":{"message":"Rate limited","code":4}}', null ),
			'an HTML error page'                    => array( $path( 'count' ), '<!doctype html><title>Error 500</title><p>count: 5</p>', null ),
			'truncated JSON'                        => array( $path( 'count' ), '{"count":5', null ),
			'JSONP around something else'           => array( $path( 'count' ), 'receiveCount(alert(1))', null ),
			'an empty answer'                       => array( $path( 'count' ), '', null ),
			'VK\'s format, read as JSON'             => array( $path( 'count' ), 'VK.Share.count(0, 31);', null ),
			'a pattern that finds nothing'          => array( $vk, '<html>Access denied</html>', null ),
			'a pattern whose group is not a number' => array( $pattern( 'count=(\w+)' ), 'count=many', null ),
			'a pattern whose number is huge'        => array( $pattern( 'count=(\d+)' ), 'count=' . str_repeat( '9', 30 ), null ),
			'a pattern that does not compile'       => array( $pattern( 'count=(\d+' ), 'count=5', null ),
			'no way to read the answer'             => array(
				array(
					'url'   => 'https://counts.example/?u={url}',
					'where' => 'server',
				),
				'{"count":5}',
				null,
			),
		);
	}

	/**
	 * @dataProvider answers
	 * @param array<string, string> $source A source.
	 */
	public function test_an_answer_gives_the_count_it_holds_or_none( array $source, string $body, ?int $expected ): void {
		$this->assertSame( $expected, ShareServices::read_count( $source, $body ) );
	}

	public function test_the_catalogues_sources_read_the_networks_real_answers(): void {
		$sources = ShareServices::count_sources();
		$this->assertSame( 42, ShareServices::read_count( $sources['tumblr'], '{"meta":{"status":200,"msg":"OK"},"response":{"url":"https://a.example/","note_count":42}}' ) );
		$this->assertSame( 7, ShareServices::read_count( $sources['pinterest'], 'receiveCount({"url":"https://a.example/","count":7})' ) );
		$this->assertSame( 3, ShareServices::read_count( $sources['buffer'], '{"shares":3}' ) );
		$this->assertSame( 12, ShareServices::read_count( $sources['odnoklassniki'], '{"count":"12"}' ) );
		$this->assertSame( 31, ShareServices::read_count( $sources['vk'], 'VK.Share.count(0, 31);' ) );
		$this->assertSame( 1500, ShareServices::read_count( $sources['facebook'], '{"id":"https://a.example/","share":{"comment_count":0,"share_count":1500}}' ) );
	}
}
