import { useState } from '@wordpress/element';
import type { MouseEvent, ReactNode } from 'react';
import { isPlainClick } from '../shared/clicks';
import type { FormState, useSubmit } from './hooks';

interface AccountFormProps {
	/** The island's id: the start of every id in the form. */
	id: string;
	state: FormState;
	formProps: ReturnType< typeof useSubmit >[ 'formProps' ];
	/** A paragraph above the form's answer. */
	intro?: string;
	/** A confirmation the view before left (a new password saved), until the form has its own. */
	carried?: string;
	/** The submit button's words, and its words while the request runs. */
	submit: string;
	busy: string;
	/** Below the submit button: the other views and WordPress's own screens. */
	links: ReactNode;
	children: ReactNode;
}

/**
 * What every account form is made of, in this order: an intro, the form's answer, its fields,
 * the submit button and the links.
 */
export function AccountForm( {
	id,
	state,
	formProps,
	intro,
	carried = '',
	submit,
	busy,
	links,
	children,
}: AccountFormProps ) {
	// The form's own answer, once it has one, replaces what the view before left.
	const notice =
		state.notice || state.error || state.busy ? state.notice : carried;
	return (
		<form { ...formProps }>
			{ intro !== undefined && (
				<p className="tp-account__intro">{ intro }</p>
			) }
			{ /* The form's answer, announced: a refusal (alert) or a confirmation (status). */ }
			<p
				className="tp-account__error"
				id={ `${ id }-error` }
				role="alert"
			>
				{ state.error }
			</p>
			<p className="tp-account__notice" role="status">
				{ notice }
			</p>
			{ children }
			<button
				type="submit"
				className="tp-account__submit"
				aria-disabled={ state.busy || undefined }
			>
				{ state.busy ? busy : submit }
			</button>
			<p className="tp-account__links">{ links }</p>
		</form>
	);
}

interface FieldProps {
	id: string;
	name: string;
	label: string;
	state: FormState;
	type?: string;
	autoComplete: string;
	maxLength: number;
	/** The field the view starts on. */
	initialFocus?: boolean;
	/** Ids of other text that describes the field (a strength meter). */
	describedBy?: string;
	children?: ReactNode;
	onInput?: ( value: string ) => void;
}

/**
 * A labelled field. Its own message (a field left empty) and the form's refusal describe it when
 * they concern it, and it is marked invalid.
 */
export function Field( {
	id,
	name,
	label,
	state,
	type = 'text',
	autoComplete,
	maxLength,
	initialFocus,
	describedBy,
	children,
	onInput,
}: FieldProps ) {
	const fieldId = `${ id }-${ name }`;
	const own = state.fields[ name ];
	const blamed = own !== undefined;
	const describers = [
		own ? `${ fieldId }-error` : '',
		blamed && ! own && state.error ? `${ id }-error` : '',
		describedBy ?? '',
	]
		.filter( Boolean )
		.join( ' ' );
	return (
		<div className="tp-account__field">
			<label htmlFor={ fieldId }>{ label }</label>
			<div className="tp-account__control">
				<input
					id={ fieldId }
					name={ name }
					type={ type }
					autoComplete={ autoComplete }
					maxLength={ maxLength }
					required
					aria-invalid={ blamed || undefined }
					aria-describedby={ describers || undefined }
					data-autofocus={ initialFocus || undefined }
					onInput={ ( event ) =>
						onInput?.( event.currentTarget.value )
					}
					autoCapitalize={ type === 'password' ? undefined : 'none' }
					spellCheck={ false }
				/>
				{ children }
			</div>
			{ own && (
				<p
					className="tp-account__field-error"
					id={ `${ fieldId }-error` }
				>
					{ own }
				</p>
			) }
		</div>
	);
}

/** A password field with a Show password toggle (a pressed button). */
export function PasswordField(
	props: Omit< FieldProps, 'type' > & { show: string; hide: string }
) {
	const [ visible, setVisible ] = useState( false );
	return (
		<Field { ...props } type={ visible ? 'text' : 'password' }>
			<button
				type="button"
				className="tp-account__reveal"
				aria-pressed={ visible }
				aria-controls={ `${ props.id }-${ props.name }` }
				onClick={ () => setVisible( ! visible ) }
			>
				{ visible ? props.hide : props.show }
			</button>
		</Field>
	);
}

/**
 * A click handler for a link to one of WordPress's own screens that has a view in the popup: a
 * plain click opens the view instead; a modified one (a new tab or window) follows the link.
 */
export const onPlainClick =
	( open: () => void ) => ( event: MouseEvent< HTMLAnchorElement > ) => {
		if ( isPlainClick( event.nativeEvent ) ) {
			event.preventDefault();
			open();
		}
	};
