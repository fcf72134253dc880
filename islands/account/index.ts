import type { IslandDefinition } from '../runtime/types';
import {
	asNumber,
	asRecord,
	asString,
	asStrings,
	asUrl,
} from '../shared/props';
import { Account } from './Account';
import type { AccountProps, AccountStrings } from './types';
import { parseMessages } from '../shared/failures';

const STRINGS: Array< Exclude< keyof AccountStrings, 'strengths' > > = [
	'close',
	'loginTitle',
	'username',
	'password',
	'showPassword',
	'hidePassword',
	'remember',
	'submit',
	'lostLink',
	'register',
	'lostTitle',
	'lostIntro',
	'lostSubmit',
	'backToLogin',
	'resetTitle',
	'newPassword',
	'confirmPassword',
	'resetSubmit',
	'strength',
	'required',
	'mismatch',
	'busy',
	'signedIn',
];

/** Checks the types; php/Islands/Account.php built the props. */
export function parseAccountProps( raw: unknown ): AccountProps {
	const props = asRecord( raw );
	const i18n = asRecord( props.i18n, 'i18n' );
	const strengths = i18n.strengths;
	if ( ! Array.isArray( strengths ) || strengths.length !== 4 ) {
		throw new TypeError( 'i18n.strengths must be a list of 4 names' );
	}
	const urls = asRecord( props.urls, 'urls' );
	const limits = asRecord( props.limits, 'limits' );
	const register = asString( urls.register, 'urls.register' );
	return {
		label: asString( props.label, 'label' ),
		ajaxUrl: asUrl( props.ajaxUrl, 'ajaxUrl' ),
		nonce: asString( props.nonce, 'nonce' ),
		token: props.token === null ? null : asString( props.token, 'token' ),
		actions: asStrings( props.actions, 'actions', [
			'login',
			'lost',
			'reset',
		] ),
		args: asStrings( props.args, 'args', [ 'lost', 'reset', 'selector' ] ),
		dialogIds: asStrings( props.dialogIds, 'dialogIds', [
			'login',
			'lost',
			'reset',
		] ),
		limits: {
			login: asNumber( limits.login, 'limits.login', {
				min: 1,
				integer: true,
			} ),
			password: asNumber( limits.password, 'limits.password', {
				min: 1,
				integer: true,
			} ),
		},
		urls: {
			login: asUrl( urls.login, 'urls.login' ),
			lost: asUrl( urls.lost, 'urls.lost' ),
			register: register === '' ? '' : asUrl( register, 'urls.register' ),
		},
		messages: parseMessages( props.messages ),
		i18n: {
			...asStrings( props.i18n, 'i18n', STRINGS ),
			strengths: strengths.map( ( name, index ) =>
				asString( name, `i18n.strengths[${ index }]` )
			) as AccountStrings[ 'strengths' ],
		},
	};
}

const island: IslandDefinition< AccountProps > = {
	component: Account,
	parseProps: parseAccountProps,
};
export default island;
