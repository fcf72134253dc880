<?php
namespace TenderPress\Support;

/**
 * The plugin's REST API namespace, the one place it is written: every route of the plugin
 * (the calendar, the quick view, the card template, the reminder, push) is under it.
 */
final class Rest {

	public const NAMESPACE = 'tenderpress/v1';
}
