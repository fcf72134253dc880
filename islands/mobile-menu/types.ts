export interface MenuItem {
	id: number;
	title: string;
	url: string;
	current: boolean;
	children: MenuItem[];
}

export interface MobileMenuProps {
	/** Accessible name of the nav landmark. */
	label: string;
	/** Text of the drawer toggle ("Menu"). */
	toggleLabel: string;
	/** Accessible name of a submenu button; %s is the parent item's title. */
	submenuLabel: string;
	items: MenuItem[];
	/** The drawer was already open (opened natively before the island mounted). */
	initiallyOpen: boolean;
}
