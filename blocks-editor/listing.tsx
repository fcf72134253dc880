/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { SelectControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { useCardTemplate } from './card-template';
import {
	AttributeRange,
	SettingsAndPreview,
	integerOptions,
	NoticeTypeSelect,
	schemaOf,
	type Attributes,
} from './settings-and-preview';

export function ListingEdit( {
	name,
	attributes,
	setAttributes,
	clientId,
}: BlockEditProps< Attributes > ) {
	const range = { name, attributes, setAttributes };
	const card = useCardTemplate( clientId );
	return (
		<>
			{ card.toolbar }
			<SettingsAndPreview
				title={ __( 'Listing settings', 'tenderpress' ) }
				name={ name }
				attributes={ attributes }
				empty={ __( 'No notices to list yet.', 'tenderpress' ) }
				replacement={ card.editor }
				refresh={ card.version }
			>
				<ToggleControl
					label={ __(
						'Follow the archive being viewed',
						'tenderpress'
					) }
					help={ __(
						'For notice archive templates: lists the notices of the category or location shown.',
						'tenderpress'
					) }
					checked={ Boolean( attributes.inherit ) }
					onChange={ ( inherit ) => setAttributes( { inherit } ) }
				/>
				<AttributeRange
					{ ...range }
					attribute="perPage"
					label={ __( 'Notices per page', 'tenderpress' ) }
					disabled={ Boolean( attributes.inherit ) }
				/>
				<NoticeTypeSelect { ...range } />
				<SelectControl
					label={ __(
						'Heading level of notice titles',
						'tenderpress'
					) }
					value={ String( attributes.headingLevel ) }
					options={ integerOptions(
						schemaOf( name, 'headingLevel' ),
						( level ) => `H${ level }`
					) }
					onChange={ ( level ) =>
						setAttributes( { headingLevel: Number( level ) } )
					}
				/>
				<AttributeRange
					{ ...range }
					attribute="visiblePages"
					label={ __( 'Page links shown', 'tenderpress' ) }
				/>
				<ToggleControl
					label={ __(
						'Do not scroll to the listing after a page loads',
						'tenderpress'
					) }
					checked={ Boolean( attributes.noScroll ) }
					onChange={ ( noScroll ) => setAttributes( { noScroll } ) }
				/>
				<ToggleControl
					label={ __(
						'Show the filter and sort form above the listing',
						'tenderpress'
					) }
					checked={ Boolean( attributes.showFilters ) }
					onChange={ ( showFilters ) =>
						setAttributes( { showFilters } )
					}
				/>
			</SettingsAndPreview>
		</>
	);
}
