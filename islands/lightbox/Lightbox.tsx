/* eslint-disable @wordpress/valid-sprintf -- the formats come translated from the server, in props. */
import { sprintf } from '@wordpress/i18n';
import { useLayoutEffect, useMemo, useRef, useState } from '@wordpress/element';
import { isPlainClick } from '../shared/clicks';
import { Dialog } from '../shared/Dialog';
import type { LightboxImage, LightboxProps } from './types';

/** How far (px) a finger must travel sideways for a swipe. */
export const SWIPE = 50;

/** The pictures of the content, in order: each link to a full-size picture, and its words. */
export function imagesOf( element: HTMLElement ): LightboxImage[] {
	return Array.from(
		element.querySelectorAll< HTMLAnchorElement >( 'a.tp-lightbox__link' )
	).map( ( link ) => {
		const image = link.querySelector( 'img' );
		const caption = link
			.closest( 'figure' )
			?.querySelector( 'figcaption' )
			?.textContent?.trim();
		return {
			link,
			src: link.href,
			alt: image?.alt ?? '',
			caption: caption ?? '',
		};
	} );
}

/**
 * A lightbox over the content's pictures. Without JavaScript each picture is a link to its full
 * size; the island opens it in a modal dialog instead, with its caption, Previous and Next (also
 * the arrow keys and a swipe), round the ends. Escape, the close button and a click on the
 * backdrop close it, and focus goes back to the picture that opened it.
 */
export function Lightbox( { i18n, element }: LightboxProps ) {
	const images = useMemo( () => imagesOf( element ), [ element ] );
	const [ open, setOpen ] = useState< number | null >( null );
	const swipe = useRef< number | null >( null );

	// Listening from the first commit: a click held while the island loaded is replayed then.
	useLayoutEffect( () => {
		const onClick = ( event: MouseEvent ) => {
			if ( ! isPlainClick( event ) ) {
				return;
			}
			const index = images.findIndex(
				( image ) => image.link === event.currentTarget
			);
			if ( index >= 0 ) {
				event.preventDefault();
				// Focus goes back to the picture when the dialog closes, however it was clicked.
				images[ index ]!.link.focus();
				setOpen( index );
			}
		};
		images.forEach( ( image ) =>
			image.link.addEventListener( 'click', onClick )
		);
		return () =>
			images.forEach( ( image ) =>
				image.link.removeEventListener( 'click', onClick )
			);
	}, [ images ] );

	if ( open === null || ! images[ open ] ) {
		return null;
	}
	const image = images[ open ];
	const count = images.length;
	const go = ( by: number ) =>
		setOpen( ( ( ( open + by ) % count ) + count ) % count );
	const rtl =
		element.ownerDocument.defaultView?.getComputedStyle( element )
			.direction === 'rtl';

	return (
		<Dialog
			id="tp-lightbox"
			block="tp-lightbox"
			title={ sprintf( i18n.position, open + 1, count ) }
			closeLabel={ i18n.close }
			onClose={ () => setOpen( null ) }
			// The arrow keys turn the pictures wherever focus is in the dialog, Close included.
			onKeyDown={ ( event ) => {
				const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
				const back = rtl ? 'ArrowRight' : 'ArrowLeft';
				if ( event.key === forward || event.key === back ) {
					event.preventDefault();
					go( event.key === forward ? 1 : -1 );
				}
			} }
		>
			{ /* A swipe turns the pictures; the buttons do the same. */ }
			{ /* eslint-disable-next-line jsx-a11y/no-static-element-interactions */ }
			<div
				className="tp-lightbox__stage"
				onPointerDown={ ( event ) => {
					swipe.current = event.clientX;
				} }
				onPointerUp={ ( event ) => {
					const start = swipe.current;
					swipe.current = null;
					if ( start === null ) {
						return;
					}
					const moved = event.clientX - start;
					if ( Math.abs( moved ) >= SWIPE ) {
						// A finger moving left brings the next picture (right to left: the previous).
						go( moved < 0 !== rtl ? 1 : -1 );
					}
				} }
			>
				<figure className="tp-lightbox__figure">
					<img
						className="tp-lightbox__image"
						src={ image.src }
						alt={ image.alt }
						// A mouse's swipe must not drag the picture away instead.
						draggable={ false }
					/>
					{ image.caption && (
						<figcaption className="tp-lightbox__caption">
							{ image.caption }
						</figcaption>
					) }
				</figure>
				{ count > 1 && (
					<div className="tp-lightbox__turn">
						<button
							type="button"
							className="tp-lightbox__previous"
							onClick={ () => go( -1 ) }
						>
							{ i18n.previous }
						</button>
						<button
							type="button"
							className="tp-lightbox__next"
							onClick={ () => go( 1 ) }
						>
							{ i18n.next }
						</button>
					</div>
				) }
			</div>
		</Dialog>
	);
}
