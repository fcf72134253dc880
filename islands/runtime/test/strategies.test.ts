/**
 * External dependencies
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { strategies, strategyFor } from '../strategies';
import { idle } from '../strategies/idle';
import { INTERACTION_EVENTS, interaction } from '../strategies/interaction';
import { load } from '../strategies/load';
import { scroll } from '../strategies/scroll';
import { ROOT_MARGIN, visible } from '../strategies/visible';
import runtimeContract from '../../../tests/fixtures/runtime.json';

function island( when?: string ): HTMLElement {
	const element = document.createElement( 'div' );
	element.dataset.tpIsland = 'ticker';
	if ( when !== undefined ) {
		element.dataset.tpWhen = when;
	}
	document.body.append( element );
	return element;
}

/**
 * A stand-in for IntersectionObserver that lets a test say when the island comes into view.
 */
class FakeIntersectionObserver {
	static instances: FakeIntersectionObserver[] = [];
	readonly observed: Element[] = [];
	disconnected = false;

	constructor(
		readonly callback: IntersectionObserverCallback,
		readonly options: IntersectionObserverInit = {}
	) {
		FakeIntersectionObserver.instances.push( this );
	}

	observe( target: Element ) {
		this.observed.push( target );
	}

	disconnect() {
		this.disconnected = true;
	}

	unobserve() {}

	takeRecords() {
		return [];
	}

	/** Reports the observed elements as (not) intersecting, as the browser would. */
	report( isIntersecting: boolean ) {
		if ( this.disconnected ) {
			return;
		}
		this.callback(
			this.observed.map(
				( target ) =>
					( { target, isIntersecting } ) as IntersectionObserverEntry
			),
			this as unknown as IntersectionObserver
		);
	}
}

afterEach( () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	FakeIntersectionObserver.instances = [];
} );

describe( 'load strategy', () => {
	it( 'starts at once', () => {
		const start = vi.fn();
		load( island( 'load' ), start );
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'idle strategy', () => {
	it( 'waits for requestIdleCallback, with a 2 s timeout so it cannot wait for ever', () => {
		const requestIdleCallback = vi.fn();
		vi.stubGlobal( 'requestIdleCallback', requestIdleCallback );
		const start = vi.fn();

		idle( island( 'idle' ), start );

		expect( start ).not.toHaveBeenCalled();
		expect( requestIdleCallback ).toHaveBeenCalledWith( start, {
			timeout: 2000,
		} );
		requestIdleCallback.mock.calls[ 0 ]![ 0 ]();
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'falls back to a short timeout where requestIdleCallback is missing (Safari)', () => {
		expect( 'requestIdleCallback' in window ).toBe( false );
		vi.useFakeTimers();
		const start = vi.fn();

		idle( island( 'idle' ), start );

		expect( start ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 199 );
		expect( start ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 1 );
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'visible strategy', () => {
	it( 'observes the island with a 200px root margin and starts only once it is near the screen', () => {
		vi.stubGlobal( 'IntersectionObserver', FakeIntersectionObserver );
		const element = island( 'visible' );
		const start = vi.fn();

		visible( element, start );

		const [ observer ] = FakeIntersectionObserver.instances;
		expect( ROOT_MARGIN ).toBe( '200px' );
		expect( observer?.options.rootMargin ).toBe( '200px' );
		expect( observer?.observed ).toEqual( [ element ] );

		observer!.report( false );
		expect( start ).not.toHaveBeenCalled();

		observer!.report( true );
		expect( start ).toHaveBeenCalledTimes( 1 );
		expect( observer!.disconnected ).toBe( true );
	} );

	it( 'starts once only, whatever the observer reports after the first hit', () => {
		vi.stubGlobal( 'IntersectionObserver', FakeIntersectionObserver );
		const start = vi.fn();
		visible( island( 'visible' ), start );
		const observer = FakeIntersectionObserver.instances[ 0 ]!;
		const disconnect = vi.spyOn( observer, 'disconnect' );

		observer.report( true );
		observer.report( true );

		expect( start ).toHaveBeenCalledTimes( 1 );
		expect( disconnect ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'interaction strategy', () => {
	const events: Record<
		( typeof INTERACTION_EVENTS )[ number ],
		() => Event
	> = {
		pointerover: () => new Event( 'pointerover', { bubbles: true } ),
		pointerdown: () => new Event( 'pointerdown', { bubbles: true } ),
		touchstart: () => new Event( 'touchstart', { bubbles: true } ),
		focusin: () => new FocusEvent( 'focusin', { bubbles: true } ),
		keydown: () =>
			new KeyboardEvent( 'keydown', { bubbles: true, key: 'Enter' } ),
	};

	it( 'listens for exactly the events that announce a visitor', () => {
		expect( [ ...INTERACTION_EVENTS ].sort() ).toEqual(
			[
				'focusin',
				'keydown',
				'pointerdown',
				'pointerover',
				'touchstart',
			].sort()
		);
	} );

	it( 'waits for the visitor', () => {
		const start = vi.fn();
		const element = island( 'interaction' );
		interaction( element, start );
		element.dispatchEvent( new Event( 'click', { bubbles: true } ) );
		element.dispatchEvent( new Event( 'scroll' ) );
		expect( start ).not.toHaveBeenCalled();
	} );

	it.each( INTERACTION_EVENTS )(
		'starts on %s and only once, removing every listener',
		( first ) => {
			const start = vi.fn();
			const element = island( 'interaction' );
			const child = document.createElement( 'a' );
			element.append( child );
			const remove = vi.spyOn( element, 'removeEventListener' );
			interaction( element, start );

			// Events on the island's content bubble up to it.
			const intent = events[ first ]();
			child.dispatchEvent( intent );
			expect( start ).toHaveBeenCalledTimes( 1 );
			// The event goes with it: the runtime starts a request for the control it names.
			expect( start ).toHaveBeenCalledWith( intent );

			INTERACTION_EVENTS.forEach( ( type ) =>
				element.dispatchEvent( events[ type ]() )
			);
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect(
				remove.mock.calls.map( ( [ type ] ) => type ).sort()
			).toEqual( [ ...INTERACTION_EVENTS ].sort() );
		}
	);

	it( 'with data-tp-intent, waits for the visitor on that part only', () => {
		const start = vi.fn();
		const element = island( 'interaction' );
		element.innerHTML =
			'<div class="items"><a href="/n/1/">Notice</a></div><nav class="pages"><a href="/page/2/">2</a></nav>';
		element.dataset.tpIntent = '.pages';
		interaction( element, start );

		element
			.querySelector( '.items a' )!
			.dispatchEvent( events.pointerover() );
		element.querySelector( '.items a' )!.dispatchEvent( events.focusin() );
		expect( start ).not.toHaveBeenCalled();

		element.querySelector( '.pages a' )!.dispatchEvent( events.focusin() );
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'with a selector list in data-tp-intent, any of those parts starts it, once', () => {
		const start = vi.fn();
		const element = island( 'interaction' );
		element.innerHTML =
			'<form class="filters"><select name="status"></select></form><div class="items"><a href="/n/1/">Notice</a></div><nav class="pages"><a href="/page/2/">2</a></nav>';
		element.dataset.tpIntent = '.pages, .filters';
		interaction( element, start );

		element.querySelector( '.items a' )!.dispatchEvent( events.focusin() );
		expect( start ).not.toHaveBeenCalled();

		element.querySelector( 'select' )!.dispatchEvent( events.focusin() );
		expect( start ).toHaveBeenCalledTimes( 1 );
		element.querySelector( '.pages a' )!.dispatchEvent( events.focusin() );
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'scroll strategy', () => {
	const scrollTo = ( y: number ) => {
		vi.spyOn( window, 'scrollY', 'get' ).mockReturnValue( y );
		window.dispatchEvent( new Event( 'scroll' ) );
	};

	afterEach( () => vi.restoreAllMocks() );

	it( 'waits until the page has scrolled past data-tp-scroll pixels, then starts once, half a second later', () => {
		vi.useFakeTimers();
		const start = vi.fn();
		const element = island( 'scroll' );
		element.dataset.tpScroll = '400';
		scrollTo( 0 );
		scroll( element, start );
		scrollTo( 399 );
		scrollTo( 400 );
		vi.advanceTimersByTime( 5000 );
		expect( start ).not.toHaveBeenCalled();
		scrollTo( 401 );
		scrollTo( 1200 );
		// A tap that comes at once (on a listing's page links) goes first.
		vi.advanceTimersByTime( 499 );
		expect( start ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 1 );
		expect( start ).toHaveBeenCalledTimes( 1 );
		scrollTo( 1300 );
		vi.advanceTimersByTime( 5000 );
		expect( start ).toHaveBeenCalledTimes( 1 );
		vi.useRealTimers();
	} );

	it( 'starts half a second after a page opens already scrolled that far', () => {
		vi.useFakeTimers();
		const start = vi.fn();
		const element = island( 'scroll' );
		element.dataset.tpScroll = '400';
		vi.spyOn( window, 'scrollY', 'get' ).mockReturnValue( 900 );
		scroll( element, start );
		vi.advanceTimersByTime( 500 );
		expect( start ).toHaveBeenCalledTimes( 1 );
		vi.useRealTimers();
	} );
} );

describe( 'strategyFor', () => {
	it.each( [ 'load', 'idle', 'visible', 'interaction', 'scroll' ] as const )(
		'picks %s from data-tp-when',
		( when ) => {
			expect( strategyFor( island( when ) ) ).toBe( strategies[ when ] );
		}
	);

	it.each( [ undefined, '', 'hover', 'LOAD', 'visible ' ] )(
		'falls back to idle for data-tp-when=%j',
		( when ) => {
			expect( strategyFor( island( when ) ) ).toBe( idle );
		}
	);

	// Names every object inherits must not be "found": "constructor" or "toString" would never
	// call start (the island would wait for ever) and "__proto__" would throw in startIslands.
	it.each( [ 'constructor', 'toString', '__proto__' ] )(
		'falls back to idle for data-tp-when=%j',
		( when ) => {
			expect( strategyFor( island( when ) ) ).toBe( idle );
		}
	);

	it( 'has a strategy for each name the PHP side may print, and no other', () => {
		expect( strategies ).toEqual( {
			load,
			idle,
			visible,
			interaction,
			scroll,
		} );
		// tests/fixtures/runtime.json is recorded from IslandContainer::STRATEGIES.
		expect( Object.keys( strategies ).sort() ).toEqual(
			[ ...runtimeContract.strategies ].sort()
		);
	} );
} );
