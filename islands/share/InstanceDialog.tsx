/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import { useState } from '@wordpress/element';
import { Dialog } from '../shared/Dialog';
import { withInstance } from './links';
import type { ShareStrings, ShareService } from './types';

/** The session key under which a federated network's instance is remembered for the visit. */
const instanceKey = ( id: string ) => `tenderpress-share-instance:${ id }`;

/**
 * "Your Mastodon Instance" (any federated network's): the typed instance (only trimmed)
 * replaces the default host in the share link; empty keeps the default. The instance is
 * remembered for the visit.
 */
export function InstanceDialog( {
	id,
	service,
	link,
	i18n,
	onSubmit,
	onClose,
}: {
	id: string;
	service: ShareService;
	link: string;
	i18n: ShareStrings;
	onSubmit: ( link: string ) => void;
	onClose: () => void;
} ) {
	const [ typed, setTyped ] = useState( () => {
		try {
			return (
				window.sessionStorage.getItem( instanceKey( service.id ) ) ?? ''
			);
		} catch {
			return '';
		}
	} );
	return (
		<Dialog
			id={ id }
			block="tp-share"
			title={ sprintf( i18n.instanceTitle, service.title ) }
			closeLabel={ i18n.close }
			onClose={ onClose }
		>
			<form
				className="tp-share__instance"
				onSubmit={ ( event ) => {
					event.preventDefault();
					try {
						window.sessionStorage.setItem(
							instanceKey( service.id ),
							typed.trim()
						);
					} catch {
						// Storage refused (private mode): the instance is simply not remembered.
					}
					onSubmit(
						withInstance( link, service.instance ?? '', typed )
					);
				} }
			>
				<label htmlFor={ `${ id }-instance` }>
					{ i18n.instanceLabel }
				</label>
				<input
					id={ `${ id }-instance` }
					type="text"
					inputMode="url"
					autoComplete="url"
					value={ typed }
					onChange={ ( event ) => setTyped( event.target.value ) }
				/>
				<button type="submit">{ i18n.submit }</button>
			</form>
		</Dialog>
	);
}
