// Tests must not depend on the calendar (docs/development.md, "The clock"). The seed dates its
// content from the day it runs, so a date as the site prints it ("23 Nov 2026") written into a test
// is either a date the test itself stored, or one that is only true on the day it was written. The
// second kind is caught here, before CI's run with the clock moved (FAKE_CLOCK) has to find it; the
// clock's own setting is checked too: a typo stops the run, and the clock really moves PHP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { clockEnv } from '../../scripts/lib/clock.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const DAY = 24 * 60 * 60 * 1000;

const MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
];
const MONTH = `(${ MONTHS.map(
	( name ) => `${ name.slice( 0, 3 ) }(?:${ name.slice( 3 ) })?`
).join( '|' ) })`;
// "23 Nov 2026", "4 March 2031" (the site's formats), and "Nov 23, 2026".
const DAY_MONTH_YEAR = new RegExp(
	`\\b(\\d{1,2}) ${ MONTH }\\.? ((?:19|20)\\d{2})\\b`,
	'g'
);
const MONTH_DAY_YEAR = new RegExp(
	`\\b${ MONTH }\\.? (\\d{1,2}), ((?:19|20)\\d{2})\\b`,
	'g'
);

// A shown date that the test writes in words, not as Y-m-d: the payload it sends itself.
const WRITTEN_IN_WORDS = [
	{
		file: 'tests/e2e/push.spec.ts',
		date: '2031-03-04',
		why: 'the push message the test delivers to the browser itself',
	},
];

function iso( year, month, day ) {
	const index = MONTHS.findIndex( ( name ) =>
		name.startsWith( month.slice( 0, 3 ) )
	);
	return `${ year }-${ String( index + 1 ).padStart( 2, '0' ) }-${ String(
		day
	).padStart( 2, '0' ) }`;
}

/**
 * The dates in words a source's code (not its comments) holds whose Y-m-d form it does not:
 * [ line number, the date as written, Y-m-d ].
 */
export function unexplainedDates( source ) {
	const found = [];
	source.split( '\n' ).forEach( ( line, index ) => {
		const code = line.trim();
		if ( /^(\/\/|\/\*|\*|#)/.test( code ) ) {
			return;
		}
		for ( const match of code.matchAll( DAY_MONTH_YEAR ) ) {
			found.push( [
				index + 1,
				match[ 0 ],
				iso( match[ 3 ], match[ 2 ], match[ 1 ] ),
			] );
		}
		for ( const match of code.matchAll( MONTH_DAY_YEAR ) ) {
			found.push( [
				index + 1,
				match[ 0 ],
				iso( match[ 3 ], match[ 1 ], match[ 2 ] ),
			] );
		}
	} );
	return found.filter( ( [ , , date ] ) => ! source.includes( date ) );
}

function testFiles( dir ) {
	const files = [];
	for ( const entry of fs.readdirSync( path.join( ROOT, dir ), {
		withFileTypes: true,
	} ) ) {
		const relative = path.join( dir, entry.name );
		if ( entry.isDirectory() ) {
			if (
				! [ 'node_modules', 'visual.spec.ts-snapshots' ].includes(
					entry.name
				)
			) {
				files.push( ...testFiles( relative ) );
			}
		} else if ( /\.(php|ts|tsx|mjs)$/.test( entry.name ) ) {
			files.push( relative );
		}
	}
	return files;
}

test( 'the check finds a seeded date written into a test, and lets a date the test stores pass', () => {
	assert.deepEqual(
		unexplainedDates(
			"\t\t\t$this->assertSame( '23 Nov 2026', $dom->text( '.', $time ) );"
		),
		[ [ 1, '23 Nov 2026', '2026-11-23' ] ]
	);
	assert.deepEqual(
		unexplainedDates( "expect( label ).toBe( 'Nov 23, 2026' );" ),
		[ [ 1, 'Nov 23, 2026', '2026-11-23' ] ]
	);
	assert.deepEqual(
		unexplainedDates(
			"$this->notice( 'May fourth', '2031-05-04 09:00:00' );\n$this->assertSame( 'Closing on Sunday 4 May 2031', $title );"
		),
		[]
	);
	assert.deepEqual(
		unexplainedDates( '// Seeded on 23 Nov 2026, say.' ),
		[],
		'A comment is not a test.'
	);
} );

test( 'no test expects a date in words that it did not store itself', () => {
	const problems = [];
	const files = [
		'tests/php',
		'tests/e2e',
		'tests/unit',
		'tests/fuzz',
		'tests/msw',
		'islands',
	].flatMap( testFiles );
	for ( const file of files ) {
		if (
			file.startsWith( 'islands' ) &&
			! file.split( path.sep ).includes( 'test' )
		) {
			continue;
		}
		const source = fs.readFileSync( path.join( ROOT, file ), 'utf8' );
		for ( const [ line, written, date ] of unexplainedDates( source ) ) {
			const known = WRITTEN_IN_WORDS.find(
				( entry ) => entry.file === file && entry.date === date
			);
			if ( ! known ) {
				problems.push(
					`${ file }:${ line }: "${ written }" (no ${ date } in the file): compute it from the seeded post's stored date or the clock`
				);
			}
		}
	}
	assert.deepEqual( problems, [] );
	for ( const entry of WRITTEN_IN_WORDS ) {
		assert.ok(
			unexplainedDates(
				fs.readFileSync( path.join( ROOT, entry.file ), 'utf8' )
			).some( ( [ , , date ] ) => date === entry.date ),
			`${ entry.file } no longer writes ${ entry.date } in words: drop it from WRITTEN_IN_WORDS`
		);
	}
} );

test( 'a FAKE_CLOCK that is not a clock, or a suite it cannot move, stops npm test with one line', () => {
	for ( const [ env, said ] of [
		[ { FAKE_CLOCK: '45d', ONLY: 'unit' }, /FAKE_CLOCK must be/ ],
		[ { FAKE_CLOCK: '+45 days', ONLY: 'unit' }, /FAKE_CLOCK must be/ ],
		[ { FAKE_CLOCK: '+45d', ONLY: 'unit,e2e' }, /ONLY=unit,php/ ],
		[ { FAKE_CLOCK: '+45d' }, /ONLY=unit,php/ ],
	] ) {
		const result = spawnSync( 'node', [ 'scripts/test.mjs' ], {
			cwd: ROOT,
			env: { ...process.env, ONLY: '', ...env },
			encoding: 'utf8',
		} );
		assert.equal( result.status, 1, JSON.stringify( env ) );
		assert.equal( result.stdout, '', 'Nothing ran.' );
		assert.match( result.stderr, said );
		assert.equal( result.stderr.trim().split( '\n' ).length, 1 );
	}
} );

test( 'under a moved clock, PHP reads the moved time', () => {
	const result = spawnSync(
		'php',
		[ '-r', 'echo time(), " ", date( "Y-m-d" );' ],
		{ env: { ...process.env, ...clockEnv( '+45d' ) }, encoding: 'utf8' }
	);
	assert.equal( result.status, 0, result.stderr );
	const [ seconds ] = result.stdout.split( ' ' );
	const ahead = Number( seconds ) * 1000 - Date.now();
	assert.ok(
		Math.abs( ahead - 45 * DAY ) < 60 * 1000,
		`45 days ahead, not ${ ahead / DAY } days`
	);
} );
