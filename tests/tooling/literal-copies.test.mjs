// One owner per fact (issue 28): a fact the code keeps in one place must not be copied as a
// literal elsewhere, where it would drift. The check reads the product's code (not tests, not
// comments) and fails on a known copy:
// - the REST namespace 'tenderpress/v1' outside php/Support/Rest.php (islands and editor scripts
//   get their routes in props or editor data);
// - the failure messages' keys outside their two owners, php/Support/AjaxResponse.php
//   client_messages() and islands/shared/failures.ts MESSAGE_KEYS ('serverError' is the key only
//   that list has).
// The colours' fallbacks are not checked yet: they wait for one tokens.css (README, "What is not
// done yet").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

/** Where product code lives, and which files of it are code. */
const SOURCES = [
	[ 'php', /\.php$/ ],
	[ 'islands', /\.tsx?$/ ],
	[ 'blocks-editor', /\.tsx?$/ ],
	[ 'plugin/blocks', /\.php$/ ],
	[ 'theme', /\.php$/ ],
];

const RULES = [
	{
		fact: "the REST namespace 'tenderpress/v1'",
		pattern: /['"`]\/?tenderpress\/v1\b/,
		owners: [ 'php/Support/Rest.php' ],
	},
	{
		fact: 'the failure messages’ keys',
		pattern: /['"]serverError['"]/,
		owners: [
			'php/Support/AjaxResponse.php',
			'islands/shared/failures.ts',
		],
	},
];

function* files( folder, kind ) {
	for ( const entry of fs.readdirSync( path.join( ROOT, folder ), {
		withFileTypes: true,
	} ) ) {
		const relative = path.posix.join( folder, entry.name );
		if ( entry.isDirectory() ) {
			if ( entry.name !== 'test' && entry.name !== 'node_modules' ) {
				yield* files( relative, kind );
			}
		} else if ( kind.test( entry.name ) ) {
			yield relative;
		}
	}
}

/** The code of a file without its comments, line by line (line numbers kept). */
export function codeOf( text ) {
	return text
		.replace( /\/\*[\s\S]*?\*\//g, ( comment ) =>
			comment.replace( /[^\n]/g, ' ' )
		)
		.split( '\n' )
		.map( ( line ) =>
			line.replace( /(^|[\s;,(){}])(\/\/|#(?!\[)).*$/, '$1' )
		);
}

/** Each copy of a fact in one file's text: "file:line: fact". */
export function copiesIn( file, text ) {
	const found = [];
	codeOf( text ).forEach( ( line, index ) => {
		for ( const rule of RULES ) {
			if ( ! rule.owners.includes( file ) && rule.pattern.test( line ) ) {
				found.push( `${ file }:${ index + 1 }: ${ rule.fact }` );
			}
		}
	} );
	return found;
}

test( 'the check finds a copy in code, and not in a comment', () => {
	assert.deepEqual(
		copiesIn(
			'islands/example/index.ts',
			[
				'// Calls /wp-json/tenderpress/v1/things.',
				"const route = '/tenderpress/v1/things';",
				'/* messages: serverError */',
				"const keys = [ 'network', 'serverError' ];",
			].join( '\n' )
		),
		[
			"islands/example/index.ts:2: the REST namespace 'tenderpress/v1'",
			'islands/example/index.ts:4: the failure messages’ keys',
		]
	);
	assert.deepEqual(
		copiesIn(
			'php/Support/Rest.php',
			"public const NAMESPACE = 'tenderpress/v1';"
		),
		[],
		'Its owner holds it.'
	);
} );

test( 'no product code copies a fact that has one owner', () => {
	const found = [];
	for ( const [ folder, kind ] of SOURCES ) {
		for ( const file of files( folder, kind ) ) {
			found.push(
				...copiesIn(
					file,
					fs.readFileSync( path.join( ROOT, file ), 'utf8' )
				)
			);
		}
	}
	assert.deepEqual( found, [] );
} );
