// `npm test` counts a skipped, todo or pending test as failed, and names it, whatever the runner.
// Each runner really runs a small scratch suite here, so the counting follows the report format
// of the installed runner, not a recorded copy that could drift from it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
	tapCounts,
	vitestCounts,
	playwrightCounts,
	junitCounts,
	LOG_PROBE,
	phpLogProblems,
} from '../../scripts/lib/test-counts.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const bin = ( name ) => path.join( ROOT, 'node_modules', '.bin', name );
let scratch;

before( () => {
	// Inside the repository, so the scratch suites import vitest and @playwright/test from its
	// node_modules; under .wp/, which git ignores.
	fs.mkdirSync( path.join( ROOT, '.wp' ), { recursive: true } );
	scratch = fs.mkdtempSync( path.join( ROOT, '.wp', 'tooling-counts-' ) );
} );

after( () => fs.rmSync( scratch, { recursive: true, force: true } ) );

function write( name, lines ) {
	fs.writeFileSync( path.join( scratch, name ), lines.join( '\n' ) + '\n' );
}

function runInScratch( cmd, args, env = process.env ) {
	return spawnSync( cmd, args, { cwd: scratch, env, encoding: 'utf8' } );
}

test( 'Vitest: skipped and todo tests count as failed, each named', () => {
	write( 'vitest.config.mjs', [
		"export default { test: { include: [ '*.test.mjs' ] } };",
	] );
	write( 'scratch.test.mjs', [
		"import { describe, it, expect } from 'vitest';",
		"it( 'passes', () => expect( 1 ).toBe( 1 ) );",
		"it( 'fails', () => expect( 1 ).toBe( 2 ) );",
		"it.skip( 'is skipped', () => {} );",
		"it.todo( 'is still to write' );",
		"describe.skip( 'a skipped group', () => {",
		"\tit( 'is skipped with its group', () => {} );",
		'} );',
	] );
	const report = path.join( scratch, 'vitest.json' );
	runInScratch( bin( 'vitest' ), [
		'run',
		'--root',
		scratch,
		'--config',
		path.join( scratch, 'vitest.config.mjs' ),
		'--reporter=json',
		`--outputFile.json=${ report }`,
	] );
	assert.deepEqual(
		vitestCounts(
			JSON.parse( fs.readFileSync( report, 'utf8' ) ),
			scratch
		),
		{
			passed: 1,
			failed: 4,
			notRun: [
				'scratch.test.mjs > is skipped (skipped)',
				'scratch.test.mjs > is still to write (todo)',
				'scratch.test.mjs > a skipped group > is skipped with its group (skipped)',
			],
		}
	);
} );

test( 'Playwright: skipped and fixme tests count as failed, each named with its project', () => {
	const report = path.join( scratch, 'playwright.json' );
	write( 'playwright.config.mjs', [
		'export default {',
		"\ttestDir: '.',",
		"\ttestMatch: '*.spec.mjs',",
		'\tworkers: 1,',
		`\treporter: [ [ 'json', { outputFile: ${ JSON.stringify(
			report
		) } } ] ],`,
		"\tprojects: [ { name: 'scratch' } ],",
		'};',
	] );
	write( 'scratch.spec.mjs', [
		"import { test, expect } from '@playwright/test';",
		"test( 'passes', () => expect( 1 ).toBe( 1 ) );",
		"test( 'fails', () => expect( 1 ).toBe( 2 ) );",
		"test.skip( 'is skipped', () => {} );",
		"test.fixme( 'is to be fixed', () => {} );",
		"test.describe( 'a group', () => {",
		"\ttest( 'skips itself', () => test.skip( true, 'not today' ) );",
		'} );',
	] );
	runInScratch( bin( 'playwright' ), [
		'test',
		'--config',
		path.join( scratch, 'playwright.config.mjs' ),
	] );
	assert.deepEqual(
		playwrightCounts( JSON.parse( fs.readFileSync( report, 'utf8' ) ) ),
		{
			passed: 1,
			failed: 4,
			notRun: [
				'[scratch] scratch.spec.mjs:4 > is skipped',
				'[scratch] scratch.spec.mjs:5 > is to be fixed',
				'[scratch] scratch.spec.mjs:7 > a group > skips itself',
			],
		}
	);
} );

test( 'PHPUnit: skipped and incomplete tests count as failed, each named', () => {
	write( 'ScratchTest.php', [
		'<?php',
		'final class ScratchTest extends \\PHPUnit\\Framework\\TestCase {',
		'\tpublic function test_passes(): void { $this->assertTrue( true ); }',
		"\tpublic function test_is_skipped(): void { $this->markTestSkipped( 'not today' ); }",
		"\tpublic function test_is_incomplete(): void { $this->markTestIncomplete( 'later' ); }",
		'\t/** @dataProvider cases */',
		'\tpublic function test_with_data( bool $skip ): void {',
		'\t\tif ( $skip ) { $this->markTestSkipped(); }',
		'\t\t$this->assertTrue( true );',
		'\t}',
		"\tpublic static function cases(): array { return array( 'a \"quoted\" case' => array( true ), 'plain' => array( false ) ); }",
		'}',
	] );
	const junit = path.join( scratch, 'phpunit.xml' );
	runInScratch( 'php', [
		path.join( ROOT, 'vendor', 'bin', 'phpunit' ),
		'--no-configuration',
		'--log-junit',
		junit,
		path.join( scratch, 'ScratchTest.php' ),
	] );
	assert.deepEqual( junitCounts( fs.readFileSync( junit, 'utf8' ) ), {
		passed: 2,
		failed: 3,
		notRun: [
			'ScratchTest::test_is_skipped',
			'ScratchTest::test_is_incomplete',
			'ScratchTest::test_with_data with data set "a "quoted" case"',
		],
	} );
} );

test( 'PHPUnit: a class whose test exits, leaving no report, counts as failed', () => {
	// A redirect's exit in code a test runs ends PHPUnit at once, with exit code 0 and an empty
	// report: read as "no test, none failed", the whole class would vanish from the counts.
	write( 'ExitTest.php', [
		'<?php',
		'final class ExitTest extends \\PHPUnit\\Framework\\TestCase {',
		'\tpublic function test_passes(): void { $this->assertTrue( true ); }',
		'\tpublic function test_redirects(): void { exit; }',
		'}',
	] );
	const junit = path.join( scratch, 'exit.xml' );
	const run = runInScratch( 'php', [
		path.join( ROOT, 'vendor', 'bin', 'phpunit' ),
		'--no-configuration',
		'--log-junit',
		junit,
		path.join( scratch, 'ExitTest.php' ),
	] );
	assert.equal( run.status, 0, 'PHPUnit itself says nothing went wrong' );
	const report = fs.existsSync( junit )
		? fs.readFileSync( junit, 'utf8' )
		: '';
	assert.deepEqual( junitCounts( report, 'ExitTest.php' ), {
		passed: 0,
		failed: 1,
		notRun: [
			'ExitTest.php: every test (PHPUnit stopped before writing its report)',
		],
	} );
} );

test( 'PHPUnit: a class whose PHP log holds a notice or a database error fails; the probes do not', () => {
	// As PHP writes them: a class's log is TP_DEBUG_LOG, WP_DEBUG_LOG's file.
	const log = path.join( scratch, 'php.log' );
	write( 'notice.php', [
		'<?php',
		`error_log( '${ LOG_PROBE }0f1e' );`,
		'echo $undefined;',
		"error_log( 'WordPress database error database is locked for query UPDATE' . PHP_EOL . 'a second line' );",
	] );
	runInScratch( 'php', [
		'-d',
		'log_errors=1',
		'-d',
		`error_log=${ log }`,
		'-d',
		'display_errors=0',
		path.join( scratch, 'notice.php' ),
	] );
	const problems = phpLogProblems( fs.readFileSync( log, 'utf8' ) );
	assert.equal( problems.length, 2, problems.join( '\n' ) );
	assert.match(
		problems[ 0 ],
		/PHP Warning: +Undefined variable \$undefined/
	);
	assert.match( problems[ 1 ], /database is locked[^]*a second line/ );
	assert.deepEqual( phpLogProblems( '' ), [] );
} );

test( 'node --test: skipped and todo tests count as failed, each named', () => {
	write( 'scratch.node.test.mjs', [
		"import { test, describe } from 'node:test';",
		"test( 'passes', () => {} );",
		"test( 'fails', () => { throw new Error( 'no' ); } );",
		"test.skip( 'is skipped', () => {} );",
		"test.todo( 'is still to write' );",
		"describe( 'a group', () => test.skip( 'is skipped in its group' ) );",
	] );
	// A test file run by node --test is told so through NODE_TEST_CONTEXT; the nested run must not
	// see it, or it would report to this run instead of printing TAP.
	const { NODE_TEST_CONTEXT, ...env } = process.env;
	const { stdout } = runInScratch(
		process.execPath,
		[ '--test', '--test-reporter=tap', 'scratch.node.test.mjs' ],
		env
	);
	assert.deepEqual( tapCounts( stdout ), {
		passed: 1,
		failed: 4,
		notRun: [
			'is skipped (skip)',
			'is still to write (todo)',
			'is skipped in its group (skip)',
		],
	} );
} );
