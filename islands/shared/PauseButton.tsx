import type { Pause } from './pause';

/**
 * The pause button of something that moves by itself (WCAG 2.2.2): it says what it will do,
 * "Pause" while it moves, "Play" once the button (or a preference for reduced motion) stopped it.
 */
export function PauseButton( {
	pause,
	className,
	words,
}: {
	pause: Pause;
	className: string;
	words: { pause: string; play: string };
} ) {
	return (
		<button type="button" className={ className } onClick={ pause.toggle }>
			{ pause.byButton ? words.play : words.pause }
		</button>
	);
}
