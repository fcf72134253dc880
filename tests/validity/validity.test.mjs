// Issue 26: the W3C Nu HTML Checker (vnu.jar, from npm's vnu-jar, run on the machine's Java)
// finds no error in the HTML of any template. The seeded site is served on a port of its own
// (scripts/serve-site.mjs, TP_VALIDITY_PORT) from its own copy of the database; pages.php lists
// the pages to check (every template, the plugin's blocks in one post) from what the seed holds.
// Every page is fetched first, then all are checked in one run of the checker (one JVM start).
// Each page is one test: an error fails it, with the address, line and message; a warning is
// printed and fails nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteEnv } from '../../scripts/lib/site-env.mjs';
import { VNU_JAR, IGNORED_CSS_PROPERTIES, JAVA_OPTIONS } from './checker.mjs';

const HERE = import.meta.dirname;
const ROOT = path.resolve( HERE, '..', '..' );
const PORT = Number( process.env.TP_VALIDITY_PORT || 8965 );
// One database copy per run (serve-site.mjs copies the seed over this name).
const COPY = `validity-${ process.pid }`;
const SITE_URL = `http://127.0.0.1:${ PORT }`;

/** Starts the suite's server; resolves with its stop function once WordPress answers. */
function startSite() {
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			process.execPath,
			[
				path.join( ROOT, 'scripts', 'serve-site.mjs' ),
				String( PORT ),
				COPY,
			],
			{
				cwd: ROOT,
				// pages.php writes its post into an SQLite file, whatever DB the run uses.
				env: { ...process.env, DB: 'sqlite' },
				stdio: [ 'ignore', 'pipe', 'pipe' ],
			}
		);
		let errors = '';
		child.stderr.on( 'data', ( chunk ) => ( errors += chunk ) );
		const stopped = new Promise( ( done ) => child.on( 'exit', done ) );
		child.on( 'exit', ( code ) =>
			reject(
				new Error(
					`scripts/serve-site.mjs exited with ${ code }: ${ errors.trim() }`
				)
			)
		);
		child.stdout.on( 'data', ( chunk ) => {
			if ( /^ready \S+$/m.test( chunk.toString() ) ) {
				resolve( () => {
					child.kill( 'SIGTERM' );
					return stopped;
				} );
			}
		} );
	} );
}

/** pages.php's list, run against the suite's database copy. */
function pagesToCheck() {
	return JSON.parse(
		execFileSync( 'php', [ path.join( HERE, 'pages.php' ) ], {
			cwd: ROOT,
			env: {
				...process.env,
				...siteEnv( { dbFile: `${ COPY }.sqlite`, url: SITE_URL } ),
			},
			encoding: 'utf8',
		} )
	);
}

/**
 * Runs the checker once over every file; resolves with its messages (its JSON format). The
 * checker exits non-zero when it finds an error, which is a result, not a failure to run.
 */
function check( files ) {
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			'java',
			[
				...JAVA_OPTIONS,
				'-jar',
				VNU_JAR,
				'--format',
				'json',
				'--stdout',
				...files,
			],
			{ stdio: [ 'ignore', 'pipe', 'pipe' ] }
		);
		let out = '';
		let errors = '';
		child.stdout.on( 'data', ( chunk ) => ( out += chunk ) );
		child.stderr.on( 'data', ( chunk ) => ( errors += chunk ) );
		child.on( 'error', reject );
		child.on( 'exit', ( code ) => {
			try {
				resolve( JSON.parse( out ).messages );
			} catch {
				reject(
					new Error(
						`vnu.jar exited with ${ code } without a report: ${ errors.trim() }`
					)
				);
			}
		} );
	} );
}

/**
 * Whether a message is the CSS checker not knowing a property that browsers support (the
 * checker's CSS grammar is older than them; the list and why are in checker.mjs).
 */
function unknownCssProperty( message ) {
	return IGNORED_CSS_PROPERTIES.some( ( property ) =>
		message.message.startsWith(
			`CSS: “${ property }”: Property “${ property }” doesn't exist`
		)
	);
}

const started = Date.now();
const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-validity-' ) );
const stop = await startSite();
let pages;
let results;
try {
	const list = pagesToCheck();
	pages = list.pages;
	test( 'the seed holds every kind of page the suite checks', () => {
		assert.deepEqual( list.missing, [], 'pages.php found none of these' );
	} );
	for ( const [ index, page ] of pages.entries() ) {
		const response = await fetch( SITE_URL + page.path );
		page.got = response.status;
		page.file = path.join(
			dir,
			`${ String( index ).padStart( 2, '0' ) }.html`
		);
		fs.writeFileSync( page.file, await response.text() );
	}
	const fetched = Date.now();
	const messages = await check( pages.map( ( page ) => page.file ) );
	results = new Map(
		pages.map( ( page ) => [
			`file:${ page.file }`,
			{ errors: [], warnings: [] },
		] )
	);
	for ( const message of messages ) {
		const result = results.get( message.url );
		if ( ! result ) {
			throw new Error( `vnu.jar: ${ message.message }` );
		}
		if (
			message.type === 'error' ||
			message.type === 'non-document-error'
		) {
			if ( ! unknownCssProperty( message ) ) {
				result.errors.push( message );
			}
		} else if ( message.subType === 'warning' ) {
			result.warnings.push( message );
		}
	}
	console.log(
		`validity: ${ pages.length } pages fetched in ${ (
			( fetched - started ) /
			1000
		).toFixed( 1 ) } s (server start included), checked by vnu.jar in ${ (
			( Date.now() - fetched ) /
			1000
		).toFixed( 1 ) } s`
	);
} finally {
	await stop();
	fs.rmSync( dir, { recursive: true, force: true } );
}

const where = ( page, message ) =>
	`${ page.path }:${ message.lastLine ?? '?' }: ${ message.message }`;

for ( const page of pages ) {
	const { errors, warnings } = results.get( `file:${ page.file }` );
	for ( const warning of warnings ) {
		console.log( `validity warning: ${ where( page, warning ) }` );
	}
	for ( const error of errors ) {
		console.log( `validity error: ${ where( page, error ) }` );
	}
	test( `${ page.name } (${ page.path }) is valid HTML`, () => {
		assert.equal( page.got, page.status, `${ page.path } answered` );
		assert.deepEqual(
			errors.map( ( error ) => where( page, error ) ),
			[],
			`The checker found errors in ${ page.path }`
		);
	} );
}
