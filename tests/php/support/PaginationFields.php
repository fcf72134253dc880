<?php
namespace TenderPress\Tests;

/**
 * The form fields the paginator island posts to pagination_request for a listing (its sid),
 * page 2 unless a change says otherwise: the spec's nine fields, as a visitor's page sends them
 * with no nonce (a page served from a cache).
 */
final class PaginationFields {

	/**
	 * @param array<string, string> $change Fields to replace.
	 * @return array<string, string>
	 */
	public static function for_listing( string $sid, array $change = array() ): array {
		return $change + array(
			'sid'         => $sid,
			'unid'        => 'tp-listing-1',
			'iselementor' => '0',
			'isblock'     => '1',
			'postid'      => '0',
			'page'        => '2',
			'lang'        => 'en_US',
			'ajax_nonce'  => '',
			'custom_data' => '',
		);
	}
}
