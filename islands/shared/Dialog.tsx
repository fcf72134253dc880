import { useEffect, useRef } from '@wordpress/element';
import type { KeyboardEvent, ReactNode } from 'react';

export interface DialogProps {
	/** Prefix of the title's id (`{id}-title`), unique on the page. */
	id: string;
	/**
	 * The island's class prefix: `{block}__dialog`, `__dialog-body`, `__dialog-title`, `__close`,
	 * beside the shared `tp-dialog` classes (plugin/assets/dialog.css) that give every dialog its look.
	 */
	block: string;
	title: string;
	closeLabel: string;
	onClose: () => void;
	/** The dialog element's own id, for an element a link names (popup-selector). */
	elementId?: string;
	/** Keys pressed anywhere in the dialog, Tab apart (the lightbox's arrows). */
	onKeyDown?: ( event: KeyboardEvent< HTMLDialogElement > ) => void;
	children: ReactNode;
}

/** What Tab can reach inside a dialog. */
const FOCUSABLE =
	'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog: from its last control to its first and, with Shift, back. The
 * browser's modal makes the page inert, but would still let Tab leave for its own toolbar.
 */
function wrapFocus(
	dialog: HTMLDialogElement,
	event: { shiftKey: boolean; preventDefault: () => void }
) {
	const controls = Array.from(
		dialog.querySelectorAll< HTMLElement >( FOCUSABLE )
	).filter( ( control ) => control.getClientRects().length > 0 );
	const first = controls[ 0 ];
	const last = controls[ controls.length - 1 ];
	const active = dialog.ownerDocument.activeElement;
	if ( ! first || ! last ) {
		return;
	}
	if ( event.shiftKey && ( active === first || active === dialog ) ) {
		event.preventDefault();
		last.focus();
	} else if ( ! event.shiftKey && active === last ) {
		event.preventDefault();
		first.focus();
	}
}

/**
 * A modal dialog (the browser's own: the rest of the page is inert while it is open, and Tab
 * goes round its controls). Escape, the close button and a click on the backdrop close it; focus then goes
 * back to the control that opened it. Only a pointer's click on the backdrop counts: a script's
 * `click()` on the dialog (a link's popup-selector may name it) closes nothing.
 */
export function Dialog( {
	id,
	block,
	title,
	closeLabel,
	onClose,
	elementId,
	onKeyDown,
	children,
}: DialogProps ) {
	const ref = useRef< HTMLDialogElement >( null );
	useEffect( () => {
		const dialog = ref.current;
		const opener = dialog?.ownerDocument.activeElement;
		dialog?.showModal?.();
		return () => {
			dialog?.close?.();
			if ( opener instanceof HTMLElement && opener.isConnected ) {
				opener.focus();
			}
		};
	}, [] );
	return (
		// The backdrop is the dialog element itself (its content fills it); a click there closes.
		// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
		<dialog
			ref={ ref }
			id={ elementId }
			className={ `tp-dialog ${ block }__dialog` }
			aria-labelledby={ `${ id }-title` }
			onCancel={ ( event ) => {
				event.preventDefault();
				onClose();
			} }
			onClick={ ( event ) => {
				if ( event.target === ref.current && event.detail > 0 ) {
					onClose();
				}
			} }
			onKeyDown={ ( event ) => {
				if ( event.key === 'Tab' && ref.current ) {
					wrapFocus( ref.current, event );
				} else {
					onKeyDown?.( event );
				}
			} }
		>
			<div className={ `tp-dialog__body ${ block }__dialog-body` }>
				<div className={ `tp-dialog__head ${ block }__dialog-head` }>
					<h2
						className={ `tp-dialog__title ${ block }__dialog-title` }
						id={ `${ id }-title` }
					>
						{ title }
					</h2>
					<button
						type="button"
						className={ `tp-dialog__close ${ block }__close` }
						onClick={ onClose }
					>
						{ closeLabel }
					</button>
				</div>
				{ children }
			</div>
		</dialog>
	);
}
