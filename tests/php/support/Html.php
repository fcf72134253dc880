<?php
namespace TenderPress\Tests;

use DOMDocument;
use DOMElement;
use DOMXPath;

/**
 * Reads rendered HTML the way a browser would, so tests can ask for elements and attributes
 * instead of matching strings. Parse errors for HTML5 elements (nav, details…) are silenced;
 * they say nothing about the markup under test.
 */
final class Html {

	/** @var DOMXPath */
	private $xpath;

	public function __construct( string $html ) {
		$document = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$document->loadHTML( '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		$this->xpath = new DOMXPath( $document );
	}

	/** @return list<DOMElement> */
	public function all( string $xpath, ?DOMElement $context = null ): array {
		$nodes = $this->xpath->query( $xpath, $context );
		$elements = array();
		foreach ( $nodes ?: array() as $node ) {
			if ( $node instanceof DOMElement ) {
				$elements[] = $node;
			}
		}
		return $elements;
	}

	public function one( string $xpath, ?DOMElement $context = null ): ?DOMElement {
		return $this->all( $xpath, $context )[0] ?? null;
	}

	public function text( string $xpath, ?DOMElement $context = null ): string {
		$element = $this->one( $xpath, $context );
		return $element ? trim( $element->textContent ) : '';
	}

	/** XPath test for one class in a class attribute. */
	public static function has_class( string $class ): string {
		return sprintf( 'contains(concat(" ", normalize-space(@class), " "), " %s ")', $class );
	}
}
