/**
 * The sidebar's controls, each bound to one attribute of the block: it shows the attribute's value
 * and writes the new one, so a block's editor only says which attribute and in which words
 * (`<AttributeToggle { ...props } attribute="filters" label={ … } />`). Limits, defaults and
 * choices are the attribute schema the server registered (block.json, plus what PHP adds), so the
 * editor never offers a value the server would refuse.
 */

/**
 * WordPress dependencies
 */
import { getBlockType, type AttributeSchema } from '@wordpress/blocks';
import {
	RangeControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { server } from './server';
import type { Attributes } from './settings-and-preview';

/** An attribute's schema as the server registered it. */
export function schemaOf( name: string, attribute: string ): AttributeSchema {
	return getBlockType( name )?.attributes[ attribute ] ?? {};
}

/** The block's props a control reads and writes its attribute with (spread the edit's props). */
interface BlockProps {
	name: string;
	attributes: Attributes;
	setAttributes: ( attributes: Attributes ) => void;
}

/** A control of one attribute, and its words. */
interface AttributeControlProps extends BlockProps {
	attribute: string;
	label: string;
	help?: string;
}

type Option = { value: string; label: string };

/** The attribute's value, for a control to show, and its onChange: writes the new value. */
function bound( {
	attributes,
	setAttributes,
	attribute,
}: AttributeControlProps ) {
	return {
		value: attributes[ attribute ],
		onChange: ( value: unknown ) =>
			setAttributes( { [ attribute ]: value } ),
	};
}

/** A text field for a string attribute. */
export function AttributeText( props: AttributeControlProps ) {
	const { value, onChange } = bound( props );
	return (
		<TextControl
			label={ props.label }
			help={ props.help }
			value={ String( value ?? '' ) }
			onChange={ onChange }
		/>
	);
}

/** A toggle for a boolean attribute. */
export function AttributeToggle( props: AttributeControlProps ) {
	const { value, onChange } = bound( props );
	return (
		<ToggleControl
			label={ props.label }
			help={ props.help }
			checked={ Boolean( value ) }
			onChange={ onChange }
		/>
	);
}

/** A select for a string attribute, of the choices given. */
export function AttributeSelect(
	props: AttributeControlProps & { options: Option[] }
) {
	const { value, onChange } = bound( props );
	return (
		<SelectControl
			label={ props.label }
			value={ String( value ) }
			options={ props.options }
			onChange={ onChange }
		/>
	);
}

/**
 * A select of every whole number an integer attribute allows (a heading level), written as a
 * number.
 */
export function AttributeNumberSelect(
	props: AttributeControlProps & {
		labelForNumber: ( number: number ) => string;
	}
) {
	const { value, onChange } = bound( props );
	const schema = schemaOf( props.name, props.attribute );
	const minimum = schema.minimum ?? 0;
	const maximum = schema.maximum ?? minimum;
	return (
		<SelectControl
			label={ props.label }
			value={ String( value ) }
			options={ Array.from(
				{ length: maximum - minimum + 1 },
				( _, index ) => ( {
					value: String( minimum + index ),
					label: props.labelForNumber( minimum + index ),
				} )
			) }
			onChange={ ( number ) => onChange( Number( number ) ) }
		/>
	);
}

/** A range for an integer attribute, within its registered limits, reset to its default. */
export function AttributeRange(
	props: AttributeControlProps & { disabled?: boolean }
) {
	const { value, onChange } = bound( props );
	const schema = schemaOf( props.name, props.attribute );
	return (
		<RangeControl
			label={ props.label }
			disabled={ props.disabled }
			min={ schema.minimum }
			max={ schema.maximum }
			allowReset
			resetFallbackValue={ schema.default }
			value={ value as number }
			onChange={ onChange }
		/>
	);
}

/** The choices an attribute's registered enum allows, each named from `labels` (else its value). */
export function enumOptions(
	name: string,
	attribute: string,
	labels: Record< string, string >
): Option[] {
	return ( schemaOf( name, attribute ).enum ?? [] ).map( ( value ) => ( {
		value,
		label: labels[ value ] ?? value,
	} ) );
}

/** The notice types a block may list (its registered enum), named as the server names them. */
export function NoticeTypeSelect( props: BlockProps ) {
	return (
		<AttributeSelect
			{ ...props }
			attribute="noticeType"
			label={ __( 'Notice type', 'tenderpress' ) }
			options={ enumOptions(
				props.name,
				'noticeType',
				server().noticeTypeLabels
			) }
		/>
	);
}
