// A real SMTP server on loopback for the sites our scripts start: WordPress sends its mail with
// wp_mail() through PHPMailer over SMTP (scripts/wp/dev-site-mu-plugin.php, `phpmailer_init`,
// when TP_SMTP_PORT is set), as it would to a host's relay, and each message that arrives is
// written to a folder for tests to read what a visitor would receive:
//
//   <dir>/<time>-<random>.json  { to (the envelope's recipients), from, subject, message (the
//                               text part), html, headers (by lowercase name), raw (the message
//                               as it came over the wire) }
//
// The JSON file is in place before the server accepts the message (250), so once wp_mail()
// has returned, its message is on disk; it is renamed into place whole (readers take *.json). No TLS and no authentication: loopback only.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

// Where the sites our scripts start have their mail written (startServer(), startStack()).
export { MAIL_DIR } from './paths.mjs';

/** The addresses of a parsed address header (mailparser gives one object or a list). */
function addresses( field ) {
	return [ field ]
		.flat()
		.filter( Boolean )
		.flatMap( ( group ) => group.value || [] )
		.map( ( { address } ) => address );
}

/**
 * The messages a mail server wrote to `dir` since `since` (ms since the epoch), oldest first.
 *
 * @param {string} dir   The server's folder.
 * @param {number} since Leave out messages older than this (with a second's slack).
 * @return {Array<{to: string[], from: string, subject: string, message: string, html: string, headers: Object<string, string>, raw: string}>} The messages.
 */
export function mailsSince( dir, since = 0 ) {
	if ( ! fs.existsSync( dir ) ) {
		return [];
	}
	return fs
		.readdirSync( dir )
		.filter( ( file ) => file.endsWith( '.json' ) )
		.sort()
		.map( ( file ) => path.join( dir, file ) )
		.filter( ( file ) => fs.statSync( file ).mtimeMs >= since - 1000 )
		.map( ( file ) => JSON.parse( fs.readFileSync( file, 'utf8' ) ) );
}

/**
 * Starts the server. Resolves with { port, stop } once it listens.
 *
 * @param {{dir: string, port?: number}} options The folder for the messages; the port (0, the
 *                                               default, takes a free one).
 */
export async function startMailServer( { dir, port = 0 } ) {
	// npm packages, imported when a server starts: the scripts that import this module run
	// before `npm ci` has installed them on a fresh clone (npm test installs first).
	const { SMTPServer } = await import( 'smtp-server' );
	const { simpleParser } = await import( 'mailparser' );
	fs.mkdirSync( dir, { recursive: true } );
	const server = new SMTPServer( {
		authOptional: true,
		disabledCommands: [ 'AUTH', 'STARTTLS' ],
		logger: false,
		// Our sites send a handful of messages; a stuck client must not hold a test run.
		socketTimeout: 30000,
		onData( stream, session, callback ) {
			const chunks = [];
			stream.on( 'data', ( chunk ) => chunks.push( chunk ) );
			stream.on( 'end', async () => {
				try {
					const raw = Buffer.concat( chunks );
					const mail = await simpleParser( raw );
					const name = `${ new Date()
						.toISOString()
						.replace( /[-:.]/g, '' ) }-${ crypto
						.randomBytes( 4 )
						.toString( 'hex' ) }`;
					const file = path.join( dir, `${ name }.json` );
					// Written aside and renamed: a reader never meets half a message.
					fs.writeFileSync(
						`${ file }.part`,
						JSON.stringify(
							{
								// The envelope's recipients: Bcc is in no header.
								to: session.envelope.rcptTo.map(
									( { address } ) => address
								),
								from: addresses( mail.from )[ 0 ] || '',
								subject: mail.subject || '',
								message: mail.text || '',
								html: mail.html || '',
								headers: Object.fromEntries(
									[ ...mail.headerLines ].map(
										( { key, line } ) => [
											key,
											line
												.slice(
													line.indexOf( ':' ) + 1
												)
												.trim(),
										]
									)
								),
								raw: raw.toString( 'utf8' ),
							},
							null,
							2
						)
					);
					fs.renameSync( `${ file }.part`, file );
					callback();
				} catch ( error ) {
					callback( error );
				}
			} );
		},
	} );
	await new Promise( ( resolve, reject ) => {
		server.once( 'error', reject );
		server.listen( port, '127.0.0.1', resolve );
	} );
	let closing = null;
	return {
		port: server.server.address().port,
		stop: () =>
			( closing ||= new Promise( ( resolve ) =>
				server.close( resolve )
			) ),
	};
}

// `node scripts/lib/mail-server.mjs <dir>`: one for a process that is not Node (PHPUnit's
// SiteServer). Says its port on the first line of its output, and runs until it is stopped or
// its stdin ends: the process that started it holds that pipe, so when it ends, however it ends
// (an exit in a test, a fatal error), this one stops too.
if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	const server = await startMailServer( { dir: process.argv[ 2 ] } );
	process.stdout.write( `${ server.port }\n` );
	const stop = () => server.stop().then( () => process.exit( 0 ) );
	process.stdin.on( 'end', stop ).resume();
	for ( const signal of [ 'SIGTERM', 'SIGINT' ] ) {
		process.on( signal, stop );
	}
}
