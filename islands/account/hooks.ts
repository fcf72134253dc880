import { useRef, useState } from '@wordpress/element';
import type { FormEvent } from 'react';
import { isAjaxError } from '../shared/ajax';

/** Messages by field name. */
export type Errors = Record< string, string >;

export interface FormState {
	busy: boolean;
	/** The server's answer, announced: an error (alert) or a confirmation (status). */
	error: string;
	notice: string;
	/** Per-field messages, tied to their fields with aria-describedby. */
	fields: Errors;
}

const idle: FormState = { busy: false, error: '', notice: '', fields: {} };

/** What a form checks and sends (useSubmit). */
export interface Submission {
	/** Fields that must not be left empty. */
	required: string[];
	/** The message of a field left empty. */
	requiredMessage: string;
	/** Further checks, made once no required field is empty: messages of the fields at fault. */
	check?: ( form: HTMLFormElement | null ) => Errors;
	/** The fields the server's refusal concerns. */
	blame: string[];
	/** Sends the fields; resolves with the confirmation to announce. */
	send: ( form: HTMLFormElement | null ) => Promise< string >;
}

/**
 * Runs a submission: checks the fields first (empty ones are tied to their own messages and get
 * focus), then sends; the server's refusal is announced and tied to the fields it concerns.
 */
export function useSubmit( {
	required,
	requiredMessage,
	check,
	blame,
	send,
}: Submission ) {
	const [ state, setState ] = useState< FormState >( idle );
	const form = useRef< HTMLFormElement >( null );
	const focusField = ( name: string ) =>
		form.current
			?.querySelector< HTMLInputElement >( `[name="${ name }"]` )
			?.focus();
	const onSubmit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( state.busy ) {
			return;
		}
		let fields = emptyFields( form.current, required, requiredMessage );
		if ( check && Object.keys( fields ).length === 0 ) {
			fields = check( form.current );
		}
		const first = Object.keys( fields )[ 0 ];
		if ( first ) {
			setState( { ...idle, fields } );
			focusField( first );
			return;
		}
		setState( { ...idle, busy: true } );
		try {
			const notice = await send( form.current );
			setState( { ...idle, notice } );
		} catch ( error ) {
			const message = isAjaxError( error )
				? error.message
				: String( error );
			setState( {
				...idle,
				error: message,
				fields: Object.fromEntries(
					blame.map( ( name ) => [ name, '' ] )
				),
			} );
		}
	};
	// What every account form's element carries: the browser's own checks off (ours tie each
	// message to its field), and busy while its request runs.
	const formProps = {
		className: 'tp-account__form',
		ref: form,
		noValidate: true,
		'aria-busy': state.busy || undefined,
		onSubmit,
	};
	return { state, formProps };
}

/** Empty fields, each with its own message. */
function emptyFields(
	form: HTMLFormElement | null,
	names: string[],
	message: string
) {
	const errors: Errors = {};
	for ( const name of names ) {
		const field = form?.elements.namedItem( name );
		if ( field instanceof HTMLInputElement && field.value.trim() === '' ) {
			errors[ name ] = message;
		}
	}
	return errors;
}

/** The value of the form's text field `name` ('' when there is none). */
export const fieldValue = ( form: HTMLFormElement | null, name: string ) => {
	const field = form?.elements.namedItem( name );
	return field instanceof HTMLInputElement ? field.value : '';
};
