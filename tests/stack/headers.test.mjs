// The stack's caches, as a visitor's browser or a CDN meets them (run by the stack suite against
// a running `npm run stack`, STACK_URL): anonymous pages come from nginx's page cache, a signed-in
// visitor never does, per-visitor answers are never stored, a changed notice shows at once, and
// the islands build arrives compressed and cacheable for a year.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { credentials } from '../../scripts/lib/seed.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';

const base = process.env.STACK_URL;
if ( ! base ) {
	throw new Error(
		'STACK_URL must name the running stack (npm run test:stack sets it).'
	);
}

/** A unique query, so a test starts from an address no earlier request put in the cache. */
const fresh = () =>
	`tp_probe=${ Date.now() }-${ Math.random().toString( 36 ).slice( 2 ) }`;

const get = ( url, headers = {} ) =>
	fetch( new URL( url, base ), { headers, redirect: 'manual' } );

const cacheStatus = ( response ) => response.headers.get( 'x-cache-status' );

/** Cookies to send back, from a response's Set-Cookie lines. */
function cookiesFrom( response, jar = {} ) {
	for ( const line of response.headers.getSetCookie() ) {
		const [ pair ] = line.split( ';' );
		const at = pair.indexOf( '=' );
		const value = pair.slice( at + 1 );
		if ( value && value !== 'deleted' ) {
			jar[ pair.slice( 0, at ) ] = value;
		}
	}
	return jar;
}
const cookieHeader = ( jar ) =>
	Object.entries( jar )
		.map( ( [ name, value ] ) => `${ name }=${ value }` )
		.join( '; ' );

/** Signs the administrator in through wp-login.php, as a browser does; resolves with the cookies. */
async function signIn() {
	const { user, password } = credentials();
	const jar = { wordpress_test_cookie: 'WP%20Cookie%20check' };
	const response = await fetch( new URL( '/wp-login.php', base ), {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			cookie: cookieHeader( jar ),
		},
		body: new URLSearchParams( {
			log: user,
			pwd: password,
			testcookie: '1',
			redirect_to: '/wp-admin/',
		} ).toString(),
	} );
	assert.equal( response.status, 302, 'The sign-in succeeds.' );
	cookiesFrom( response, jar );
	assert.ok(
		Object.keys( jar ).some( ( name ) =>
			name.startsWith( 'wordpress_logged_in_' )
		),
		'WordPress sets its login cookie.'
	);
	return jar;
}

const cardTitles = ( html ) =>
	[
		...html.matchAll(
			/class="tp-notice-card__title"><a href="([^"]*)"[^>]*>([^<]*)</g
		),
	].map( ( [ , link, title ] ) => ( { link, title } ) );

test( 'an anonymous page view is served from the page cache the second time', async () => {
	const url = `/?${ fresh() }`;
	const first = await get( url );
	assert.equal( first.status, 200 );
	assert.equal( cacheStatus( first ), 'MISS' );
	const html = await first.text();
	const second = await get( url );
	assert.equal( cacheStatus( second ), 'HIT' );
	assert.equal( await second.text(), html, 'The same page.' );
} );

test( 'a page is compressed for a browser that accepts gzip, and says it varies by that', async () => {
	const response = await get( `/?${ fresh() }`, {
		'accept-encoding': 'gzip',
	} );
	assert.equal( response.headers.get( 'content-encoding' ), 'gzip' );
	assert.match( response.headers.get( 'vary' ) || '', /Accept-Encoding/i );
} );

test( 'a signed-in visitor bypasses the page cache and the page they get is never stored', async () => {
	const jar = await signIn();
	const url = `/?${ fresh() }`;
	for ( let i = 0; i < 2; i++ ) {
		const response = await get( url, { cookie: cookieHeader( jar ) } );
		assert.equal( cacheStatus( response ), 'BYPASS' );
		assert.match(
			await response.text(),
			/id="wpadminbar"/,
			'Their own page, with the toolbar.'
		);
	}
	const anonymous = await get( url );
	assert.equal( cacheStatus( anonymous ), 'MISS' );
	assert.doesNotMatch(
		await anonymous.text(),
		/id="wpadminbar"/,
		'An anonymous visitor never gets the signed-in page.'
	);
} );

test( 'the form token answer is private and never stored', async () => {
	const ask = () =>
		fetch( new URL( '/wp-admin/admin-ajax.php', base ), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'action=tenderpress_get_token',
		} );
	for ( let i = 0; i < 2; i++ ) {
		const response = await ask();
		assert.equal( response.status, 200 );
		assert.equal(
			response.headers.get( 'cache-control' ),
			'private, no-store'
		);
		assert.notEqual( cacheStatus( response ), 'HIT' );
		assert.equal( ( await response.json() ).success, true );
	}
} );

test( 'admin-ajax and REST answers that do not say they are public are never stored', async () => {
	const urls = [
		`/wp-admin/admin-ajax.php?action=tenderpress_get_token&${ fresh() }`,
		`/wp-json/wp/v2/tenders?per_page=1&${ fresh() }`,
		`/?rest_route=/wp/v2/tenders&per_page=1&${ fresh() }`,
	];
	for ( const url of urls ) {
		for ( let i = 0; i < 2; i++ ) {
			const response = await get( url );
			await response.arrayBuffer();
			assert.notEqual( cacheStatus( response ), 'HIT', url );
		}
	}
} );

test( 'a changed notice shows on the home page at once: the change purges the page cache', async () => {
	const jar = await signIn();
	const home = `/?${ fresh() }`;
	const [ card ] = cardTitles( await ( await get( home ) ).text() );
	assert.ok( card, 'The home page lists notices.' );
	assert.equal( cacheStatus( await get( home ) ), 'HIT' );

	const nonceAnswer = await get(
		'/wp-admin/admin-ajax.php?action=rest-nonce',
		{
			cookie: cookieHeader( jar ),
		}
	);
	const nonce = await nonceAnswer.text();
	const slug = new URL( card.link ).pathname
		.split( '/' )
		.filter( Boolean )
		.pop();
	const [ notice ] = await (
		await get( `/wp-json/wp/v2/tenders?slug=${ slug }&${ fresh() }` )
	).json();
	const edit = ( title ) =>
		fetch( new URL( `/wp-json/wp/v2/tenders/${ notice.id }`, base ), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-wp-nonce': nonce,
				cookie: cookieHeader( jar ),
			},
			body: JSON.stringify( { title } ),
		} );
	const changed = `${ card.title } (corrected ${ fresh() })`;
	try {
		assert.equal( ( await edit( changed ) ).status, 200 );
		const after = await get( home );
		assert.equal(
			cacheStatus( after ),
			'MISS',
			'The stored page is gone.'
		);
		assert.equal( cardTitles( await after.text() )[ 0 ].title, changed );
	} finally {
		await edit( card.title );
	}
} );

/** The islands build's files, hashed and not, as the plugin serves them. */
function buildFiles() {
	const manifest = JSON.parse(
		fs.readFileSync( path.join( ROOT, 'build', 'assets.json' ), 'utf8' )
	);
	const hashed = new Set();
	for ( const entry of Object.values( manifest ) ) {
		if ( entry.file ) {
			hashed.add( entry.file );
		}
		for ( const chunk of entry.imports || [] ) {
			hashed.add( chunk );
		}
	}
	const unhashed = fs
		.readdirSync( path.join( ROOT, 'build' ) )
		.filter(
			( name ) => /\.(js|svg)$/.test( name ) && ! hashed.has( name )
		);
	return { hashed: [ ...hashed ], unhashed };
}

test( 'the hashed islands build is compressed and cached for a year, unchanging', async () => {
	const { hashed } = buildFiles();
	assert.ok( hashed.length > 5, 'The manifest lists the build.' );
	for ( const file of hashed ) {
		const response = await get(
			`/wp-content/plugins/tenderpress/build/${ file }`,
			{ 'accept-encoding': 'gzip' }
		);
		await response.arrayBuffer();
		assert.equal( response.status, 200, file );
		assert.equal(
			response.headers.get( 'cache-control' ),
			'public, max-age=31536000, immutable',
			file
		);
		assert.equal(
			response.headers.get( 'content-encoding' ),
			'gzip',
			file
		);
	}
} );

test( 'files whose names stay the same when they change are revalidated, never immutable', async () => {
	const { unhashed } = buildFiles();
	assert.ok( unhashed.length > 0 );
	for ( const file of unhashed ) {
		const url = `/wp-content/plugins/tenderpress/build/${ file }`;
		const response = await get( url );
		await response.arrayBuffer();
		assert.equal( response.status, 200, file );
		assert.doesNotMatch(
			response.headers.get( 'cache-control' ) || '',
			/immutable|max-age=[1-9]/,
			file
		);
		const etag = response.headers.get( 'etag' );
		assert.ok( etag && response.headers.get( 'last-modified' ), file );
		const again = await get( url, { 'if-none-match': etag } );
		assert.equal(
			again.status,
			304,
			`${ file }: unchanged, not sent again`
		);
	}
} );

test( 'both application servers (php-fpm pools) answer requests', async () => {
	for ( let i = 0; i < 4; i++ ) {
		await ( await get( `/?${ fresh() }` ) ).arrayBuffer();
	}
	const log = fs.readFileSync(
		path.join( ROOT, '.wp', 'stack', 'access.log' ),
		'utf8'
	);
	assert.match( log, /upstream=unix:\S*fpm-a\.sock/ );
	assert.match( log, /upstream=unix:\S*fpm-b\.sock/ );
} );

// DISABLE_WP_CRON itself is checked in the stack's own PHP (StackSiteTest.php).
test( 'the stack timer calls wp-cron.php', () => {
	const log = fs.readFileSync(
		path.join( ROOT, '.wp', 'stack', 'access.log' ),
		'utf8'
	);
	assert.match( log, /"GET \/wp-cron\.php\?doing_wp_cron HTTP[^"]*" 200 / );
} );

test( 'the pools logged no PHP error, warning or notice meanwhile', () => {
	const file = path.join( ROOT, '.wp', 'stack', 'php.log' );
	const logged = fs.existsSync( file ) ? fs.readFileSync( file, 'utf8' ) : '';
	assert.doesNotMatch(
		logged,
		/PHP (Fatal|Parse|Warning|Notice|Deprecated)|object cache: Redis/
	);
} );

test( 'a redirect leaves the object cache as it was (nothing on the site empties it)', async () => {
	const { TP_REDIS_PORT: port } = JSON.parse(
		fs.readFileSync( path.join( ROOT, '.wp', 'stack', 'env.json' ), 'utf8' )
	);
	const entries = () =>
		Number(
			spawnSync( 'redis-cli', [ '-p', port, 'dbsize' ], {
				encoding: 'utf8',
			} ).stdout.trim()
		);
	await ( await get( `/?${ fresh() }` ) ).text();
	const before = entries();
	assert.ok(
		before > 20,
		`The pages filled the object cache (${ before }).`
	);
	// Anyone's request for the dashboard is redirected to the sign-in page: it must not empty
	// the cache every visitor's pages are built from (it did, through the SQLite plugin).
	const dashboard = await get( '/wp-admin/' );
	await dashboard.arrayBuffer();
	assert.equal( dashboard.status, 302 );
	const after = entries();
	assert.ok(
		after >= before,
		`The object cache kept its ${ before } entries (${ after } after the redirect).`
	);
} );
