// `npm test`: the ensure step, then every suite, then one closing line "N passed, N failed".
// Suites: typecheck, lint, phpcs and phpstan (PHP standards and static analysis), budgets, unit
// (Vitest), php (PHPUnit, a fresh database copy per test class), fuzz (malformed input to the
// plugin's public entry points on a server of its own; see tests/fuzz/fuzz.test.mjs), validity
// (the W3C Nu HTML Checker over every template's HTML, on a server of its own; see
// tests/validity/validity.test.mjs), e2e (Playwright in Debian's Chromium against a real server
// started for the run).
// ONLY=unit,php runs a subset while developing; CI always runs everything. FAKE_CLOCK=+45d (with
// ONLY=unit,php, or one of them) runs them on a clock moved by libfaketime: the seed, PHPUnit and
// Vitest all see that day (scripts/lib/clock.mjs), so a test written against today's date fails. A test that is skipped
// (or todo, pending) counts as failed, in its suite and in the closing line, and is named.
// One run at a time: a second `npm test` waits for the first, since both would use the same
// database copies, reports and e2e port.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { ensureAll } from './lib/ensure.mjs';
import { copySeed, removeSeedCopy } from './lib/seed.mjs';
import { ensureBuild } from './lib/build.mjs';
import { ensureOsCommand } from './lib/apt.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { startMailServer } from './lib/mail-server.mjs';
import { acquireLock } from './lib/lock.mjs';
import {
	tapCounts,
	vitestCounts,
	playwrightCounts,
	junitCounts,
	LOG_PROBE,
	phpLogProblems,
} from './lib/test-counts.mjs';
import { ROOT, WP_DIR, DB, WP_VERSION, FAKE_CLOCK } from './lib/paths.mjs';
import { clockEnv } from './lib/clock.mjs';
import { exitWithError, runAsync, log } from './lib/run.mjs';
import { isRunning } from './lib/processes.mjs';

const REPORTS = path.join( WP_DIR, 'reports' );
const bin = ( name ) => path.join( ROOT, 'node_modules', '.bin', name );
// STACK=1 (npm run test:stack) runs the stack suite alone; ONLY=stack does the same. It is not
// part of a plain `npm test`: it needs nginx, php-fpm, Redis and MariaDB (CI runs it as a step).
function chosenSuites() {
	if ( process.env.STACK ) {
		return new Set( [ 'stack' ] );
	}
	return process.env.ONLY ? new Set( process.env.ONLY.split( ',' ) ) : null;
}
const only = chosenSuites();
const stackOnly = Boolean( only && only.size === 1 && only.has( 'stack' ) );
// The suites FAKE_CLOCK can move. The others either never read the clock or need one that
// libfaketime cannot move for them (Chromium's, in e2e), so they run on the real day only.
const CLOCKED_SUITES = [ 'unit', 'php' ];
if (
	FAKE_CLOCK &&
	( ! only ||
		[ ...only ].some( ( name ) => ! CLOCKED_SUITES.includes( name ) ) )
) {
	process.stderr.write(
		`[tenderpress] FAKE_CLOCK moves the ${ CLOCKED_SUITES.join(
			' and '
		) } suites only: set ONLY=${ CLOCKED_SUITES.join(
			','
		) } (or one of them).\n`
	);
	process.exit( 1 );
}
// PHP_TESTS=NoticeTabsTest,UninstallTest runs only those PHPUnit classes (while developing).
const phpTests = process.env.PHP_TESTS
	? new Set( process.env.PHP_TESTS.split( ',' ) )
	: null;

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
	return {
		passed: code === 0 ? 1 : 0,
		failed: code === 0 ? 0 : 1,
		notRun: [],
	};
}

/**
 * A static analyser (PHPCS, PHPStan): one check, with its whole report on failure, since every
 * line of it is a finding to fix.
 */
async function analyser( script ) {
	const { code, output } = await runAsync( 'npm', [
		'run',
		'--silent',
		script,
	] );
	if ( code !== 0 ) {
		process.stdout.write( output.trimEnd() + '\n' );
	}
	return {
		passed: code === 0 ? 1 : 0,
		failed: code === 0 ? 0 : 1,
		notRun: [],
	};
}

/**
 * A runner's counts, with one failure more when it exited with an error that no test shows (a
 * file that would not load, a crash in the runner).
 */
function withExitCode( counts, code ) {
	return code !== 0 && counts.failed === 0
		? { ...counts, failed: 1 }
		: counts;
}

/**
 * node --test: counts from its TAP output. Lines matching `always` are shown on every run, and
 * lines matching `onFailure` when the suite fails.
 */
async function nodeTests(
	dir,
	{ always = null, onFailure = /not ok|over its budget|Error|error:/ } = {}
) {
	const { code, output } = await runAsync( 'node', [
		'--test',
		'--test-reporter=tap',
		dir,
	] );
	const show = ( pattern ) =>
		process.stdout.write(
			output
				.split( '\n' )
				.filter( ( line ) => pattern.test( line ) )
				.join( '\n' ) + '\n'
		);
	if ( always ) {
		show( always );
	}
	if ( code !== 0 ) {
		show( onFailure );
	}
	return withExitCode( tapCounts( output ), code );
}

async function unit() {
	const report = path.join( REPORTS, 'vitest.json' );
	fs.rmSync( report, { force: true } );
	const { code, output } = await runAsync(
		bin( 'vitest' ),
		[
			'run',
			'--reporter=default',
			'--reporter=json',
			`--outputFile.json=${ report }`,
		],
		// Under FAKE_CLOCK, Vitest and its workers run on the moved clock too.
		{ env: clockEnv() }
	);
	if ( ! fs.existsSync( report ) ) {
		process.stdout.write( output.slice( -4000 ) );
		return { passed: 0, failed: 1, notRun: [] };
	}
	if ( code !== 0 ) {
		process.stdout.write(
			output.split( '\n' ).slice( -80 ).join( '\n' ) + '\n'
		);
	}
	return withExitCode(
		vitestCounts( JSON.parse( fs.readFileSync( report, 'utf8' ) ), ROOT ),
		code
	);
}

/**
 * PHPUnit: each test class in its own process, on its own copy of the seeded database (an SQLite
 * file, or a MariaDB database under DB=mariadb).
 */
async function php( seeded ) {
	const classes = fs
		.readdirSync( path.join( ROOT, 'tests', 'php' ) )
		.filter( ( f ) => f.endsWith( 'Test.php' ) )
		.filter(
			( f ) => ! phpTests || phpTests.has( f.replace( /\.php$/, '' ) )
		)
		.sort();
	const totals = { passed: 0, failed: 0, notRun: [] };
	const queue = [ ...classes ];
	// The mail WordPress sends in a test goes over SMTP to a real server, as on a site.
	const mailDir = path.join( REPORTS, 'phpunit-mail' );
	fs.rmSync( mailDir, { recursive: true, force: true } );
	const mail = await startMailServer( { dir: mailDir } );
	const worker = async () => {
		while ( queue.length ) {
			const file = queue.shift();
			const name = file.replace( /\.php$/, '' );
			const copy = copySeed( seeded, `phpunit-${ name }` );
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
						...siteEnv( copy ),
						TP_SMTP_PORT: String( mail.port ),
						TP_MAIL_DIR: mailDir,
						TP_DEBUG_LOG: debugLog,
						TP_LOG_PROBE: LOG_PROBE,
					},
				}
			);
			const counts = withExitCode(
				junitCounts(
					fs.existsSync( junit )
						? fs.readFileSync( junit, 'utf8' )
						: '',
					file
				),
				code
			);
			// The class's PHP log (its own and its site servers') holds nothing but the probes
			// that prove it is written (tests/php/support/DebugLog.php): a notice, a warning or
			// a database error fails the class, as it fails the e2e run.
			const logged = phpLogProblems(
				fs.existsSync( debugLog )
					? fs.readFileSync( debugLog, 'utf8' )
					: ''
			);
			if ( logged.length ) {
				counts.failed += 1;
				process.stdout.write(
					`--- ${ file }: its PHP log (${ debugLog }) holds ${
						logged.length
					} entr${ logged.length === 1 ? 'y' : 'ies' }:\n${ logged
						.slice( 0, 5 )
						.map( ( entry ) => entry.slice( 0, 1500 ) )
						.join( '\n' ) }\n`
				);
			}
			if ( counts.failed ) {
				process.stdout.write(
					`--- ${ file }\n${ output
						.split( '\n' )
						.slice( -80 )
						.join( '\n' ) }\n`
				);
			}
			removeSeedCopy( copy );
			totals.passed += counts.passed;
			totals.failed += counts.failed;
			totals.notRun.push( ...counts.notRun );
		}
	};
	await Promise.all( [ worker(), worker() ] );
	await mail.stop();
	return totals;
}

/** The Nu HTML Checker runs on Java: Debian's headless runtime, installed as chromium is. */
function validity() {
	ensureOsCommand(
		'java',
		'default-jre-headless',
		'the Java runtime the W3C Nu HTML Checker (vnu.jar) of the validity suite runs on'
	);
	return nodeTests( 'tests/validity/', {
		always: /^# validity: |^# validity (error|warning): /,
		onFailure: /not ok|^\s*error: (?!\|)/,
	} );
}

async function e2e() {
	ensureOsCommand( 'chromium', 'chromium', 'the browser for the e2e tests' );
	ensureOsCommand(
		'faketime',
		'faketime',
		'the clock shift of the day-later e2e test'
	);
	const report = path.join( REPORTS, 'playwright.json' );
	fs.rmSync( report, { force: true } );
	const { code, output } = await runAsync( bin( 'playwright' ), [ 'test' ], {
		env: {
			PLAYWRIGHT_JSON_OUTPUT_NAME: report,
			// The e2e server's PHP log, and the token it logs as a PHP notice at start to prove
			// that notices reach that log (scripts/serve-e2e.mjs, tests/e2e/zz-php-log.spec.ts).
			TP_DEBUG_LOG: path.join( REPORTS, 'e2e-php.log' ),
			TP_LOG_PROOF: crypto.randomUUID(),
		},
	} );
	if ( ! fs.existsSync( report ) ) {
		process.stdout.write( output.slice( -6000 ) );
		return { passed: 0, failed: 1, notRun: [] };
	}
	if ( code !== 0 ) {
		process.stdout.write(
			output.split( '\n' ).slice( -120 ).join( '\n' ) + '\n'
		);
	}
	return withExitCode(
		playwrightCounts( JSON.parse( fs.readFileSync( report, 'utf8' ) ) ),
		code
	);
}

/**
 * Runs `npm run stack` (scripts/stack.mjs) on a fresh copy of the seeded database and resolves
 * with { url, child, output } once it serves, or with { error } when it does not.
 */
function startStackCommand( env ) {
	return new Promise( ( resolve ) => {
		const child = spawn(
			'node',
			[ path.join( ROOT, 'scripts', 'stack.mjs' ) ],
			{
				cwd: ROOT,
				env: { ...process.env, ...env },
				stdio: [ 'ignore', 'pipe', 'pipe' ],
			}
		);
		let output = '';
		const take = ( chunk ) => {
			output += chunk;
			const ready = output.match(
				/stack is running at (http:\/\/[^/\s]+)\//
			);
			if ( ready ) {
				resolve( { url: ready[ 1 ], child, output: () => output } );
			}
		};
		child.stdout.on( 'data', take );
		child.stderr.on( 'data', take );
		child.on( 'exit', ( code ) =>
			resolve( {
				error: `npm run stack ended (exit ${ code }):\n${ output.slice(
					-3000
				) }`,
			} )
		);
	} );
}

/** Pids that are still alive among `pids`, zombies of this process left out. */
const stillRunning = ( pids ) => pids.filter( ( pid ) => isRunning( pid ) );

/**
 * The stack suite: `npm run stack` started as a visitor would start it, then the drop-in's
 * PHPUnit tests on its Redis and database, its page-cache and header tests, the e2e smoke
 * tests against its URL, and last, that stopping it (SIGTERM, as Ctrl-C) leaves no process.
 */
async function stack() {
	ensureOsCommand( 'chromium', 'chromium', 'the browser for the e2e tests' );
	const totals = { passed: 0, failed: 0, notRun: [] };
	const add = ( counts, what, output ) => {
		if ( counts.failed ) {
			process.stdout.write( `--- stack: ${ what }\n${ output }\n` );
		}
		totals.passed += counts.passed;
		totals.failed += counts.failed;
		totals.notRun.push( ...counts.notRun );
	};
	const started = await startStackCommand( {
		STACK_PORT: process.env.STACK_PORT || '8970',
		STACK_REDIS_PORT: process.env.STACK_REDIS_PORT || '8971',
		STACK_DATABASE_COPY: 'stack-suite',
		// The day-old cached page test moves the pools' clock.
		STACK_MOVABLE_CLOCK: '1',
		// As on the e2e server: the push prompt would cover the header the smoke tests use.
		TP_PUSH_PROMPT: 'off',
	} );
	if ( started.error ) {
		add( { passed: 0, failed: 1, notRun: [] }, 'start', started.error );
		return totals;
	}
	const { url, child } = started;
	const stackDir = path.join( WP_DIR, 'stack' );
	try {
		const siteEnvironment = JSON.parse(
			fs.readFileSync( path.join( stackDir, 'env.json' ), 'utf8' )
		);
		const junit = path.join( REPORTS, 'phpunit-stack.xml' );
		fs.rmSync( junit, { force: true } );
		const phpunit = await runAsync(
			'php',
			[
				path.join( ROOT, 'vendor', 'bin', 'phpunit' ),
				'--configuration',
				path.join( ROOT, 'tests', 'stack', 'phpunit.xml' ),
				'--log-junit',
				junit,
			],
			{
				env: {
					...siteEnvironment,
					TP_DEBUG_LOG: path.join( REPORTS, 'phpunit-stack.log' ),
				},
			}
		);
		add(
			withExitCode(
				junitCounts(
					fs.existsSync( junit )
						? fs.readFileSync( junit, 'utf8' )
						: '',
					'tests/stack'
				),
				phpunit.code
			),
			'the object cache (PHPUnit)',
			phpunit.output.split( '\n' ).slice( -80 ).join( '\n' )
		);

		// The caches and the mail first, then the faults (they stop what the caches' tests
		// measure), each file in a run of its own so the order holds.
		for ( const [ file, what ] of [
			[ 'tests/stack/headers.test.mjs', 'caches and headers' ],
			[ 'tests/stack/mail.test.mjs', 'mail over SMTP' ],
			[ 'tests/stack/faults.test.mjs', 'faults under traffic' ],
		] ) {
			const result = await runAsync(
				'node',
				[ '--test', '--test-reporter=tap', file ],
				{ env: { STACK_URL: url } }
			);
			add(
				withExitCode( tapCounts( result.output ), result.code ),
				what,
				result.output
					.split( '\n' )
					.filter( ( line ) =>
						/not ok|error|expected|actual/.test( line )
					)
					.join( '\n' )
			);
		}

		const report = path.join( REPORTS, 'playwright-stack.json' );
		fs.rmSync( report, { force: true } );
		const smoke = await runAsync(
			bin( 'playwright' ),
			// One worker: the day-old page test moves the pools' one clock.
			[
				'test',
				'tests/e2e/smoke.spec.ts',
				'tests/e2e/day-old-cache.stack.spec.ts',
				'--workers=1',
			],
			{
				env: {
					E2E_BASE_URL: url,
					E2E_STACK: '1',
					PLAYWRIGHT_JSON_OUTPUT_NAME: report,
				},
			}
		);
		add(
			withExitCode(
				fs.existsSync( report )
					? playwrightCounts(
							JSON.parse( fs.readFileSync( report, 'utf8' ) )
					  )
					: { passed: 0, failed: 1, notRun: [] },
				smoke.code
			),
			'e2e smoke and the day-old cached page',
			smoke.output.split( '\n' ).slice( -80 ).join( '\n' )
		);
	} finally {
		// Every process the stack started, and the private MariaDB, which no one else uses here.
		const pids = Object.values(
			JSON.parse(
				fs.readFileSync( path.join( stackDir, 'pids.json' ), 'utf8' )
			)
		);
		const mariadbPid = Number(
			fs.readFileSync(
				path.join( WP_DIR, 'mariadb', 'mysqld.pid' ),
				'utf8'
			)
		);
		const exited = new Promise( ( resolve ) =>
			child.on( 'exit', resolve )
		);
		child.kill( 'SIGTERM' );
		await exited;
		const left = stillRunning( [ ...pids, mariadbPid ] );
		add(
			left.length === 0
				? { passed: 1, failed: 0, notRun: [] }
				: { passed: 0, failed: 1, notRun: [] },
			'stopping the stack',
			`still running after the stack stopped: ${ left.join( ', ' ) }`
		);
	}
	return totals;
}

/** Holds the test-run lock until this process exits, however it exits. */
function oneRunAtATime() {
	const release = acquireLock( 'npm-test', {
		onWait: ( owner ) =>
			log(
				`another npm test${
					owner ? ` (pid ${ owner })` : ''
				} is running: waiting for it to finish`
			),
	} );
	process.on( 'exit', release );
	// Without these, a signal ends the process without running the exit handlers.
	process.on( 'SIGINT', () => process.exit( 130 ) );
	process.on( 'SIGTERM', () => process.exit( 143 ) );
}

async function main() {
	oneRunAtATime();
	const started = Date.now();
	log(
		`WordPress ${ WP_VERSION }, ${ DB }${
			FAKE_CLOCK ? `, clock moved: FAKE_CLOCK=${ FAKE_CLOCK }` : ''
		}`
	);
	// The stack suite alone needs no SQLite site: `npm run stack` makes its own, on MariaDB.
	const seeded = stackOnly ? null : ensureAll( { build: false } );
	ensureBuild();
	fs.mkdirSync( REPORTS, { recursive: true } );

	// Each entry runs after the one before; the suites of an entry that is a list run at the same
	// time, as each of them keeps only one core busy (tsc and ESLint are single-threaded; the
	// rest use both cores of this project's machines, or need the site to themselves).
	const suites = [
		[
			[
				'typecheck',
				() =>
					single( bin( 'tsc' ), [
						'--noEmit',
						'-p',
						'tsconfig.json',
					] ),
			],
			[ 'lint', () => single( 'npm', [ 'run', '--silent', 'lint' ] ) ],
		],
		[ 'phpcs', () => analyser( 'phpcs' ) ],
		[ 'phpstan', () => analyser( 'phpstan' ) ],
		[ 'budgets', () => nodeTests( 'tests/budgets/' ) ],
		[ 'tooling', () => nodeTests( 'tests/tooling/' ) ],
		[ 'unit', unit ],
		[ 'php', () => php( seeded ) ],
		[
			'fuzz',
			() =>
				nodeTests( 'tests/fuzz/', {
					always: /^# fuzz: /,
					onFailure: /not ok|^# fuzz failure: |^\s*error: (?!\|)/,
				} ),
		],
		[ 'validity', validity ],
		[ 'e2e', e2e ],
		[ 'stack', stack ],
	];
	const totals = { passed: 0, failed: 0 };
	const runSuite = async ( [ name, suite ] ) => {
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
		if ( result.notRun.length ) {
			log(
				`suite ${ name }: ${
					result.notRun.length
				} test(s) not run, counted as failed: ${ result.notRun.join(
					'; '
				) }`
			);
		}
		totals.passed += result.passed;
		totals.failed += result.failed;
	};
	for ( const entry of suites ) {
		const chosen = (
			Array.isArray( entry[ 0 ] ) ? entry : [ entry ]
		).filter( ( [ name ] ) =>
			only ? only.has( name ) : name !== 'stack'
		);
		await Promise.all( chosen.map( runSuite ) );
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
