/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { AttributeRange, AttributeToggle } from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

/** No settings: the block shows the facts of the notice it is placed on. */
export function NoticeFactsEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			empty={ __(
				'The key facts of the notice being viewed appear here.',
				'tenderpress'
			) }
		/>
	);
}

/**
 * The notice page: the block shows the notice it is placed on. Its sections are never tabs (a
 * bidder needs all of them); the one choice is whether it prints the title, as the notice
 * template asks.
 */
export function NoticeTabsEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Notice page', 'tenderpress' ) }
			empty={ __(
				'The notice being viewed appears here: its key facts and how to bid beside its description, eligibility, documents and corrigenda.',
				'tenderpress'
			) }
		>
			<AttributeToggle
				{ ...props }
				attribute="heading"
				label={ __(
					'Show breadcrumbs, buyer and reference, and the title',
					'tenderpress'
				) }
			/>
		</SettingsAndPreview>
	);
}

/** The days to start with: the block shows the reminder of the notice it is placed on. */
export function NoticeReminderEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Reminder', 'tenderpress' ) }
			empty={ __(
				'On an open notice, "Remind me N days before the deadline" appears here.',
				'tenderpress'
			) }
		>
			<AttributeRange
				{ ...props }
				attribute="days"
				label={ __(
					'Days before the deadline, to start with',
					'tenderpress'
				) }
			/>
		</SettingsAndPreview>
	);
}
