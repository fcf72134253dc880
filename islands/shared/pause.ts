import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { prefersReducedMotion } from './motion';

/** Why something that moves by itself stands still; it moves only when no reason is left. */
export type PauseReason = 'button' | 'hover' | 'focus';

export interface Pause {
	/** Some reason holds it still. */
	stopped: boolean;
	/** Its pause button holds it still (the button then offers to play). */
	byButton: boolean;
	/** The pause button's action. */
	toggle: () => void;
	/** The visitor prefers reduced motion: it starts stopped, and moves are not animated. */
	reduced: boolean;
}

/**
 * What holds an island that moves by itself (the ticker, the carousel) still: its pause button
 * (WCAG 2.2.2), a pointer over it (when `hover`), focus in it, and, from the start, a visitor's
 * preference for reduced motion. Mounted under a pointer or around focus (the first sign of use
 * can be what loaded it), it starts stopped. `onFocusIn` hears each focus that lands in it.
 */
export function usePause(
	element: HTMLElement,
	{
		hover = true,
		onFocusIn,
	}: { hover?: boolean; onFocusIn?: ( event: FocusEvent ) => void } = {}
): Pause {
	const reduced = useMemo( () => prefersReducedMotion(), [] );
	const [ reasons, setReasons ] = useState< ReadonlySet< PauseReason > >(
		() => new Set( reduced ? [ 'button' ] : [] )
	);
	const because = useCallback( ( reason: PauseReason, on: boolean ) => {
		setReasons( ( current ) => {
			if ( current.has( reason ) === on ) {
				return current;
			}
			const next = new Set( current );
			if ( on ) {
				next.add( reason );
			} else {
				next.delete( reason );
			}
			return next;
		} );
	}, [] );
	// The latest callback, without listening again on each render.
	const focusIn = useRef( onFocusIn );
	focusIn.current = onFocusIn;

	useEffect( () => {
		const enter = () => because( 'hover', true );
		const leave = () => because( 'hover', false );
		const onFocus = ( event: FocusEvent ) => {
			because( 'focus', true );
			focusIn.current?.( event );
		};
		const onBlur = ( event: FocusEvent ) => {
			if ( ! element.contains( event.relatedTarget as Node | null ) ) {
				because( 'focus', false );
			}
		};
		if ( hover ) {
			element.addEventListener( 'pointerenter', enter );
			element.addEventListener( 'pointerleave', leave );
			if ( element.matches( ':hover' ) ) {
				enter();
			}
		}
		element.addEventListener( 'focusin', onFocus );
		element.addEventListener( 'focusout', onBlur );
		if ( element.contains( element.ownerDocument.activeElement ) ) {
			because( 'focus', true );
		}
		return () => {
			element.removeEventListener( 'pointerenter', enter );
			element.removeEventListener( 'pointerleave', leave );
			element.removeEventListener( 'focusin', onFocus );
			element.removeEventListener( 'focusout', onBlur );
		};
	}, [ because, element, hover ] );

	const byButton = reasons.has( 'button' );
	return {
		stopped: reasons.size > 0,
		byButton,
		toggle: () => because( 'button', ! byButton ),
		reduced,
	};
}
