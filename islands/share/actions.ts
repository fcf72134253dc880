/**
 * What the bar's controls do in the browser: open a share link, copy the page's address, hand
 * the page to the device's share sheet.
 */
import type { SharedPage } from './links';

/** Opens a share link in a window of the configured size, centred on the visitor's window. */
export function openShareWindow(
	link: string,
	{ width, height }: { width: number; height: number }
): void {
	const left = Math.max(
		0,
		window.screenX + ( window.outerWidth - width ) / 2
	);
	const top = Math.max(
		0,
		window.screenY + ( window.outerHeight - height ) / 2
	);
	window.open(
		link,
		'_blank',
		`popup,width=${ width },height=${ height },left=${ Math.round(
			left
		) },top=${ Math.round( top ) },noopener,noreferrer`
	);
}

/**
 * Copies text: the Clipboard API where the browser has it and allows it, else a hidden text
 * field and the older copy command; focus goes back where it was.
 */
export async function copyText( text: string ): Promise< boolean > {
	try {
		if ( window.isSecureContext && navigator.clipboard?.writeText ) {
			await navigator.clipboard.writeText( text );
			return true;
		}
	} catch {
		// Refused (no permission, document not focused): try the older way.
	}
	const field = document.createElement( 'textarea' );
	const focused = field.ownerDocument.activeElement;
	field.value = text;
	field.setAttribute( 'readonly', '' );
	field.style.position = 'fixed';
	field.style.opacity = '0';
	document.body.append( field );
	field.select();
	let copied = false;
	try {
		copied = document.execCommand( 'copy' );
	} catch {
		copied = false;
	}
	field.remove();
	if ( focused instanceof HTMLElement ) {
		focused.focus();
	}
	return copied;
}

/**
 * Hands the page to the device's share sheet (the Web Share API: check canShareNatively() in
 * bar.ts first). The visitor closing the sheet rejects; that is no failure.
 */
export function shareNatively( page: SharedPage ): void {
	navigator.share( { url: page.url, title: page.title } ).catch( () => {} );
}
