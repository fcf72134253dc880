/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	SettingsAndPreview,
	schemaOf,
	type Attributes,
} from './settings-and-preview';

/**
 * The services of this bar (ids from the catalogue, comma-separated; empty for the site's
 * choice on Settings > TenderPress) and whether it floats at the edge of wide screens.
 */
export function ShareEdit( {
	name,
	attributes,
	setAttributes,
}: BlockEditProps< Attributes > ) {
	// Each layout the block's schema allows (block.json), named here.
	return (
		<SettingsAndPreview
			title={ __( 'Share buttons settings', 'tenderpress' ) }
			name={ name }
			attributes={ attributes }
			empty={ __( 'The share buttons appear here.', 'tenderpress' ) }
		>
			<TextControl
				label={ __( 'Services', 'tenderpress' ) }
				help={ __(
					'Service ids separated by commas, such as whatsapp,x,email. Leave empty for the services chosen on the settings screen.',
					'tenderpress'
				) }
				value={ String( attributes.services ?? '' ) }
				onChange={ ( services ) =>
					setAttributes( {
						services: services.replace( /\s+/g, '' ).toLowerCase(),
					} )
				}
			/>
			<SelectControl
				label={ __( 'Layout', 'tenderpress' ) }
				value={ String( attributes.layout ) }
				options={ ( schemaOf( name, 'layout' ).enum ?? [] ).map(
					( value ) => ( {
						value,
						label:
							{
								inline: __( 'In the text', 'tenderpress' ),
								floating: __(
									'Floating at the left edge (wide screens)',
									'tenderpress'
								),
							}[ value ] ?? value,
					} )
				) }
				onChange={ ( layout ) => setAttributes( { layout } ) }
			/>
		</SettingsAndPreview>
	);
}
