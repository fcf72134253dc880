/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	SettingsAndPreview,
	type Attributes,
} from './settings-and-preview';

/** No settings: the block shows the facts of the notice it is placed on. */
export function NoticeFactsEdit( {
	name,
	attributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			name={ name }
			attributes={ attributes }
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
export function NoticeTabsEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Notice page', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The notice being viewed appears here: its key facts and how to bid beside its description, eligibility, documents and corrigenda.',
				'tenderpress'
			) }
		>
			<ToggleControl
				label={ __(
					'Show breadcrumbs, buyer and reference, and the title',
					'tenderpress'
				) }
				checked={ Boolean( attributes.heading ) }
				onChange={ ( heading ) => setAttributes( { heading } ) }
			/>
		</SettingsAndPreview>
	);
}

/** The days to start with: the block shows the reminder of the notice it is placed on. */
export function NoticeReminderEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Reminder', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'On an open notice, "Remind me N days before the deadline" appears here.',
				'tenderpress'
			) }
		>
			<AttributeRange
				name={ name }
				attributes={ attributes }
				setAttributes={ setAttributes }
				attribute="days"
				label={ __(
					'Days before the deadline, to start with',
					'tenderpress'
				) }
			/>
		</SettingsAndPreview>
	);
}
