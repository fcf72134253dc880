/**
 * WordPress dependencies
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { AttributeSelect, enumOptions } from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

/**
 * The services of this bar (ids from the catalogue, comma-separated; empty for the site's
 * choice on Settings > TenderPress) and whether it floats at the edge of wide screens.
 */
export function ShareEdit( props: EditProps ) {
	const { name, attributes, setAttributes } = props;
	return (
		<SettingsAndPreview
			{ ...props }
			title={ __( 'Share buttons settings', 'tenderpress' ) }
			empty={ __( 'The share buttons appear here.', 'tenderpress' ) }
		>
			{ /* Not an AttributeText: what is typed is written as the ids the schema allows. */ }
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
			<AttributeSelect
				{ ...props }
				attribute="layout"
				label={ __( 'Layout', 'tenderpress' ) }
				// Each layout the block's schema allows (block.json), named here.
				options={ enumOptions( name, 'layout', {
					inline: __( 'In the text', 'tenderpress' ),
					floating: __(
						'Floating at the left edge (wide screens)',
						'tenderpress'
					),
				} ) }
			/>
		</SettingsAndPreview>
	);
}
