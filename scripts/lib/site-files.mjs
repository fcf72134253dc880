// The files that make .wp/site this project's site: salts, wp-config.php and the dev-site
// must-use plugin copied from scripts/wp/, and symlinks to the repository's plugin and theme.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {
	ROOT,
	WP_DIR,
	SITE_DIR,
	CONTENT_DIR,
	DB_DIR,
	MAIL_DIR,
} from './paths.mjs';

function writeIfChanged( file, content ) {
	if (
		fs.existsSync( file ) &&
		fs.readFileSync( file, 'utf8' ) === content
	) {
		return;
	}
	fs.mkdirSync( path.dirname( file ), { recursive: true } );
	fs.writeFileSync( file, content );
}

function symlink( target, link ) {
	try {
		if ( fs.readlinkSync( link ) === target ) {
			return;
		}
		fs.rmSync( link, { force: true } );
	} catch {
		fs.rmSync( link, { recursive: true, force: true } );
	}
	fs.mkdirSync( path.dirname( link ), { recursive: true } );
	fs.symlinkSync( target, link );
}

/** Site config and links: the plugin and theme are the repository's own folders, symlinked in. */
/** WordPress's eight keys and salts, each defined with 32 fresh random bytes. */
export function saltDefinitions() {
	return [
		'AUTH_KEY',
		'SECURE_AUTH_KEY',
		'LOGGED_IN_KEY',
		'NONCE_KEY',
		'AUTH_SALT',
		'SECURE_AUTH_SALT',
		'LOGGED_IN_SALT',
		'NONCE_SALT',
	].map(
		( key ) =>
			`define( '${ key }', '${ crypto
				.randomBytes( 32 )
				.toString( 'hex' ) }' );`
	);
}

export function ensureSiteFiles() {
	const salts = path.join( WP_DIR, 'salts.php' );
	if ( ! fs.existsSync( salts ) ) {
		fs.writeFileSync(
			salts,
			'<?php\n' + saltDefinitions().join( '\n' ) + '\n'
		);
	}
	writeIfChanged(
		path.join( SITE_DIR, 'wp-config.php' ),
		fs.readFileSync(
			path.join( ROOT, 'scripts', 'wp', 'wp-config.php' ),
			'utf8'
		)
	);
	writeIfChanged(
		path.join( CONTENT_DIR, 'mu-plugins', 'tenderpress-dev-site.php' ),
		fs.readFileSync(
			path.join( ROOT, 'scripts', 'wp', 'dev-site-mu-plugin.php' ),
			'utf8'
		)
	);
	symlink(
		path.join( ROOT, 'plugin' ),
		path.join( CONTENT_DIR, 'plugins', 'tenderpress' )
	);
	symlink(
		path.join( ROOT, 'theme' ),
		path.join( CONTENT_DIR, 'themes', 'tenderpress' )
	);
	// The plugin finds build/ and vendor/ beside its main file, as in the installable zip.
	symlink( '../build', path.join( ROOT, 'plugin', 'build' ) );
	symlink( '../vendor', path.join( ROOT, 'plugin', 'vendor' ) );
	fs.mkdirSync( DB_DIR, { recursive: true } );
	fs.mkdirSync( MAIL_DIR, { recursive: true } );
}
