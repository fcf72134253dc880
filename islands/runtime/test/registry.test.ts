import { describe, expect, it } from 'vitest';
import { resolveDefinition } from '../definition';
import { createRegistry } from '../registry';

const Component = () => null;

describe( 'island registry', () => {
	it( 'returns a loader for a registered definition', async () => {
		const registry = createRegistry();
		registry.register( 'ticker', { component: Component } );
		const loader = registry.get( 'ticker' );
		expect( loader ).toBeDefined();
		expect( ( await resolveDefinition( loader! ) ).component ).toBe(
			Component
		);
	} );

	it( 'lets a later registration replace an island', async () => {
		const registry = createRegistry();
		const Replacement = () => null;
		registry.register( 'ticker', { component: Component } );
		registry.register( 'ticker', async () => ( {
			default: { component: Replacement },
		} ) );
		expect(
			( await resolveDefinition( registry.get( 'ticker' )! ) ).component
		).toBe( Replacement );
	} );

	it( 'refuses names that cannot be island names', () => {
		const registry = createRegistry();
		expect( () =>
			registry.register( 'Bad Name', { component: Component } )
		).toThrow( TypeError );
		expect( () =>
			registry.register( '<script>', { component: Component } )
		).toThrow( TypeError );
	} );

	it( 'rejects a module without a component', async () => {
		await expect(
			resolveDefinition( () => ( { default: {} } ) as never )
		).rejects.toThrow( 'no component' );
	} );
} );
