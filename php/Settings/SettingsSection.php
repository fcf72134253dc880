<?php
namespace TenderPress\Settings;

/**
 * A group of settings on the TenderPress screen, owned by one module. A section may have no
 * fields and only report something (the Performance section does), through $report.
 */
final class SettingsSection {

	/**
	 * @param string                       $title       Translated heading.
	 * @param string                       $description Translated text under the heading ('' for none).
	 * @param array<string, SettingsField> $fields      By key, in the order shown.
	 * @param (callable(): string)|null    $report      Returns HTML (already escaped) shown after the description.
	 */
	public function __construct(
		public readonly string $title,
		public readonly string $description = '',
		public readonly array $fields = array(),
		public readonly mixed $report = null
	) {}
}
