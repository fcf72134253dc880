// The PHP the site runs on: a version probe and the extensions it needs, installed from Debian's
// packages of the same PHP series when they are missing.
import { spawnSync } from 'node:child_process';
import { MIN_PHP, PHP_EXTENSIONS } from './paths.mjs';
import { fail, hasCommand } from './run.mjs';
import { aptInstall } from './apt.mjs';

function compareVersions( a, b ) {
	const pa = a.split( '.' ).map( Number );
	const pb = b.split( '.' ).map( Number );
	for ( let i = 0; i < 3; i++ ) {
		if ( ( pa[ i ] || 0 ) !== ( pb[ i ] || 0 ) ) {
			return ( pa[ i ] || 0 ) - ( pb[ i ] || 0 );
		}
	}
	return 0;
}

export function ensurePhp() {
	if ( ! hasCommand( 'php' ) ) {
		aptInstall( [ 'php-cli' ], 'PHP is not installed' );
	}
	const probe = spawnSync(
		'php',
		[
			'-r',
			'echo PHP_VERSION, "\\n", PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, "\\n", implode(",", array_map("strtolower", get_loaded_extensions()));',
		],
		{ encoding: 'utf8' }
	);
	const [ version, series, extensionList = '' ] = probe.stdout
		.trim()
		.split( '\n' );
	if ( compareVersions( version, MIN_PHP ) < 0 ) {
		fail(
			`PHP ${ version } is too old: TenderPress needs PHP ${ MIN_PHP } or newer (php -v).`
		);
	}
	const loaded = new Set( extensionList.split( ',' ) );
	const wanted = PHP_EXTENSIONS;
	const missing = [
		...new Set(
			Object.entries( wanted )
				.filter( ( [ ext ] ) => ! loaded.has( ext ) )
				.map( ( [ , pkg ] ) => `php${ series }-${ pkg }` )
		),
	];
	if ( missing.length ) {
		aptInstall(
			missing,
			`PHP extensions missing (${ missing.join( ', ' ) })`
		);
	}
}
