// OS packages from Debian's apt-get: installed when running as root, otherwise the exact command to
// run is the one line the newcomer gets.
import { run, fail, log, isRoot, hasCommand } from './run.mjs';

export function aptInstall( packages, why ) {
	const command = `apt-get install -y ${ packages.join( ' ' ) }`;
	if ( ! isRoot() || ! hasCommand( 'apt-get' ) ) {
		fail( `${ why }. Install it with: sudo ${ command }` );
	}
	log( `${ why }: installing ${ packages.join( ', ' ) } with apt-get` );
	run( 'apt-get', [ 'update', '-q' ], {
		quiet: true,
		what: 'apt-get update',
	} );
	run( 'apt-get', [ 'install', '-y', '-q', ...packages ], {
		quiet: true,
		what: command,
		env: { DEBIAN_FRONTEND: 'noninteractive' },
	} );
}

/** Installs a missing OS command from Debian's package (as root), or says which command to run. */
export function ensureOsCommand( command, debianPackage, purpose ) {
	if ( ! hasCommand( command ) ) {
		aptInstall(
			[ debianPackage ],
			`${ command } is missing (${ purpose })`
		);
	}
}
