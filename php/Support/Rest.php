<?php
namespace TenderPress\Support;

/**
 * The plugin's REST API namespace, the one place it is written: every route of the plugin
 * (the calendar, the quick view, the card template, the reminder, push) is under it. And the
 * arguments more than one route takes.
 */
final class Rest {

	public const NAMESPACE = 'tenderpress/v1';

	/**
	 * The largest whole number a route takes: a 32-bit integer. Larger ones (`page=1e308`) would
	 * reach SQL in exponent notation; NoticeRestGuard refuses them on every route of ours.
	 */
	public const MAX_INTEGER = 2147483647;

	/**
	 * A post's id in a route's path (`/notices/(?P<id>\d+)/…`): a whole number from 1.
	 *
	 * @return array{type: string, minimum: int, maximum: int}
	 */
	public static function id_argument(): array {
		return array(
			'type'    => 'integer',
			'minimum' => 1,
			'maximum' => self::MAX_INTEGER,
		);
	}
}
