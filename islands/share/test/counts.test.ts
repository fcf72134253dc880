import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShown } from '../counts';

// The count endpoint's answer for the recorded page (tests/php/ContractFixturesTest.php).
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/share.json' ),
		'utf8'
	)
);
const page = Object.keys( recording.counts.answer.message )[ 0 ] as string;

describe( 'the counts the server formats', () => {
	it( 'reads the recorded answer: the total with its caption, each counted service as shown and as said', () => {
		expect( readShown( recording.counts.answer.shown[ page ] ) ).toEqual( {
			total: { value: 1251, count: '1.2K', caption: 'Shares' },
			services: {
				facebook: { count: '1.2K', said: '1.2K shares' },
				x: { count: '1', said: '1 share' },
			},
		} );
	} );

	it.each( [
		[ 'nothing', undefined ],
		[ 'a list', [] ],
		[
			'a total without its value',
			{ total: { count: '0', caption: 'Shares' }, services: {} },
		],
		[ 'no total', { services: {} } ],
		[
			'a number for the count',
			{ total: { value: 3, count: 3, caption: 'Shares' }, services: {} },
		],
		[
			'services as a list',
			{
				total: { value: 0, count: '0', caption: 'Shares' },
				services: [],
			},
		],
		[
			'a service without its words',
			{
				total: { value: 1, count: '1', caption: 'Share' },
				services: { x: { count: '1' } },
			},
		],
	] )(
		'refuses %s, so the bar keeps what the server printed',
		( _name, raw ) => {
			expect( readShown( raw ) ).toBeNull();
		}
	);
} );
