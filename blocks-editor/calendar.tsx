/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	AttributeText,
	AttributeToggle,
	NoticeTypeSelect,
} from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

export function CalendarEdit( props: EditProps ) {
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Calendar settings', 'tenderpress' ) }
			empty={ __(
				'The calendar shows once the site has notices.',
				'tenderpress'
			) }
		>
			<AttributeText
				{ ...props }
				attribute="title"
				label={ __( 'Title', 'tenderpress' ) }
				help={ __( 'Empty: "Deadline calendar".', 'tenderpress' ) }
			/>
			<NoticeTypeSelect { ...props } />
			<AttributeToggle
				{ ...props }
				attribute="filters"
				label={ __( 'Offer filters', 'tenderpress' ) }
				help={ __(
					'Type, category and location, as the listing has.',
					'tenderpress'
				) }
			/>
			<AttributeRange
				{ ...props }
				attribute="perDay"
				label={ __( 'Notices listed for a day', 'tenderpress' ) }
			/>
		</SettingsAndPreview>
	);
}
