/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import { Dialog } from '../shared/Dialog';
import { shareNatively } from './actions';
import { canShareNatively, filterServices } from './bar';
import type { SharedPage } from './links';
import type { ShareStrings, ShareService } from './types';

/**
 * "More sharing services": every service kept under More, with its icon (from the sprite,
 * fetched only now), a field that keeps those whose name contains the typed text, and the
 * device's own share sheet where the browser has one. Its links carry data-tp-service, so a
 * click on one is the controller's (Share.tsx) as on the bar.
 */
export function MoreDialog( {
	id,
	services,
	filter,
	onFilter,
	link,
	page,
	sprite,
	i18n,
	onClose,
}: {
	id: string;
	/** The services kept under More, in order. */
	services: ShareService[];
	filter: string;
	onFilter: ( filter: string ) => void;
	/** A service's share link. */
	link: ( service: ShareService ) => string;
	/** The shared page: for the share sheet, and for a service without a share link. */
	page: SharedPage;
	sprite: string;
	i18n: ShareStrings;
	onClose: () => void;
} ) {
	const shown = filterServices( services, filter );
	return (
		<Dialog
			id={ id }
			block="tp-share"
			title={ i18n.more }
			closeLabel={ i18n.close }
			onClose={ onClose }
		>
			<div className="tp-share__filter">
				<label htmlFor={ `${ id }-filter` }>{ i18n.filter }</label>
				<input
					id={ `${ id }-filter` }
					type="search"
					value={ filter }
					onChange={ ( event ) => onFilter( event.target.value ) }
				/>
			</div>
			{ canShareNatively() && (
				<button
					type="button"
					className="tp-share__device"
					onClick={ () => shareNatively( page ) }
				>
					{ i18n.device }
				</button>
			) }
			<ul className="tp-share__all tp-share__all--dialog">
				{ shown.map( ( service ) => (
					<li key={ service.id }>
						<a
							className="tp-share__service"
							href={
								service.template ? link( service ) : page.url
							}
							target={ service.template ? '_blank' : undefined }
							rel="noopener nofollow noreferrer"
							data-tp-service={ service.id }
							aria-label={
								service.template
									? sprintf( i18n.newTab, service.title )
									: undefined
							}
							style={
								{
									'--tp-share-bg': service.background,
									'--tp-share-fg': service.foreground,
								} as Record< string, string >
							}
						>
							<svg
								className="tp-share__icon"
								aria-hidden="true"
								focusable="false"
							>
								<use
									href={ `${ sprite }#tp-share-${ service.id }` }
								/>
							</svg>
							{ service.title }
						</a>
					</li>
				) ) }
			</ul>
			{ shown.length === 0 && <p role="status">{ i18n.none }</p> }
		</Dialog>
	);
}
