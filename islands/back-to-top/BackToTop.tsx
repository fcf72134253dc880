import { useEffect, useState } from '@wordpress/element';
import type { MouseEvent } from 'react';
import { scrollWindowTo } from '../shared/motion';
import type { BackToTopProps } from './types';

/**
 * Moves keyboard focus to the top target without a second jump.
 */
function focusTarget( id: string ) {
	const target = document.getElementById( id );
	if ( ! target ) {
		return;
	}
	if ( ! target.hasAttribute( 'tabindex' ) ) {
		target.setAttribute( 'tabindex', '-1' );
	}
	target.focus( { preventScroll: true } );
}

export function BackToTop( {
	label,
	speed,
	showAfter,
	targetId,
}: BackToTopProps ) {
	const [ shown, setShown ] = useState( () => window.scrollY > showAfter );

	useEffect( () => {
		let frame = 0;
		const onScroll = () => {
			if ( ! frame ) {
				frame = window.requestAnimationFrame( () => {
					frame = 0;
					setShown( window.scrollY > showAfter );
				} );
			}
		};
		window.addEventListener( 'scroll', onScroll, { passive: true } );
		onScroll();
		return () => {
			window.removeEventListener( 'scroll', onScroll );
			window.cancelAnimationFrame( frame );
		};
	}, [ showAfter ] );

	const onClick = ( event: MouseEvent< HTMLAnchorElement > ) => {
		event.preventDefault();
		scrollWindowTo( 0, speed ).then( () => focusTarget( targetId ) );
	};

	return (
		<a
			className={ `tp-back-to-top__link${ shown ? '' : ' is-hidden' }` }
			href={ `#${ targetId }` }
			onClick={ onClick }
			aria-hidden={ shown ? undefined : true }
			tabIndex={ shown ? undefined : -1 }
		>
			<span className="tp-back-to-top__icon" aria-hidden="true" />
			<span className="tp-back-to-top__label">{ label }</span>
		</a>
	);
}
