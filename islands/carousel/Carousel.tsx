import {
	useCallback,
	useEffect,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { usePause } from '../shared/pause';
import { PauseButton } from '../shared/PauseButton';
import type { CarouselProps } from './types';

/** The slide a track scrolled to `left` shows (scroll positions are negative right to left). */
export function slideAt( left: number, width: number, count: number ): number {
	if ( width <= 0 || count <= 0 ) {
		return 0;
	}
	return Math.min(
		count - 1,
		Math.max( 0, Math.round( Math.abs( left ) / width ) )
	);
}

/** How long the track must stay still for a scroll to count as ended (ms). */
export const SCROLL_END = 120;

/** The slide after (or before) `index`, round the end. */
export function turn( index: number, count: number, by: number ): number {
	return ( ( ( index + by ) % count ) + count ) % count;
}

/**
 * A carousel over the server's slides. The slides sit in a track that scrolls sideways and snaps
 * to each slide, so swiping works with or without JavaScript, and the position links below it
 * scroll to their slide. The island adds what needs scripts: it turns to the next slide every
 * `interval` ms, with Previous and Next, and a button to pause and play (first in the tab order,
 * WCAG 2.2.2); it stands still while a pointer is over it or focus is in it, and from the start
 * for visitors who prefer reduced motion (and then moves without animation). The slide in view is
 * the one its position link marks as current, however it got there.
 */
export function Carousel( { interval, i18n, element }: CarouselProps ) {
	const track = useMemo(
		() =>
			element.querySelector< HTMLElement >(
				':scope > .tp-carousel__track'
			)!,
		[ element ]
	);
	const slides = useMemo(
		() =>
			Array.from(
				track.querySelectorAll< HTMLElement >(
					':scope > .tp-carousel__slide'
				)
			),
		[ track ]
	);
	const links = useMemo(
		() =>
			Array.from(
				// Its own links: not those of a carousel in one of its slides.
				element.querySelectorAll< HTMLAnchorElement >(
					':scope > .tp-carousel__position a'
				)
			),
		[ element ]
	);
	const [ current, setCurrent ] = useState( () =>
		slideAt( track.scrollLeft, track.clientWidth, slides.length )
	);
	const pause = usePause( element );
	const { stopped, reduced } = pause;
	// The slide a scroll of ours is headed for, until that scroll ends.
	const aim = useRef< { index: number; retried: boolean } | null >( null );

	const scrollTo = useCallback(
		( index: number ) => {
			const rtl =
				element.ownerDocument.defaultView?.getComputedStyle( track )
					.direction === 'rtl';
			track.scrollTo( {
				left: index * track.clientWidth * ( rtl ? -1 : 1 ),
				behavior: reduced ? 'instant' : 'smooth',
			} );
		},
		[ element, reduced, track ]
	);
	const show = useCallback(
		( index: number ) => {
			aim.current = { index, retried: false };
			scrollTo( index );
			setCurrent( index );
		},
		[ scrollTo ]
	);

	// The current slide's position link says so; the track is announced only while still.
	useLayoutEffect( () => {
		links.forEach( ( link, index ) => {
			if ( index === current ) {
				link.setAttribute( 'aria-current', 'true' );
			} else {
				link.removeAttribute( 'aria-current' );
			}
		} );
		track.setAttribute( 'aria-live', stopped ? 'polite' : 'off' );
	}, [ current, links, stopped, track ] );

	// The next slide every `interval` ms while nothing holds it still; any move starts it over.
	useEffect( () => {
		if ( stopped || slides.length < 2 ) {
			return;
		}
		const timer = window.setTimeout(
			() => show( turn( current, slides.length, 1 ) ),
			interval
		);
		return () => window.clearTimeout( timer );
	}, [ current, interval, show, slides, stopped ] );

	// Once a scroll ends: a swipe's slide is the current one; one of ours that a snap or a newer
	// scroll stopped short is sent on once more.
	useEffect( () => {
		let timer = 0;
		const ended = () => {
			const at = slideAt(
				track.scrollLeft,
				track.clientWidth,
				slides.length
			);
			const aimed = aim.current;
			if ( aimed && at !== aimed.index && ! aimed.retried ) {
				aimed.retried = true;
				scrollTo( aimed.index );
				return;
			}
			aim.current = null;
			setCurrent( at );
		};
		const onScroll = () => {
			window.clearTimeout( timer );
			timer = window.setTimeout( ended, SCROLL_END );
		};
		// A visitor's own swipe or wheel takes over from a scroll of ours.
		const onHand = () => {
			aim.current = null;
		};
		// A position link scrolls the track, not the page, and keeps the address as it is.
		const onLink = ( event: MouseEvent ) => {
			const index = links.indexOf(
				event.currentTarget as HTMLAnchorElement
			);
			if ( index >= 0 ) {
				event.preventDefault();
				show( index );
			}
		};
		track.addEventListener( 'scroll', onScroll, { passive: true } );
		for ( const type of [ 'pointerdown', 'touchstart', 'wheel' ] ) {
			track.addEventListener( type, onHand, { passive: true } );
		}
		links.forEach( ( link ) => link.addEventListener( 'click', onLink ) );
		return () => {
			window.clearTimeout( timer );
			track.removeEventListener( 'scroll', onScroll );
			for ( const type of [ 'pointerdown', 'touchstart', 'wheel' ] ) {
				track.removeEventListener( type, onHand );
			}
			links.forEach( ( link ) =>
				link.removeEventListener( 'click', onLink )
			);
		};
	}, [ links, scrollTo, show, slides, track ] );

	return (
		<>
			<PauseButton
				pause={ pause }
				className="tp-carousel__toggle"
				words={ i18n }
			/>
			<button
				type="button"
				className="tp-carousel__previous"
				aria-controls={ track.id }
				onClick={ () => show( turn( current, slides.length, -1 ) ) }
			>
				{ i18n.previous }
			</button>
			<button
				type="button"
				className="tp-carousel__next"
				aria-controls={ track.id }
				onClick={ () => show( turn( current, slides.length, 1 ) ) }
			>
				{ i18n.next }
			</button>
		</>
	);
}
