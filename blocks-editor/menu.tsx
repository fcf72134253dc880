/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { labelBlockEdit } from './label-block';

/** The name screen readers read for the menu; its items are the Primary location's menu. */
export const MenuEdit = labelBlockEdit( () => ( {
	title: __( 'Menu settings', 'tenderpress' ),
	empty: __(
		'Assign a menu to the Primary location to show it here.',
		'tenderpress'
	),
	label: __( 'Name read by screen readers', 'tenderpress' ),
	help: __(
		'Empty: "Primary". The items come from the menu of the Primary location.',
		'tenderpress'
	),
} ) );
