/** The popups' views: sign in, lost password, new password. */
export type AccountView = 'login' | 'lost' | 'reset';

export interface AccountStrings {
	close: string;
	loginTitle: string;
	username: string;
	password: string;
	showPassword: string;
	hidePassword: string;
	remember: string;
	submit: string;
	lostLink: string;
	register: string;
	lostTitle: string;
	lostIntro: string;
	lostSubmit: string;
	backToLogin: string;
	resetTitle: string;
	newPassword: string;
	confirmPassword: string;
	resetSubmit: string;
	/** "Strength: %s". */
	strength: string;
	/** Names of the four strengths, weakest first (strength.ts). */
	strengths: [ string, string, string, string ];
	required: string;
	mismatch: string;
	busy: string;
	signedIn: string;
}

/** Props from php/Islands/Account.php. */
export interface AccountProps {
	/** The trigger's words. */
	label: string;
	ajaxUrl: string;
	/** The account forms' nonce as the page was rendered (possibly cached long ago). */
	nonce: string;
	/** The action that gives a fresh nonce, or null when the site turned the refresh off. */
	token: string | null;
	actions: { login: string; lost: string; reset: string };
	/** Query arguments of links that open a popup (php/Islands/Account.php). */
	args: { lost: string; reset: string; selector: string };
	/** The first island's dialog id in each view, as links name them. */
	dialogIds: Record< AccountView, string >;
	/** The longest values the server takes. */
	limits: { login: number; password: number };
	/** WordPress's own screens, for modified clicks; register is '' when registration is off. */
	urls: { login: string; lost: string; register: string };
	messages: {
		network: string;
		timeout: string;
		aborted: string;
		serverError: string;
	};
	i18n: AccountStrings;
}
