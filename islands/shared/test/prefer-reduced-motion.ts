/**
 * External dependencies
 */
import { vi } from 'vitest';

/** Makes the window answer the reduced-motion media query as a visitor's device would. */
export function preferReducedMotion( reduce: boolean ) {
	vi.stubGlobal(
		'matchMedia',
		vi.fn( ( query: string ) => ( {
			matches: reduce && query === '(prefers-reduced-motion: reduce)',
			media: query,
			addEventListener: () => {},
			removeEventListener: () => {},
		} ) )
	);
}
