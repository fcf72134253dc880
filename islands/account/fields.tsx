import { useState } from '@wordpress/element';
import type { ReactNode } from 'react';
import type { FormState } from './hooks';

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

/** The form's answer: a refusal (alert) or a confirmation (status), both announced. */
export function Messages( { id, state }: { id: string; state: FormState } ) {
	return (
		<>
			<p
				className="tp-account__error"
				id={ `${ id }-error` }
				role="alert"
			>
				{ state.error }
			</p>
			<p className="tp-account__notice" role="status">
				{ state.notice }
			</p>
		</>
	);
}

export function Submit( {
	label,
	state,
	busy,
}: {
	label: string;
	state: FormState;
	busy: string;
} ) {
	return (
		<button
			type="submit"
			className="tp-account__submit"
			aria-disabled={ state.busy || undefined }
		>
			{ state.busy ? busy : label }
		</button>
	);
}
