import type { FormEvent } from 'react';
import { Field, Messages, Submit } from './fields';
import { emptyFields, useSubmit, value } from './hooks';
import { pageAddress, send } from './send';
import type { AccountProps } from './types';

export function LostForm(
	props: AccountProps & { id: string; onBack: () => void }
) {
	const { i18n, limits, id } = props;
	const { state, form, formProps, run } = useSubmit( [ 'user_login' ] );
	const onSubmit = ( event: FormEvent ) =>
		run(
			event,
			() => emptyFields( form.current, [ 'user_login' ], i18n.required ),
			async () => {
				const data = await send( props, props.actions.lost, {
					user_login: value( form.current, 'user_login' ),
					return_to: pageAddress( props.args ),
				} );
				return String( data.message ?? '' );
			}
		);
	return (
		<form { ...formProps } onSubmit={ onSubmit }>
			<p className="tp-account__intro">{ i18n.lostIntro }</p>
			<Messages id={ id } state={ state } />
			<Field
				id={ id }
				name="user_login"
				label={ i18n.username }
				state={ state }
				autoComplete="username"
				maxLength={ limits.login }
				initialFocus
			/>
			<Submit
				label={ i18n.lostSubmit }
				state={ state }
				busy={ i18n.busy }
			/>
			<p className="tp-account__links">
				<button
					type="button"
					className="tp-account__link-button"
					onClick={ props.onBack }
				>
					{ i18n.backToLogin }
				</button>
			</p>
		</form>
	);
}
