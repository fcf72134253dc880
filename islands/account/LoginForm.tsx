import { AccountForm, Field, PasswordField, onPlainClick } from './fields';
import { fieldValue, useSubmit } from './hooks';
import { pageAddress, send } from './send';
import type { AccountProps } from './types';

/**
 * Sign in: username or e-mail, password, Remember me. Success goes to the page the server names;
 * a notice the view before left (a new password saved) shows until the form has its own answer.
 */
export function LoginForm(
	props: AccountProps & { id: string; notice: string; onLost: () => void }
) {
	const { i18n, limits, urls, id } = props;
	const { state, formProps } = useSubmit( {
		required: [ 'log', 'pwd' ],
		requiredMessage: i18n.required,
		blame: [ 'log', 'pwd' ],
		send: async ( form ) => {
			const remember = form?.elements.namedItem( 'rememberme' );
			const data = await send( props, props.actions.login, {
				log: fieldValue( form, 'log' ),
				pwd: fieldValue( form, 'pwd' ),
				...( remember instanceof HTMLInputElement && remember.checked
					? { rememberme: '1' }
					: {} ),
				redirect_to: pageAddress( props.args ),
			} );
			// The server named a page of this site (wp_validate_redirect()).
			window.location.assign( String( data.redirect ) );
			return i18n.signedIn;
		},
	} );
	return (
		<AccountForm
			id={ id }
			state={ state }
			formProps={ formProps }
			carried={ props.notice }
			submit={ i18n.submit }
			busy={ i18n.busy }
			links={
				<>
					<a
						href={ urls.lost }
						onClick={ onPlainClick( props.onLost ) }
					>
						{ i18n.lostLink }
					</a>
					{ urls.register && (
						<a href={ urls.register }>{ i18n.register }</a>
					) }
				</>
			}
		>
			<Field
				id={ id }
				name="log"
				label={ i18n.username }
				state={ state }
				autoComplete="username"
				maxLength={ limits.login }
				initialFocus
			/>
			<PasswordField
				id={ id }
				name="pwd"
				label={ i18n.password }
				state={ state }
				autoComplete="current-password"
				maxLength={ limits.password }
				show={ i18n.showPassword }
				hide={ i18n.hidePassword }
			/>
			<div className="tp-account__check">
				<input
					id={ `${ id }-remember` }
					type="checkbox"
					name="rememberme"
					value="1"
				/>
				<label htmlFor={ `${ id }-remember` }>{ i18n.remember }</label>
			</div>
		</AccountForm>
	);
}
