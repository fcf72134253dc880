<?php
namespace TenderPress\Tests;

/** What SiteServer::request() got back: the status, the headers and the body. */
final class SiteAnswer {

	public function __construct( public readonly int $status, public readonly string $head, public readonly string $body ) {}

	/**
	 * Every value of a header, in order.
	 *
	 * @return list<string>
	 */
	public function headers( string $name ): array {
		preg_match_all( '/^' . preg_quote( $name, '/' ) . ':[ \t]*(.*?)\r?$/mi', $this->head, $found );
		return $found[1];
	}

	public function header( string $name ): ?string {
		$values = $this->headers( $name );
		return array() === $values ? null : end( $values );
	}

	/**
	 * The Set-Cookie line for a cookie, parsed: its value (decoded) and its attributes, lower case.
	 *
	 * @return array{value: string, attributes: array<string, string>}|null
	 */
	public function cookie( string $name ): ?array {
		foreach ( $this->headers( 'Set-Cookie' ) as $line ) {
			$parts = array_map( 'trim', explode( ';', $line ) );
			$pair  = explode( '=', (string) array_shift( $parts ), 2 );
			if ( $pair[0] !== $name ) {
				continue;
			}
			$attributes = array();
			foreach ( $parts as $part ) {
				$attribute                                  = explode( '=', $part, 2 );
				$attributes[ strtolower( $attribute[0] ) ] = $attribute[1] ?? '';
			}
			return array(
				'value'      => rawurldecode( $pair[1] ?? '' ),
				'attributes' => $attributes,
			);
		}
		return null;
	}

	/** @return array<string, mixed>|null The body as JSON. */
	public function json(): ?array {
		$data = json_decode( $this->body, true );
		return is_array( $data ) ? $data : null;
	}
}
