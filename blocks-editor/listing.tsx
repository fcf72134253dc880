/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { useCardTemplate } from './card-template';
import {
	AttributeNumberSelect,
	AttributeRange,
	AttributeToggle,
	NoticeTypeSelect,
} from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

export function ListingEdit( props: EditProps ) {
	const card = useCardTemplate( props.clientId );
	return (
		<>
			{ card.toolbar }
			<SettingsAndPreview
				{ ...props }
				title={ __( 'Listing settings', 'tenderpress' ) }
				empty={ __( 'No notices to list yet.', 'tenderpress' ) }
				replacement={ card.editor }
				refresh={ card.version }
			>
				<AttributeToggle
					{ ...props }
					attribute="inherit"
					label={ __(
						'Follow the archive being viewed',
						'tenderpress'
					) }
					help={ __(
						'For notice archive templates: lists the notices of the category or location shown.',
						'tenderpress'
					) }
				/>
				<AttributeRange
					{ ...props }
					attribute="perPage"
					label={ __( 'Notices per page', 'tenderpress' ) }
					disabled={ Boolean( props.attributes.inherit ) }
				/>
				<NoticeTypeSelect { ...props } />
				<AttributeNumberSelect
					{ ...props }
					attribute="headingLevel"
					label={ __(
						'Heading level of notice titles',
						'tenderpress'
					) }
					labelForNumber={ ( level ) => `H${ level }` }
				/>
				<AttributeRange
					{ ...props }
					attribute="visiblePages"
					label={ __( 'Page links shown', 'tenderpress' ) }
				/>
				<AttributeToggle
					{ ...props }
					attribute="noScroll"
					label={ __(
						'Do not scroll to the listing after a page loads',
						'tenderpress'
					) }
				/>
				<AttributeToggle
					{ ...props }
					attribute="showFilters"
					label={ __(
						'Show the filter and sort form above the listing',
						'tenderpress'
					) }
				/>
			</SettingsAndPreview>
		</>
	);
}
