// How `npm test` reads each runner's report into { passed, failed, notRun }. A test that did not
// run to a pass (skipped, todo, pending, fixme, cancelled) counts as failed and is named in
// notRun: a quietly skipped test would otherwise read as a smaller suite that still passes.
import path from 'node:path';

/** node --test with the TAP reporter: the closing summary, and the names marked SKIP or TODO. */
export function tapCounts( output ) {
	const total = ( name ) =>
		Number(
			( output.match( new RegExp( `^# ${ name } (\\d+)$`, 'm' ) ) ||
				[] )[ 1 ] || 0
		);
	const notRun = [
		...output.matchAll( /^\s*(?:not )?ok \d+ - (.*) # (SKIP|TODO)\b/gm ),
	].map( ( [ , name, mark ] ) => `${ name } (${ mark.toLowerCase() })` );
	return {
		passed: total( 'pass' ),
		failed:
			total( 'fail' ) +
			total( 'cancelled' ) +
			total( 'skipped' ) +
			total( 'todo' ),
		notRun,
	};
}

/** Vitest's JSON report. File names are shown relative to `root`. */
export function vitestCounts( report, root = process.cwd() ) {
	const counts = { passed: 0, failed: 0, notRun: [] };
	for ( const file of report.testResults ) {
		const where = path.relative( root, file.name );
		let failedTests = 0;
		for ( const result of file.assertionResults ) {
			if ( result.status === 'passed' ) {
				counts.passed++;
				continue;
			}
			counts.failed++;
			if ( result.status === 'failed' ) {
				failedTests++;
			} else {
				counts.notRun.push(
					`${ where } > ${ [
						...result.ancestorTitles,
						result.title,
					].join( ' > ' ) } (${ result.status })`
				);
			}
		}
		// A file that fails outside its tests (it does not load, a hook throws) is a failure too.
		if ( file.status === 'failed' && failedTests === 0 ) {
			counts.failed++;
		}
	}
	return counts;
}

/** Playwright's JSON report: every test of every project, through nested describe blocks. */
export function playwrightCounts( report ) {
	const counts = { passed: 0, failed: 0, notRun: [] };
	const visit = ( suite, titles ) => {
		for ( const spec of suite.specs || [] ) {
			for ( const run of spec.tests ) {
				if ( run.status === 'expected' ) {
					counts.passed++;
					continue;
				}
				// Flaky (passed only on retry) is a failure too: a test that needs a retry is not a pass.
				counts.failed++;
				if ( run.status === 'skipped' ) {
					counts.notRun.push(
						`[${ run.projectName }] ${ spec.file }:${
							spec.line
						} > ${ [ ...titles, spec.title ].join( ' > ' ) }`
					);
				}
			}
		}
		for ( const child of suite.suites || [] ) {
			visit( child, [ ...titles, child.title ] );
		}
	};
	// The top-level suites are the spec files, already named by spec.file.
	for ( const file of report.suites ) {
		visit( file, [] );
	}
	return counts;
}

function xmlText( value ) {
	return value
		.replace( /&quot;/g, '"' )
		.replace( /&apos;/g, "'" )
		.replace( /&lt;/g, '<' )
		.replace( /&gt;/g, '>' )
		.replace( /&amp;/g, '&' );
}

/**
 * PHPUnit's JUnit XML: skipped and incomplete tests, warnings and errors all count as failed, and
 * so does a run that left no report (`source` names it).
 */
export function junitCounts( xml, source = 'PHPUnit' ) {
	const top = xml.match( /<testsuite [^>]*>/ );
	if ( ! top ) {
		// PHPUnit writes its report when the run ends: none means the process stopped first, as
		// when code a test runs calls exit (a redirect, wp_die()), which also exits with 0.
		return {
			passed: 0,
			failed: 1,
			notRun: [
				`${ source }: every test (PHPUnit stopped before writing its report)`,
			],
		};
	}
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
	const notRun = [
		...xml.matchAll(
			/<testcase name="([^"]*)" class="([^"]*)"[^>]*>\s*<skipped/g
		),
	].map( ( [ , name, className ] ) =>
		xmlText( `${ className }::${ name }` )
	);
	return { passed: tests - Math.min( tests, failed ), failed, notRun };
}

/** What DebugLog writes to prove a PHP log is written (tests/php/support/DebugLog.php). */
export const LOG_PROBE = 'TenderPress log probe ';

/**
 * The entries of a PHP log (each from its `[date time zone]` line to the next) that are not a
 * probe: a notice, a warning, a database error. A class of the php suite whose log holds one
 * fails, as the e2e run does.
 */
export function phpLogProblems( text ) {
	return text
		.split( /^(?=\[\d{2}-\w{3}-\d{4} )/m )
		.filter( ( entry ) => entry.trim() && ! entry.includes( LOG_PROBE ) );
}
