// The stack's one cron runner: WordPress runs with DISABLE_WP_CRON (no visitor's request starts
// cron), and this timer asks wp-cron.php once a minute, as a system timer does on a large site.
// Usage: node cron-timer.mjs <wp-cron URL> <interval ms>. It stops with the stack.
import http from 'node:http';

const [ url, interval ] = process.argv.slice( 2 );

function tick() {
	const request = http.get( `${ url }?doing_wp_cron`, ( response ) => {
		response.resume();
	} );
	request.on( 'error', ( error ) =>
		process.stderr.write( `wp-cron: ${ error.message }\n` )
	);
	request.setTimeout( 55000, () => request.destroy() );
}

tick();
setInterval( tick, Number( interval ) );
process.on( 'SIGTERM', () => process.exit( 0 ) );
process.on( 'SIGINT', () => process.exit( 0 ) );
