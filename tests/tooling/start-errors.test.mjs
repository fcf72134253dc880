// The dev tooling's promises to a newcomer: one clear line, and exit 1, when something is wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

function runNode( code, env = {} ) {
	return spawnSync( process.execPath, [ '--input-type=module', '-e', code ], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		encoding: 'utf8',
	} );
}

test( 'npm start says which port is taken and how to pick another', async () => {
	const blocker = net.createServer();
	await new Promise( ( resolve ) =>
		blocker.listen( 0, '127.0.0.1', resolve )
	);
	const { port } = blocker.address();
	try {
		const result = spawnSync( process.execPath, [ 'scripts/start.mjs' ], {
			cwd: ROOT,
			env: { ...process.env, PORT: String( port ) },
			encoding: 'utf8',
		} );
		assert.equal( result.status, 1 );
		const lines = result.stderr.trim().split( '\n' );
		assert.equal( lines.length, 1, `one line, got:\n${ result.stderr }` );
		assert.match(
			lines[ 0 ],
			new RegExp(
				`Port ${ port } .* already in use.*PORT=${ port + 1 } npm start`
			)
		);
	} finally {
		blocker.close();
	}
} );

test( 'npm start refuses a PORT that is not a port number', () => {
	const result = spawnSync( process.execPath, [ 'scripts/start.mjs' ], {
		cwd: ROOT,
		env: { ...process.env, PORT: '99999' },
		encoding: 'utf8',
	} );
	assert.equal( result.status, 1 );
	assert.match(
		result.stderr,
		/PORT must be a port number from 1 to 65535, got "99999"/
	);
} );

test( 'an old PHP is named, with the version needed', () => {
	const fakeBin = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-php-' ) );
	// Answers the version probe the way PHP 7.4 would.
	fs.writeFileSync(
		path.join( fakeBin, 'php' ),
		'#!/bin/sh\nprintf "7.4.33\\n7.4\\ncore,pdo_sqlite,mbstring,xml,dom,zip,curl,intl"\n',
		{ mode: 0o755 }
	);
	const result = runNode(
		"import { ensurePhp } from './scripts/lib/php.mjs'; try { ensurePhp(); } catch ( e ) { console.log( e.message ); process.exit( 3 ); }",
		{ PATH: `${ fakeBin }:${ process.env.PATH }` }
	);
	fs.rmSync( fakeBin, { recursive: true, force: true } );
	assert.equal( result.status, 3 );
	assert.match(
		result.stdout.trim(),
		/^PHP 7\.4\.33 is too old: TenderPress needs PHP 8\.1\.0 or newer/
	);
} );

test( 'a registry package that cannot be fetched gives one clear line', () => {
	const result = runNode(
		"import { fetchPackage } from './scripts/lib/npm-registry.mjs'; try { fetchPackage( '@tenderpress-nonexistent/no-such-package@0.0.1' ); } catch ( e ) { console.log( e.message ); process.exit( 3 ); }"
	);
	assert.equal( result.status, 3 );
	const message = result.stdout.trim().split( '\n' ).pop();
	assert.match(
		message,
		/^Could not fetch @tenderpress-nonexistent\/no-such-package@0\.0\.1 from the npm registry \(E404: /
	);
	assert.match( message, /npm config get registry/ );
} );

for ( const [ name, value, allowed ] of [
	[ 'WP_VERSION', '6.6', '6.5, beta, nightly' ],
	[ 'DB', 'mysql', 'sqlite, mariadb' ],
] ) {
	for ( const script of [ 'scripts/start.mjs', 'scripts/test.mjs' ] ) {
		test( `${ script } refuses ${ name }=${ value } in one line naming the allowed values`, () => {
			const result = spawnSync( process.execPath, [ script ], {
				cwd: ROOT,
				env: { ...process.env, [ name ]: value },
				encoding: 'utf8',
			} );
			assert.equal( result.status, 1 );
			assert.equal(
				result.stderr,
				`[tenderpress] ${ name } must be one of ${ allowed } (got "${ value }").\n`
			);
		} );
	}
}
