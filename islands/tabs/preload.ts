/**
 * Opens the tab or accordion section the address names (`#id`, or the spec's `#!id`, read as
 * `#id`) before the tabs island has loaded. PHP prints it inline once, after the last tabs on a
 * page (php/Islands/Tabs.php), built to build/tabs-preload.js; it counts toward what a page runs
 * before a visitor's intent (tests/budgets), so it only decides and hands over:
 * - a container whose island has not started yet is told to load at once (its `data-tp-when`,
 *   part of the islands contract);
 * - one already waiting for intent gets it (a `focusin`, as a visitor's focus would give), and
 *   the island, once mounted, opens the section itself.
 * A container the runtime is loading or has mounted is left alone: the island follows the
 * address from then on.
 */
const follow = () => {
	// "#id", or the spec's "#!id".
	let id = location.hash.replace( /^#!?/, '' );
	try {
		id = decodeURIComponent( id );
	} catch {
		// An address that is not valid percent-encoding names no section.
		return;
	}
	if ( ! id ) {
		return;
	}
	document
		.querySelectorAll< HTMLElement >( '[data-tp-island="tabs"]' )
		.forEach( ( container ) => {
			const state = container.dataset.tpState;
			if ( state && state !== 'waiting' ) {
				return;
			}
			let aliases: Record< string, string > = {};
			try {
				aliases =
					JSON.parse(
						container.querySelector(
							':scope > script[data-tp-props]'
						)?.textContent || '{}'
					).aliases || {};
			} catch {
				// Props the island will refuse too: only the section's own id is looked for.
			}
			const target = document.getElementById(
				// Own keys only: "constructor" names no section.
				{}.hasOwnProperty.call( aliases, id ) ? aliases[ id ]! : id
			);
			if ( ! target || ! container.contains( target ) ) {
				return;
			}
			if ( state ) {
				container.dispatchEvent( new FocusEvent( 'focusin' ) );
			} else {
				container.dataset.tpWhen = 'load';
			}
		} );
};
follow();
addEventListener( 'hashchange', follow );
