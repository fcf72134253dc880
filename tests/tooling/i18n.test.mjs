// The translation files follow the sources: the committed templates (.pot), the merged .po, the
// compiled .mo and the editor script's JSON are exactly what `npm run i18n` makes from the tree
// as it is, so a string added, changed or removed without regenerating them fails here. The
// extractor itself is checked on a small tree of its own, one kind of source at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { generate, parsePo, potText } from '../../scripts/i18n.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

test( 'every committed translation file is what npm run i18n makes of the sources', () => {
	const files = generate( ROOT );
	assert.ok( files[ 'plugin/languages/tenderpress.pot' ] );
	assert.ok( files[ 'theme/languages/tenderpress-theme.pot' ] );
	assert.ok( files[ 'plugin/languages/tenderpress-hi_IN.mo' ] );
	assert.ok(
		files[
			'plugin/languages/tenderpress-hi_IN-tenderpress-blocks-editor.json'
		]
	);
	for ( const [ file, content ] of Object.entries( files ) ) {
		const committed = path.join( ROOT, file );
		assert.ok(
			fs.existsSync( committed ),
			`${ file } is missing: run npm run i18n`
		);
		assert.ok(
			fs.readFileSync( committed ).equals( content ),
			`${ file } is out of date: run npm run i18n`
		);
	}
} );

test( 'the Hindi translation compiles, and what the proof tests show is translated', () => {
	const po = parsePo(
		fs.readFileSync(
			path.join( ROOT, 'plugin/languages/tenderpress-hi_IN.po' ),
			'utf8'
		)
	);
	const hindi = ( msgid, msgctxt ) =>
		po.find(
			( entry ) => entry.msgid === msgid && entry.msgctxt === msgctxt
		)?.msgstr[ 0 ];
	for ( const msgid of [
		'Open',
		'Closing soon',
		'Closed',
		'Page %d',
		'Pages of notices',
		'Next',
		'Previous',
		'Page %1$d of %2$d loaded.',
		'Back to top',
	] ) {
		assert.match( hindi( msgid ) ?? '', /[\u0900-\u097F]/, msgid );
	}
	assert.match(
		hindi( 'Notice listing', 'block title' ) ?? '',
		/[\u0900-\u097F]/
	);
	// The same placeholders as the original, or sprintf() would print the wrong thing.
	const placeholders = ( text ) =>
		( text.match( /%(\d+\$)?[sd]/g ) ?? [] ).sort();
	for ( const entry of po.filter(
		( item ) => item.msgid && item.msgstr[ 0 ]
	) ) {
		assert.deepEqual(
			placeholders( entry.msgstr[ 0 ] ),
			placeholders( entry.msgid ),
			entry.msgid
		);
	}
} );

test( 'every block.json names the tenderpress text domain', () => {
	const blocks = path.join( ROOT, 'plugin', 'blocks' );
	const names = fs
		.readdirSync( blocks )
		.filter( ( name ) =>
			fs.existsSync( path.join( blocks, name, 'block.json' ) )
		);
	assert.ok( names.length >= 4 );
	for ( const name of names ) {
		const block = JSON.parse(
			fs.readFileSync( path.join( blocks, name, 'block.json' ), 'utf8' )
		);
		assert.equal( block.textdomain, 'tenderpress', `${ name }/block.json` );
	}
} );

test( 'no source translates in a text domain other than its own: tenderpress, or tenderpress-theme in the theme', () => {
	const sources = execFileSync(
		'git',
		[
			'ls-files',
			'--cached',
			'--others',
			'--exclude-standard',
			'php',
			'plugin',
			'theme',
			'islands',
			'blocks-editor',
		],
		{ cwd: ROOT, encoding: 'utf8' }
	)
		.split( '\n' )
		.filter(
			( file ) =>
				/\.(php|tsx?|js)$/.test( file ) &&
				fs.existsSync( path.join( ROOT, file ) )
		);
	const call =
		/\b(?:__|_e|_x|_ex|_n|_nx|esc_html__|esc_html_e|esc_attr__|esc_attr_e|esc_html_x|esc_attr_x)\(\s*(['"])(?:\\.|(?!\1).)*\1[^)]*?,\s*(['"])([^'"]*)\2\s*\)/g;
	const foreign = [];
	for ( const file of sources ) {
		const text = fs.readFileSync( path.join( ROOT, file ), 'utf8' );
		for ( const match of text.matchAll( call ) ) {
			const own = file.startsWith( 'theme/' )
				? 'tenderpress-theme'
				: 'tenderpress';
			if ( match[ 3 ] !== own ) {
				foreign.push( `${ file }: ${ match[ 0 ] }` );
			}
		}
	}
	assert.deepEqual( foreign, [] );
} );

test( 'the extractor reads PHP, TypeScript, block.json and the plugin header, sorted and without dates', () => {
	const tree = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-i18n-tree-' ) );
	const write = ( file, text ) => {
		fs.mkdirSync( path.dirname( path.join( tree, file ) ), {
			recursive: true,
		} );
		fs.writeFileSync( path.join( tree, file ), text );
	};
	try {
		write(
			'plugin/tenderpress.php',
			'<?php\n/**\n * Plugin Name: Sample\n * Description: Says hello.\n */\n'
		);
		write(
			'php/Hello.php',
			"<?php\n/* translators: %s: a name. */\nprintf( esc_html__( 'Hello %s', 'tenderpress' ), 'x' );\n_x( 'Post', 'verb', 'tenderpress' );\n"
		);
		write(
			'islands/hello/Hello.tsx',
			"export const A = () => (\n\t<p\n\t\t// translators: %d: number of pages.\n\t\ttitle={ sprintf( _n( 'One page', '%d pages', 2, 'tenderpress' ), 2 ) }\n\t>{ __( 'Zebra', 'tenderpress' ) }{ __( 'Foreign', 'other-domain' ) }</p>\n);\n"
		);
		write(
			'islands/hello/test/Hello.test.tsx',
			"__( 'Only in a test', 'tenderpress' );\n"
		);
		write(
			'plugin/blocks/hello/block.json',
			JSON.stringify( {
				name: 'tenderpress/hello',
				title: 'Hello block',
				description: 'Greets.',
				keywords: [ 'greeting' ],
				textdomain: 'tenderpress',
			} )
		);
		const pot = potText( 'plugin', tree );
		assert.doesNotMatch( pot, /Creation-Date|Revision-Date/ );
		assert.equal(
			pot,
			potText( 'plugin', tree ),
			'the same tree gives the same file'
		);
		const entries = parsePo( pot ).filter( ( entry ) => entry.msgid );
		const seen = entries.map( ( entry ) => [
			entry.msgctxt ?? '',
			entry.msgid,
			entry.msgid_plural ?? '',
			entry.references.join( ' ' ),
			entry.comments.join( ' ' ),
		] );
		assert.deepEqual( seen, [
			[ '', 'Hello %s', '', 'php/Hello.php', 'translators: %s: a name.' ],
			[
				'',
				'One page',
				'%d pages',
				'islands/hello/Hello.tsx',
				'translators: %d: number of pages.',
			],
			[
				'',
				'Sample',
				'',
				'plugin/tenderpress.php',
				'Plugin Name of the plugin',
			],
			[
				'',
				'Says hello.',
				'',
				'plugin/tenderpress.php',
				'Description of the plugin',
			],
			[ '', 'Zebra', '', 'islands/hello/Hello.tsx', '' ],
			[
				'block description',
				'Greets.',
				'',
				'plugin/blocks/hello/block.json',
				'',
			],
			[
				'block keyword',
				'greeting',
				'',
				'plugin/blocks/hello/block.json',
				'',
			],
			[
				'block title',
				'Hello block',
				'',
				'plugin/blocks/hello/block.json',
				'',
			],
			[ 'verb', 'Post', '', 'php/Hello.php', '' ],
		] );
	} finally {
		fs.rmSync( tree, { recursive: true, force: true } );
	}
} );
