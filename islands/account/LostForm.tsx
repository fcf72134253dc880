import { AccountForm, Field } from './fields';
import { fieldValue, useSubmit } from './hooks';
import { pageAddress, send } from './send';
import type { AccountProps } from './types';

/**
 * Lost password: asks for the e-mailed link. The answer is the same whether or not an account
 * matches.
 */
export function LostForm(
	props: AccountProps & { id: string; onBack: () => void }
) {
	const { i18n, limits, id } = props;
	const { state, formProps } = useSubmit( {
		required: [ 'user_login' ],
		requiredMessage: i18n.required,
		blame: [ 'user_login' ],
		send: async ( form ) => {
			const data = await send( props, props.actions.lost, {
				user_login: fieldValue( form, 'user_login' ),
				return_to: pageAddress( props.args ),
			} );
			return String( data.message ?? '' );
		},
	} );
	return (
		<AccountForm
			id={ id }
			state={ state }
			formProps={ formProps }
			intro={ i18n.lostIntro }
			submit={ i18n.lostSubmit }
			busy={ i18n.busy }
			links={
				<button
					type="button"
					className="tp-account__link-button"
					onClick={ props.onBack }
				>
					{ i18n.backToLogin }
				</button>
			}
		>
			<Field
				id={ id }
				name="user_login"
				label={ i18n.username }
				state={ state }
				autoComplete="username"
				maxLength={ limits.login }
				initialFocus
			/>
		</AccountForm>
	);
}
