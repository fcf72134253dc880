/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { labelBlockEdit } from './label-block';

/** The words of the "Get notifications" button; the prompt's settings are on the settings screen. */
export const PushButtonEdit = labelBlockEdit( () => ( {
	title: __( 'Button settings', 'tenderpress' ),
	empty: __(
		'The "Get notifications" button appears here, in browsers that can take notifications, while the site offers them.',
		'tenderpress'
	),
	label: __( 'Button text', 'tenderpress' ),
	help: __( 'Empty: "Get notifications".', 'tenderpress' ),
} ) );
