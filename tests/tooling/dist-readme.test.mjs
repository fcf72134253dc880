// plugin/readme.txt as the WordPress.org plugin directory reads it: the header fields it needs, a
// short description within its 150 characters, the standard sections, a changelog entry and an
// upgrade notice for the version being released, and requirements that agree with the plugin
// header and with the WordPress the test run installs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sourceVersion } from '../../scripts/lib/version.mjs';
import { SITE_DIR } from '../../scripts/lib/paths.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const readme = fs.readFileSync(
	path.join( ROOT, 'plugin', 'readme.txt' ),
	'utf8'
);
const version = sourceVersion( ROOT );

/** The readme split as the directory's parser splits it: title, headers, short description, sections. */
function parse( text ) {
	const lines = text.replace( /\r\n/g, '\n' ).split( '\n' );
	const title = lines.shift().match( /^===\s*(.+?)\s*===$/ )?.[ 1 ];
	const headers = {};
	while ( lines.length && /^[A-Za-z ]+:/.test( lines[ 0 ] ) ) {
		const [ name, ...value ] = lines.shift().split( ':' );
		headers[ name.trim() ] = value.join( ':' ).trim();
	}
	const body = lines.join( '\n' );
	const firstSection = body.search( /^==[^=]/m );
	const shortDescription = body.slice( 0, firstSection ).trim();
	const sections = {};
	for ( const [ , name, content ] of body
		.slice( firstSection )
		.matchAll( /^==\s*(.+?)\s*==\n([\s\S]*?)(?=^==[^=]|(?![\s\S]))/gm ) ) {
		sections[ name ] = content.trim();
	}
	return { title, headers, shortDescription, sections };
}

/** The `= name =` entries of a section, with their text. */
function entries( section ) {
	return Object.fromEntries(
		[
			...section.matchAll(
				/^=\s*(.+?)\s*=\n([\s\S]*?)(?=^=\s*.+?\s*=$|(?![\s\S]))/gm
			),
		].map( ( [ , name, content ] ) => [ name, content.trim() ] )
	);
}

/** A plugin header field as WordPress's get_file_data() reads it. */
function pluginHeader( name ) {
	const php = fs.readFileSync(
		path.join( ROOT, 'plugin', 'tenderpress.php' ),
		'utf8'
	);
	return php
		.match( new RegExp( `^[ \\t/*#@]*${ name }:(.*)$`, 'mi' ) )?.[ 1 ]
		.trim();
}

const { title, headers, shortDescription, sections } = parse( readme );

test( 'readme.txt has the title and every header the plugin directory needs', () => {
	assert.equal( title, 'TenderPress' );
	for ( const name of [
		'Contributors',
		'Tags',
		'Requires at least',
		'Tested up to',
		'Requires PHP',
		'Stable tag',
		'License',
		'License URI',
	] ) {
		assert.ok(
			headers[ name ],
			`the ${ name } header is missing or empty`
		);
	}
	const tags = headers.Tags.split( ',' ).map( ( tag ) => tag.trim() );
	assert.ok( tags.length <= 5, 'the directory shows at most 5 tags' );
	assert.equal( headers[ 'Stable tag' ], version );
} );

test( 'the short description is one paragraph of at most 150 characters', () => {
	assert.ok( shortDescription.length > 0, 'no short description' );
	assert.doesNotMatch( shortDescription, /\n/ );
	assert.ok(
		shortDescription.length <= 150,
		`the short description has ${ shortDescription.length } characters; the directory cuts it at 150`
	);
} );

test( 'readme.txt has every section a site owner looks for, none empty', () => {
	for ( const name of [
		'Description',
		'Installation',
		'Frequently Asked Questions',
		'Privacy',
		'Changelog',
		'Upgrade Notice',
	] ) {
		assert.ok(
			sections[ name ],
			`the "${ name }" section is missing or empty`
		);
	}
	assert.ok(
		Object.keys( entries( sections[ 'Frequently Asked Questions' ] ) )
			.length >= 3,
		'the FAQ has at least three questions'
	);
} );

test( 'the changelog and the upgrade notice start with the version being released', () => {
	const changelog = entries( sections.Changelog );
	assert.equal( Object.keys( changelog )[ 0 ], version );
	assert.ok( changelog[ '0.1.0' ], 'the first release keeps its entry' );
	const notices = entries( sections[ 'Upgrade Notice' ] );
	assert.equal( Object.keys( notices )[ 0 ], version );
	assert.ok(
		notices[ version ].length <= 300,
		'the directory shows at most 300 characters of an upgrade notice'
	);
} );

test( 'the requirements agree with the plugin header and the WordPress the tests install', () => {
	assert.equal(
		headers[ 'Requires at least' ],
		pluginHeader( 'Requires at least' )
	);
	assert.equal( headers[ 'Requires PHP' ], pluginHeader( 'Requires PHP' ) );
	const installed = fs
		.readFileSync(
			path.join( SITE_DIR, 'wp-includes', 'version.php' ),
			'utf8'
		)
		.match( /\$wp_version\s*=\s*'([^']+)'/ )[ 1 ];
	const [ major, minor ] = installed.split( /[.-]/ ).map( Number );
	const [ testedMajor, testedMinor ] = headers[ 'Tested up to' ]
		.split( '.' )
		.map( Number );
	if ( /^\d+\.\d+(\.\d+)?$/.test( installed ) ) {
		// A release: the suites just ran on it, so that is what the plugin is tested up to.
		assert.deepEqual( [ testedMajor, testedMinor ], [ major, minor ] );
	} else {
		// A beta or nightly run: the plugin claims no release that is not out yet.
		assert.ok(
			testedMajor * 100 + testedMinor < major * 100 + minor,
			`Tested up to ${ headers[ 'Tested up to' ] } names a release after ${ installed }`
		);
	}
} );
