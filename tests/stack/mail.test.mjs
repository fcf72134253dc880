// The stack's mail path (run by the stack suite against a running `npm run stack`, STACK_URL):
// WordPress in a php-fpm pool sends through wp_mail() and PHPMailer over SMTP, as it would to a
// host's relay, and the message reaches the SMTP server `npm run stack` started beside it
// (scripts/lib/mail-server.mjs writes it to .wp/mail/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { credentials } from '../../scripts/lib/seed.mjs';
import { MAIL_DIR } from '../../scripts/lib/paths.mjs';
import { mailsSince } from '../../scripts/lib/mail-server.mjs';

const base = process.env.STACK_URL;
if ( ! base ) {
	throw new Error(
		'STACK_URL must name the running stack (npm run test:stack sets it).'
	);
}

test( "a lost-password request through nginx sends its mail over SMTP, with the account's reset link", async () => {
	const { user } = credentials();
	const since = Date.now();
	const response = await fetch(
		new URL( '/wp-login.php?action=lostpassword', base ),
		{
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( { user_login: user } ).toString(),
		}
	);
	assert.equal(
		response.status,
		302,
		'WordPress answers "check your email".'
	);
	// The mail is sent after the answer has left (so its timing says nothing about the account).
	let mail;
	for ( let tries = 0; tries < 50 && ! mail; tries++ ) {
		mail = mailsSince( MAIL_DIR, since ).find( ( message ) =>
			message.message.includes( `login=${ encodeURIComponent( user ) }` )
		);
		if ( ! mail ) {
			await sleep( 100 );
		}
	}
	assert.ok( mail, 'The reset mail reached the SMTP server.' );
	assert.match( mail.subject, /Password Reset/ );
	assert.match(
		mail.message,
		new RegExp( `${ base.replace( /[.]/g, '\\.' ) }/wp-login\\.php\\?` ),
		"The link is the stack's own address."
	);
} );
