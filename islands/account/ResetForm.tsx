/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import { useState } from '@wordpress/element';
import { AccountForm, PasswordField, onPlainClick } from './fields';
import { fieldValue, useSubmit, type Errors } from './hooks';
import { send } from './send';
import { passwordStrength } from './strength';
import type { AccountProps } from './types';

/**
 * New password, twice, with its strength shown while typing. Success opens the sign-in view with
 * the server's confirmation (onDone).
 */
export function ResetForm(
	props: AccountProps & {
		id: string;
		onDone: ( message: string ) => void;
		onLost: () => void;
	}
) {
	const { i18n, limits, id, urls } = props;
	const { state, formProps } = useSubmit( {
		required: [ 'pass1', 'pass2' ],
		requiredMessage: i18n.required,
		// Both filled in: they must be the same.
		check: ( form ): Errors =>
			fieldValue( form, 'pass1' ) !== fieldValue( form, 'pass2' )
				? { pass2: i18n.mismatch }
				: {},
		blame: [ 'pass1' ],
		send: async ( form ) => {
			// The key and the account are not ours to send: the e-mailed link left them in an
			// HttpOnly cookie for admin-ajax.php alone (php/Accounts/ResetLink.php).
			const data = await send( props, props.actions.reset, {
				pass1: fieldValue( form, 'pass1' ),
				pass2: fieldValue( form, 'pass2' ),
			} );
			props.onDone( String( data.message ?? '' ) );
			return '';
		},
	} );
	const [ strength, setStrength ] = useState< number | null >( null );
	const strengthId = `${ id }-strength`;
	return (
		<AccountForm
			id={ id }
			state={ state }
			formProps={ formProps }
			submit={ i18n.resetSubmit }
			busy={ i18n.busy }
			links={
				// An expired or used link needs a new one.
				<a href={ urls.lost } onClick={ onPlainClick( props.onLost ) }>
					{ i18n.lostTitle }
				</a>
			}
		>
			<PasswordField
				id={ id }
				name="pass1"
				label={ i18n.newPassword }
				state={ state }
				autoComplete="new-password"
				maxLength={ limits.password }
				initialFocus
				describedBy={ strengthId }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
				onInput={ ( typed ) =>
					setStrength( typed ? passwordStrength( typed ) : null )
				}
			/>
			<p
				className="tp-account__strength"
				id={ strengthId }
				data-strength={ strength ?? undefined }
				aria-live="polite"
			>
				{ strength === null
					? ''
					: sprintf( i18n.strength, i18n.strengths[ strength ] ) }
			</p>
			<PasswordField
				id={ id }
				name="pass2"
				label={ i18n.confirmPassword }
				state={ state }
				autoComplete="new-password"
				maxLength={ limits.password }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
			/>
		</AccountForm>
	);
}
