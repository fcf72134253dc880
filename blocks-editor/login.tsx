/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { labelBlockEdit } from './label-block';

/** The words of the "Sign in" link; the popups' settings are on the settings screen. */
export const LoginEdit = labelBlockEdit( () => ( {
	title: __( 'Sign-in settings', 'tenderpress' ),
	empty: __( 'The sign-in link appears here.', 'tenderpress' ),
	label: __( 'Link text', 'tenderpress' ),
	help: __(
		'Empty: "Sign in". Signed-in visitors see their name and a log-out link instead.',
		'tenderpress'
	),
} ) );
