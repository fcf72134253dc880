/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { TextControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	AttributeRange,
	SettingsAndPreview,
	NoticeTypeSelect,
	type Attributes,
} from './settings-and-preview';

export function CalendarEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	const range = { name, attributes, setAttributes };
	return (
		<SettingsAndPreview
			title={ __( 'Calendar settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __(
				'The calendar shows once the site has notices.',
				'tenderpress'
			) }
		>
			<TextControl
				label={ __( 'Title', 'tenderpress' ) }
				help={ __( 'Empty: "Deadline calendar".', 'tenderpress' ) }
				value={ attributes.title as string }
				onChange={ ( title ) => setAttributes( { title } ) }
			/>
			<NoticeTypeSelect { ...range } />
			<ToggleControl
				label={ __( 'Offer filters', 'tenderpress' ) }
				help={ __(
					'Type, category and location, as the listing has.',
					'tenderpress'
				) }
				checked={ Boolean( attributes.filters ) }
				onChange={ ( filters ) => setAttributes( { filters } ) }
			/>
			<AttributeRange
				{ ...range }
				attribute="perDay"
				label={ __( 'Notices listed for a day', 'tenderpress' ) }
			/>
		</SettingsAndPreview>
	);
}
