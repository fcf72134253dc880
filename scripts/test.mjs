// `npm test`: the ensure step, then every suite, then one closing line "N passed, N failed".
// Suites: typecheck, lint, budgets, unit (Vitest), php (PHPUnit, a fresh database copy per test
// class), e2e (Playwright in Debian's Chromium against a real server started for the run).
// ONLY=unit,php runs a subset while developing; CI always runs everything.
import fs from 'node:fs';
import path from 'node:path';
import {
	ensureAll,
	ensureBuild,
	ensureOsCommand,
	siteEnv,
} from './lib/ensure.mjs';
import { ROOT, WP_DIR, DB_DIR } from './lib/paths.mjs';
import { exitWithError, runAsync, log } from './lib/run.mjs';

const REPORTS = path.join( WP_DIR, 'reports' );
const bin = ( name ) => path.join( ROOT, 'node_modules', '.bin', name );
const only = process.env.ONLY ? new Set( process.env.ONLY.split( ',' ) ) : null;

/**
 * A suite that is one check: passes or fails as a whole.
 */
async function single( cmd, args ) {
	const { code, output } = await runAsync( cmd, args );
	if ( code !== 0 ) {
		process.stdout.write(
			output.split( '\n' ).slice( -60 ).join( '\n' ) + '\n'
		);
	}
	return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
}

/** node --test: counts from its TAP summary. */
async function nodeTests( dir ) {
	const { code, output } = await runAsync( 'node', [
		'--test',
		'--test-reporter=tap',
		dir,
	] );
	const count = ( name ) =>
		Number(
			( output.match( new RegExp( `^# ${ name } (\\d+)$`, 'm' ) ) ||
				[] )[ 1 ] || 0
		);
	if ( code !== 0 ) {
		process.stdout.write(
			output
				.split( '\n' )
				.filter( ( line ) =>
					/not ok|over its budget|Error|error:/.test( line )
				)
				.join( '\n' ) + '\n'
		);
	}
	return {
		passed: count( 'pass' ),
		failed:
			count( 'fail' ) + ( code !== 0 && count( 'fail' ) === 0 ? 1 : 0 ),
	};
}

async function unit() {
	const report = path.join( REPORTS, 'vitest.json' );
	fs.rmSync( report, { force: true } );
	const { code, output } = await runAsync( bin( 'vitest' ), [
		'run',
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${ report }`,
	] );
	if ( ! fs.existsSync( report ) ) {
		process.stdout.write( output.slice( -4000 ) );
		return { passed: 0, failed: 1 };
	}
	const result = JSON.parse( fs.readFileSync( report, 'utf8' ) );
	if ( code !== 0 ) {
		process.stdout.write(
			output.split( '\n' ).slice( -80 ).join( '\n' ) + '\n'
		);
	}
	// A file that fails to load counts as a failure even though it ran no test.
	const brokenFiles = result.testResults.filter(
		( file ) =>
			file.status === 'failed' && file.assertionResults.length === 0
	).length;
	return {
		passed: result.numPassedTests,
		failed: result.numFailedTests + brokenFiles,
	};
}

function junitCounts( file ) {
	const xml = fs.readFileSync( file, 'utf8' );
	const top = xml.match( /<testsuite [^>]*>/ );
	const attr = ( name ) =>
		Number(
			( top?.[ 0 ].match( new RegExp( ` ${ name }="(\\d+)"` ) ) ||
				[] )[ 1 ] || 0
		);
	const tests = attr( 'tests' );
	const failed =
		attr( 'failures' ) +
		attr( 'errors' ) +
		attr( 'skipped' ) +
		attr( 'warnings' );
	return { passed: tests - Math.min( tests, failed ), failed };
}

/**
 * PHPUnit: each test class in its own process, on its own copy of the seeded database.
 */
async function php( seedFile ) {
	const classes = fs
		.readdirSync( path.join( ROOT, 'tests', 'php' ) )
		.filter( ( f ) => f.endsWith( 'Test.php' ) )
		.sort();
	const totals = { passed: 0, failed: 0 };
	const queue = [ ...classes ];
	const worker = async () => {
		while ( queue.length ) {
			const file = queue.shift();
			const name = file.replace( /\.php$/, '' );
			const copy = `phpunit-${ name }.sqlite`;
			fs.copyFileSync(
				path.join( DB_DIR, seedFile ),
				path.join( DB_DIR, copy )
			);
			const junit = path.join( REPORTS, `phpunit-${ name }.xml` );
			fs.rmSync( junit, { force: true } );
			const debugLog = path.join( REPORTS, `phpunit-${ name }.log` );
			fs.rmSync( debugLog, { force: true } );
			const { code, output } = await runAsync(
				'php',
				[
					path.join( ROOT, 'vendor', 'bin', 'phpunit' ),
					'--configuration',
					path.join( ROOT, 'phpunit.xml.dist' ),
					'--log-junit',
					junit,
					path.join( ROOT, 'tests', 'php', file ),
				],
				{
					env: {
						...siteEnv( { dbFile: copy } ),
						TP_DEBUG_LOG: debugLog,
					},
				}
			);
			const counts = fs.existsSync( junit )
				? junitCounts( junit )
				: { passed: 0, failed: 1 };
			if ( code !== 0 && counts.failed === 0 ) {
				counts.failed = 1;
			}
			if ( counts.failed ) {
				process.stdout.write(
					`--- ${ file }\n${ output
						.split( '\n' )
						.slice( -80 )
						.join( '\n' ) }\n`
				);
			}
			fs.rmSync( path.join( DB_DIR, copy ), { force: true } );
			totals.passed += counts.passed;
			totals.failed += counts.failed;
		}
	};
	await Promise.all( [ worker(), worker() ] );
	return totals;
}

async function e2e() {
	ensureOsCommand( 'chromium', 'chromium', 'the browser for the e2e tests' );
	const report = path.join( REPORTS, 'playwright.json' );
	fs.rmSync( report, { force: true } );
	const { code, output } = await runAsync( bin( 'playwright' ), [ 'test' ], {
		env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
	} );
	if ( ! fs.existsSync( report ) ) {
		process.stdout.write( output.slice( -6000 ) );
		return { passed: 0, failed: 1 };
	}
	const { stats } = JSON.parse( fs.readFileSync( report, 'utf8' ) );
	if ( code !== 0 ) {
		process.stdout.write(
			output.split( '\n' ).slice( -120 ).join( '\n' ) + '\n'
		);
	}
	// Flaky (passed only on retry) counts as failed: a test that needs a retry is not a pass.
	const failed =
		stats.unexpected +
		stats.flaky +
		( code !== 0 && stats.unexpected + stats.flaky === 0 ? 1 : 0 );
	return { passed: stats.expected, failed };
}

async function main() {
	const started = Date.now();
	const { pristineFile } = ensureAll( { build: false } );
	ensureBuild();
	fs.mkdirSync( REPORTS, { recursive: true } );

	const suites = [
		[
			'typecheck',
			() => single( bin( 'tsc' ), [ '--noEmit', '-p', 'tsconfig.json' ] ),
		],
		[ 'lint', () => single( 'npm', [ 'run', '--silent', 'lint' ] ) ],
		[ 'budgets', () => nodeTests( 'tests/budgets/' ) ],
		[ 'tooling', () => nodeTests( 'tests/tooling/' ) ],
		[ 'unit', unit ],
		[ 'php', () => php( pristineFile ) ],
		[ 'e2e', e2e ],
	];
	const totals = { passed: 0, failed: 0 };
	for ( const [ name, suite ] of suites ) {
		if ( only && ! only.has( name ) ) {
			continue;
		}
		const suiteStarted = Date.now();
		log( `suite ${ name }…` );
		const result = await suite();
		log(
			`suite ${ name }: ${ result.passed } passed, ${
				result.failed
			} failed (${ ( ( Date.now() - suiteStarted ) / 1000 ).toFixed(
				1
			) } s)`
		);
		totals.passed += result.passed;
		totals.failed += result.failed;
	}
	log(
		`all suites in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 0 ) } s`
	);
	process.stdout.write(
		`${ totals.passed } passed, ${ totals.failed } failed\n`
	);
	process.exit( totals.failed === 0 && totals.passed > 0 ? 0 : 1 );
}

main().catch( ( error ) => exitWithError( error, '0 passed, 1 failed\n' ) );
