/**
 * Puts a floating share bar back as the visitor left it on this visit (slid away) before the
 * share island has loaded, so the bar does not show and then go. PHP prints it inline right
 * after each floating bar (php/Islands/Share.php), built to build/share-restore.js; the bar is
 * the element just before this script. The island keeps the same state once it mounts.
 */
const bar = document.currentScript
	?.previousElementSibling as HTMLElement | null;
try {
	const key = bar?.dataset.tpRemember;
	// A key means a bar: it is the bar's.
	if ( key && sessionStorage.getItem( key ) === 'hidden' ) {
		bar!.dataset.tpRemembered = 'hidden';
		const toggle = bar!.querySelector< HTMLElement >( '.tp-share__toggle' );
		if ( toggle ) {
			toggle.setAttribute( 'aria-expanded', 'false' );
			toggle.title = toggle.dataset.tpShow || toggle.title;
		}
	}
} catch {
	// Storage refused (a private window's settings): the bar shows, as on a first visit.
}
