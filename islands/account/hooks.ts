import { useRef, useState } from '@wordpress/element';
import type { FormEvent } from 'react';
import { isAjaxError } from '../shared/ajax';

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

/**
 * Runs a submission: checks the fields first (empty ones are tied to their own messages and get
 * focus), then sends; the server's refusal is announced and tied to the fields it concerns.
 */
export function useSubmit( blame: string[] ) {
	const [ state, setState ] = useState< FormState >( idle );
	const form = useRef< HTMLFormElement >( null );
	const focusField = ( name: string ) =>
		form.current
			?.querySelector< HTMLInputElement >( `[name="${ name }"]` )
			?.focus();
	const run = async (
		event: FormEvent,
		check: () => Errors,
		submit: () => Promise< string >
	) => {
		event.preventDefault();
		if ( state.busy ) {
			return;
		}
		const fields = check();
		const first = Object.keys( fields )[ 0 ];
		if ( first ) {
			setState( { ...idle, fields } );
			focusField( first );
			return;
		}
		setState( { ...idle, busy: true } );
		try {
			const notice = await submit();
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
	};
	return { state, form, formProps, run };
}

/** Empty fields, each with its own message. */
export function emptyFields(
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

export const value = ( form: HTMLFormElement | null, name: string ) => {
	const field = form?.elements.namedItem( name );
	return field instanceof HTMLInputElement ? field.value : '';
};
