import {
	useEffect,
	useLayoutEffect,
	useMemo,
	useState,
} from '@wordpress/element';
import { usePause } from '../shared/pause';
import { PauseButton } from '../shared/PauseButton';
import { home, positionOf, settle, step, type Track } from './track';
import type { TickerProps } from './types';

/**
 * A vertical news ticker over the server's list: the view shows `visible` items and moves by one
 * every `pause` ms, the move taking `speed` ms. It stops while a pointer is over it or focus is in
 * it, and on its button (WCAG 2.2.2); it starts stopped for visitors who prefer reduced motion,
 * and never animates a move for them. The list stays the server's, with the copies of its ends
 * the loop needs (hidden from assistive technology and the keyboard) already in place, so the
 * mount moves nothing; the island only moves it.
 */
export function Ticker( {
	speed,
	pause,
	visible,
	direction,
	pauseOnHover,
	i18n,
	element,
}: TickerProps ) {
	const list = useMemo(
		() => element.querySelector< HTMLElement >( '.tp-ticker__list' )!,
		[ element ]
	);
	const items = useMemo(
		() =>
			Array.from(
				list.querySelectorAll< HTMLElement >(
					':scope > .tp-ticker__item:not([data-tp-copy])'
				)
			),
		[ list ]
	);
	const track: Track = useMemo(
		() => ( { count: items.length, visible } ),
		[ items, visible ]
	);
	const [ position, setPosition ] = useState( () => home( track ) );
	// A jump between a copy and the item it copies is not animated.
	const [ animate, setAnimate ] = useState( false );
	// Moves so far: the next one is due a pause after the last began, whatever the list did since.
	const [ moves, setMoves ] = useState( 0 );
	// An item focused comes into view (at the top, unless it is in view already).
	const held = usePause( element, {
		hover: pauseOnHover,
		onFocusIn: ( event ) => {
			const item = ( event.target as Element ).closest< HTMLElement >(
				'.tp-ticker__item:not([data-tp-copy])'
			);
			const index = item ? items.indexOf( item ) : -1;
			if ( index >= 0 ) {
				const at = positionOf( track, index );
				setPosition( ( current ) =>
					current <= at && at < current + visible ? current : at
				);
			}
		},
	} );

	const { stopped, reduced } = held;
	// A move takes at most half the pause, so it always ends (and the list stands on the real
	// items again) before the next one starts.
	const duration = Math.min( speed, Math.floor( pause / 2 ) );

	// Where the list stands, before the browser paints it.
	useLayoutEffect( () => {
		list.style.setProperty( '--tp-ticker-position', String( position ) );
		list.style.transitionDuration =
			animate && ! reduced ? `${ duration }ms` : '0ms';
	}, [ animate, duration, list, position, reduced ] );

	// One move every `pause` ms while nothing stops the ticker.
	useEffect( () => {
		if ( stopped ) {
			return;
		}
		const timer = window.setTimeout( () => {
			setAnimate( true );
			setPosition( ( current ) =>
				step( settle( track, current ), direction === 'up' )
			);
			setMoves( ( count ) => count + 1 );
		}, pause );
		return () => window.clearTimeout( timer );
	}, [ direction, moves, pause, stopped, track ] );

	// Once a move has ended on copies, the same view among the real items, without a transition.
	useEffect( () => {
		const settled = settle( track, position );
		if ( settled === position ) {
			return;
		}
		const timer = window.setTimeout(
			() => {
				setAnimate( false );
				setPosition( settled );
			},
			animate && ! reduced ? duration : 0
		);
		return () => window.clearTimeout( timer );
	}, [ animate, duration, position, reduced, track ] );

	return (
		<PauseButton
			pause={ held }
			className="tp-ticker__toggle"
			words={ i18n }
		/>
	);
}
