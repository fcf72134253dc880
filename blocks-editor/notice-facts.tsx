/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { SelectControl } from '@wordpress/components';
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

/** Tabs or accordion: the block shows the notice it is placed on. */
export function NoticeTabsEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	return (
		<SettingsAndPreview
			title={ __( 'Tabs or accordion', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The notice being viewed appears here in tabs: details, documents, eligibility and corrigenda.',
				'tenderpress'
			) }
		>
			<SelectControl
				label={ __( 'Show the sections as', 'tenderpress' ) }
				value={ String( attributes.layout ?? 'tabs' ) }
				options={ [
					{ label: __( 'Tabs', 'tenderpress' ), value: 'tabs' },
					{
						label: __( 'Accordion', 'tenderpress' ),
						value: 'accordion',
					},
				] }
				onChange={ ( layout ) => setAttributes( { layout } ) }
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
