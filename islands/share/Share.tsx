/**
 * The share bar's controller. The server renders the bar; the island takes over its controls
 * (hooks.ts) and owns only data-tp-root, where it renders the bar's message and its dialogs
 * (MoreDialog.tsx, InstanceDialog.tsx).
 */
import { useCallback, useMemo, useState } from '@wordpress/element';
import { openShareWindow, copyText, shareNatively } from './actions';
import { canShareNatively, moreServices } from './bar';
import {
	useBarLinks,
	useBarClicks,
	useCounts,
	useFloatingBar,
	useMessage,
	useShareLink,
} from './hooks';
import { InstanceDialog } from './InstanceDialog';
import { sanitizeLink, sharedPage } from './links';
import { MoreDialog } from './MoreDialog';
import type { ShareProps, ShareService } from './types';

// Where these helpers lived before the island was split; imported from here, they still work.
export { copyText, openShareWindow } from './actions';
export { showCounts } from './counts';
export { sharedPage } from './links';

/** Which dialog is open. */
type Open =
	| { kind: 'none' }
	| { kind: 'more' }
	| { kind: 'instance'; service: ShareService };

export function Share( {
	element,
	url,
	title,
	popup,
	protocols,
	services,
	more,
	sprite,
	counts,
	offset,
	i18n,
}: ShareProps ) {
	const [ open, setOpen ] = useState< Open >( { kind: 'none' } );
	const [ filter, setFilter ] = useState( '' );
	const [ message, say ] = useMessage();
	const id = useMemo(
		() =>
			`${
				element.querySelector( '.tp-share__heading' )?.id ?? 'tp-share'
			}-dialog`,
		[ element ]
	);
	const page = useMemo(
		() => sharedPage( element, url, title, protocols ),
		[ element, url, title, protocols ]
	);
	const byId = useMemo(
		() => new Map( services.map( ( service ) => [ service.id, service ] ) ),
		[ services ]
	);
	const link = useShareLink( page, i18n.prompt, protocols );
	// More opens with every service listed, whatever was typed the last time.
	const openMore = useCallback( () => {
		setFilter( '' );
		setOpen( { kind: 'more' } );
	}, [] );
	const close = () => setOpen( { kind: 'none' } );

	const activate = ( service: ShareService ) => {
		if ( service.action === 'native' ) {
			// CSS shows the button on touch screens, where browsers have a share sheet. One
			// without (it is not taken away on mount: the bar would move under the visitor's
			// finger) opens More, which lists every other way: the button still shares.
			if ( canShareNatively() ) {
				shareNatively( page );
			} else {
				openMore();
			}
		} else if ( service.action === 'print' ) {
			window.print();
		} else if ( service.action === 'copy' ) {
			copyText( page.url ).then( ( copied ) =>
				say( copied ? i18n.copied : i18n.copyFailed )
			);
		} else if ( service.instance ) {
			setOpen( { kind: 'instance', service } );
		} else {
			const target = link( service );
			if ( target !== '#' ) {
				openShareWindow( target, popup );
			}
		}
	};

	useBarLinks( element, byId, link, page.url );
	const slide = useFloatingBar( element, offset );
	useBarClicks( element, byId, slide, openMore, activate );
	useCounts( element, counts, page.url );

	return (
		<>
			<p className="tp-share__message" aria-hidden="true">
				{ message }
			</p>
			{ open.kind === 'more' && (
				<MoreDialog
					id={ id }
					services={ moreServices( byId, more ) }
					filter={ filter }
					onFilter={ setFilter }
					link={ link }
					page={ page }
					sprite={ sprite }
					i18n={ i18n }
					onClose={ close }
				/>
			) }
			{ open.kind === 'instance' && (
				<InstanceDialog
					id={ id }
					service={ open.service }
					link={ link( open.service ) }
					i18n={ i18n }
					onSubmit={ ( target ) => {
						openShareWindow(
							sanitizeLink( target, protocols ),
							popup
						);
						close();
					} }
					onClose={ close }
				/>
			) }
		</>
	);
}
