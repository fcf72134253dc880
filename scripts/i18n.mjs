// `npm run i18n`: the translation files, from the sources.
//
// - plugin/languages/tenderpress.pot: every string of the `tenderpress` text domain in the
//   plugin's PHP (php/, plugin/), its block.json files, the plugin header, the islands and the
//   block editor's sources (found by glob, wherever they live).
// - theme/languages/tenderpress-theme.pot: the theme's strings. The theme ships as a zip of its own
//   and renders without the plugin, so it carries its own template and translations, in a text
//   domain of its own: WordPress keeps one translation path per domain (since 6.7 the load_*
//   functions only register it), so a theme and a plugin sharing one would lose one's strings.
// - for each <locale>.po beside them: merged with the template (strings gone are dropped, new
//   ones added untranslated), compiled to .mo, and for the plugin the editor script's JSON
//   (Jed format, named after the script's handle, as wp_set_script_translations() looks for it).
//
// PHP goes through Debian's xgettext with WordPress's keywords; TypeScript and JavaScript through
// the TypeScript parser (xgettext reads TSX poorly); JSON files as WordPress's block-i18n.json and
// theme-i18n.json describe them. Output is deterministic: no creation date, paths relative to the
// repository without line numbers (an edit that moves a string does not make the template stale),
// entries sorted. tests/tooling/i18n.test.mjs fails when a committed file is out of date.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';
import { ensureOsCommand } from './lib/apt.mjs';
import { ROOT } from './lib/paths.mjs';
import { exitWithError, log } from './lib/run.mjs';

export const DOMAIN = 'tenderpress';
export const THEME_DOMAIN = 'tenderpress-theme';
/** The block editor's script handle (php/Blocks/BlockRegistry.php EDITOR_SCRIPT). */
export const EDITOR_HANDLE = 'tenderpress-blocks-editor';

/** WordPress's gettext functions: argument positions of singular, plural, context, domain. */
const PHP_KEYWORDS = [
	'__:1,2t',
	'_e:1,2t',
	'_x:1,2c,3t',
	'_ex:1,2c,3t',
	'_n:1,2,4t',
	'_nx:1,2,4c,5t',
	'_n_noop:1,2,3t',
	'_nx_noop:1,2,3c,4t',
	'esc_attr__:1,2t',
	'esc_html__:1,2t',
	'esc_attr_e:1,2t',
	'esc_html_e:1,2t',
	'esc_attr_x:1,2c,3t',
	'esc_html_x:1,2c,3t',
];

/** Per JS function: which argument is what (the last is always the domain). */
const JS_FUNCTIONS = {
	__: [ 'msgid', 'domain' ],
	_x: [ 'msgid', 'msgctxt', 'domain' ],
	_n: [ 'msgid', 'msgid_plural', null, 'domain' ],
	_nx: [ 'msgid', 'msgid_plural', null, 'msgctxt', 'domain' ],
};

/** What each project ships, and where its strings come from. */
export const PROJECTS = {
	plugin: {
		domain: DOMAIN,
		pot: 'plugin/languages/tenderpress.pot',
		poFile: ( locale ) => `plugin/languages/${ DOMAIN }-${ locale }.po`,
		php: [ 'php', 'plugin' ],
		scripts: [ 'islands', 'blocks-editor', 'plugin/blocks' ],
		header: {
			file: 'plugin/tenderpress.php',
			kind: 'Plugin',
			fields: [
				'Plugin Name',
				'Plugin URI',
				'Description',
				'Author',
				'Author URI',
			],
		},
		blockJson: 'plugin/blocks',
		// Editor sources: whatever exists of the TypeScript build's folder and the plain script.
		editorSources: ( file ) =>
			file.startsWith( 'blocks-editor/' ) ||
			/^plugin\/blocks\/[^/]+\.js$/.test( file ),
	},
	theme: {
		domain: THEME_DOMAIN,
		pot: 'theme/languages/tenderpress-theme.pot',
		// Themes keep their own translations as <locale>.mo (load_theme_textdomain()).
		poFile: ( locale ) => `theme/languages/${ locale }.po`,
		php: [ 'theme' ],
		scripts: [],
		header: {
			file: 'theme/style.css',
			kind: 'Theme',
			fields: [
				'Theme Name',
				'Theme URI',
				'Description',
				'Author',
				'Author URI',
			],
		},
		themeJson: 'theme/theme.json',
		patterns: 'theme/patterns',
	},
};

/** Files under the given folders (relative to root), sorted, never following symlinks. */
function walk( root, folders, test ) {
	const found = [];
	const visit = ( relative ) => {
		const full = path.join( root, relative );
		if ( ! fs.existsSync( full ) ) {
			return;
		}
		const stat = fs.lstatSync( full );
		if ( stat.isSymbolicLink() ) {
			return;
		}
		if ( stat.isDirectory() ) {
			const base = path.basename( relative );
			if (
				[
					'node_modules',
					'vendor',
					'build',
					'test',
					'languages',
				].includes( base )
			) {
				return;
			}
			for ( const entry of fs.readdirSync( full ).sort() ) {
				visit( path.posix.join( relative, entry ) );
			}
		} else if ( test( relative ) ) {
			found.push( relative );
		}
	};
	folders.forEach( visit );
	return found.sort();
}

/* ---------- PO entries ---------- */

const key = ( entry ) => `${ entry.msgctxt ?? '' }\u0004${ entry.msgid }`;

/** By code point, the same on every machine (localeCompare is not). */
function compare( a, b ) {
	if ( a === b ) {
		return 0;
	}
	return a < b ? -1 : 1;
}

function addEntry( entries, entry ) {
	const existing = entries.get( key( entry ) );
	if ( ! existing ) {
		entries.set( key( entry ), {
			...entry,
			comments: [ ...( entry.comments ?? [] ) ],
			references: [ ...( entry.references ?? [] ) ],
			flags: [ ...( entry.flags ?? [] ) ],
		} );
		return;
	}
	for ( const field of [ 'comments', 'references', 'flags' ] ) {
		for ( const value of entry[ field ] ?? [] ) {
			if ( ! existing[ field ].includes( value ) ) {
				existing[ field ].push( value );
			}
		}
	}
	existing.msgid_plural ??= entry.msgid_plural;
}

function unquote( literal ) {
	const escapes = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };
	return literal
		.slice( 1, -1 )
		.replace(
			/\\(.)/g,
			( sequence, character ) => escapes[ character ] ?? sequence
		);
}

/** Reads a .po/.pot file's entries (the header is the entry whose msgid is ''). */
export function parsePo( text ) {
	const entries = [];
	let entry = null;
	let field = null;
	const start = () => {
		if ( ! entry || field ) {
			if ( entry && field ) {
				entries.push( entry );
			}
			entry = { comments: [], references: [], flags: [], msgstr: [] };
			field = null;
		}
	};
	for ( const line of text.split( '\n' ) ) {
		if ( line.startsWith( '#' ) ) {
			start();
			if ( line.startsWith( '#. ' ) || line === '#.' ) {
				entry.comments.push( line.slice( 3 ) );
			} else if ( line.startsWith( '#: ' ) ) {
				entry.references.push(
					...line.slice( 3 ).split( ' ' ).filter( Boolean )
				);
			} else if ( line.startsWith( '#, ' ) ) {
				entry.flags.push(
					...line
						.slice( 3 )
						.split( ',' )
						.map( ( flag ) => flag.trim() )
				);
			} else if ( line.startsWith( '#~' ) ) {
				entry.obsolete = true;
			}
			continue;
		}
		const match =
			/^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(
				line
			);
		if ( match ) {
			if (
				match[ 1 ] === 'msgctxt' ||
				( match[ 1 ] === 'msgid' && field !== 'msgctxt' )
			) {
				start();
			}
			field = match[ 1 ].startsWith( 'msgstr' )
				? `msgstr${ match[ 2 ] ?? '0' }`
				: match[ 1 ];
			setField( entry, field, unquote( match[ 3 ] ) );
		} else if ( /^".*"$/.test( line ) && field ) {
			setField(
				entry,
				field,
				getField( entry, field ) + unquote( line )
			);
		}
	}
	if ( entry && field ) {
		entries.push( entry );
	}
	return entries.filter( ( item ) => ! item.obsolete );
}

function setField( entry, field, value ) {
	if ( field.startsWith( 'msgstr' ) ) {
		entry.msgstr[ Number( field.slice( 6 ) ) ] = value;
	} else {
		entry[ field ] = value;
	}
}

function getField( entry, field ) {
	return field.startsWith( 'msgstr' )
		? entry.msgstr[ Number( field.slice( 6 ) ) ]
		: entry[ field ];
}

function quote( value ) {
	const escaped = ( text ) =>
		'"' +
		text
			.replace( /\\/g, '\\\\' )
			.replace( /"/g, '\\"' )
			.replace( /\t/g, '\\t' )
			.replace( /\n/g, '\\n' ) +
		'"';
	// Multi-line strings as gettext writes them: one quoted line per source line.
	const lines = value.split( /(?<=\n)/ );
	return lines.length > 1
		? `""\n${ lines.map( escaped ).join( '\n' ) }`
		: escaped( value );
}

function formatEntry( entry ) {
	const lines = [];
	for ( const comment of entry.comments ) {
		lines.push( `#. ${ comment }` );
	}
	for ( const reference of entry.references ) {
		lines.push( `#: ${ reference }` );
	}
	if ( entry.flags.length ) {
		lines.push( `#, ${ entry.flags.join( ', ' ) }` );
	}
	if ( entry.msgctxt !== undefined ) {
		lines.push( `msgctxt ${ quote( entry.msgctxt ) }` );
	}
	lines.push( `msgid ${ quote( entry.msgid ) }` );
	if ( entry.msgid_plural !== undefined ) {
		lines.push( `msgid_plural ${ quote( entry.msgid_plural ) }` );
		lines.push( 'msgstr[0] ""', 'msgstr[1] ""' );
	} else {
		lines.push( 'msgstr ""' );
	}
	return lines.join( '\n' );
}

/* ---------- sources ---------- */

/** PHP through xgettext: its output parsed back into entries. */
function phpEntries( root, files ) {
	if ( ! files.length ) {
		return [];
	}
	const output = execFileSync(
		'xgettext',
		[
			'--language=PHP',
			'--from-code=UTF-8',
			'--add-comments=translators:',
			'--add-location=file',
			'--no-wrap',
			'--keyword',
			...PHP_KEYWORDS.map( ( keyword ) => `--keyword=${ keyword }` ),
			'--output=-',
			...files,
		],
		{ cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
	);
	return parsePo( output )
		.filter( ( entry ) => entry.msgid !== '' )
		.map( ( entry ) => ( {
			...entry,
			// xgettext flags printf-like strings; WordPress's tooling does the same for PHP.
			flags: entry.flags.filter( ( flag ) => flag === 'php-format' ),
		} ) );
}

/** The "translators:" comment nearest before a call, looking up to its statement. */
function translatorsComment( text, node ) {
	for ( let current = node; current; current = current.parent ) {
		const ranges =
			ts.getLeadingCommentRanges( text, current.getFullStart() ) ?? [];
		for ( const range of ranges.reverse() ) {
			const body = text
				.slice( range.pos, range.end )
				.replace( /^\/\*+|\*+\/$|^\/\//g, '' )
				.split( '\n' )
				.map( ( line ) => line.replace( /^\s*\*?\s?/, '' ).trim() )
				.filter( Boolean )
				.join( ' ' );
			if ( /^translators:/i.test( body ) ) {
				return body;
			}
		}
		if (
			ts.isStatement( current ) ||
			ts.isJsxAttribute( current ) ||
			ts.isPropertyAssignment( current )
		) {
			return null;
		}
	}
	return null;
}

/** __(), _x(), _n(), _nx() calls of our domain in TypeScript or JavaScript. */
function scriptEntries( root, file ) {
	const text = fs.readFileSync( path.join( root, file ), 'utf8' );
	// JSX may appear in any script but a .ts file.
	const kind = file.endsWith( '.ts' ) ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
	const source = ts.createSourceFile(
		file,
		text,
		ts.ScriptTarget.Latest,
		true,
		kind
	);
	const entries = [];
	const visit = ( node ) => {
		if ( ts.isCallExpression( node ) ) {
			const callee = node.expression;
			let name = '';
			if ( ts.isIdentifier( callee ) ) {
				name = callee.text;
			} else if ( ts.isPropertyAccessExpression( callee ) ) {
				name = callee.name.text;
			}
			// Own keys only: a call such as url.toString() must not find Object.prototype's.
			const shape = Object.hasOwn( JS_FUNCTIONS, name )
				? JS_FUNCTIONS[ name ]
				: undefined;
			if ( shape && node.arguments.length >= shape.length ) {
				const values = {};
				shape.forEach( ( field, index ) => {
					const argument = node.arguments[ index ];
					if (
						field &&
						( ts.isStringLiteral( argument ) ||
							ts.isNoSubstitutionTemplateLiteral( argument ) )
					) {
						values[ field ] = argument.text;
					}
				} );
				if ( values.domain === DOMAIN && values.msgid !== undefined ) {
					const comment = translatorsComment( text, node );
					const { domain, ...strings } = values;
					entries.push( {
						...strings,
						comments: comment ? [ comment ] : [],
						references: [ file ],
						flags: /%(\d+\$)?[sdf]/.test( values.msgid )
							? [ 'js-format' ]
							: [],
					} );
				}
			}
		}
		ts.forEachChild( node, visit );
	};
	visit( source );
	return entries;
}

/** A file header's fields (Plugin Name, Description…), as WordPress's tooling extracts them. */
function headerEntries( root, { file, kind, fields } ) {
	const text = fs
		.readFileSync( path.join( root, file ), 'utf8' )
		.slice( 0, 8192 );
	const entries = [];
	for ( const field of fields ) {
		const match = new RegExp( `^[ \\t/*#@]*${ field }:(.*)$`, 'mi' ).exec(
			text
		);
		const value = match?.[ 1 ].replace( /\s*(?:\*\/|\?>).*$/, '' ).trim();
		if ( value ) {
			entries.push( {
				msgid: value,
				comments: [ `${ field } of the ${ kind.toLowerCase() }` ],
				references: [ file ],
			} );
		}
	}
	return entries;
}

/** block.json strings with the contexts WordPress translates them under (block-i18n.json). */
function blockJsonEntries( root, folder ) {
	const entries = [];
	for ( const file of walk( root, [ folder ], ( name ) =>
		name.endsWith( '/block.json' )
	) ) {
		const block = JSON.parse(
			fs.readFileSync( path.join( root, file ), 'utf8' )
		);
		if ( block.textdomain !== DOMAIN ) {
			continue;
		}
		const add = ( value, context ) =>
			typeof value === 'string' &&
			value !== '' &&
			entries.push( {
				msgid: value,
				msgctxt: context,
				references: [ file ],
			} );
		add( block.title, 'block title' );
		add( block.description, 'block description' );
		( block.keywords ?? [] ).forEach( ( word ) =>
			add( word, 'block keyword' )
		);
		( block.styles ?? [] ).forEach( ( style ) =>
			add( style.label, 'block style label' )
		);
		( block.variations ?? [] ).forEach( ( variation ) => {
			add( variation.title, 'block variation title' );
			add( variation.description, 'block variation description' );
			( variation.keywords ?? [] ).forEach( ( word ) =>
				add( word, 'block variation keyword' )
			);
		} );
	}
	return entries;
}

/** theme.json names, with the contexts of WordPress's theme-i18n.json. */
function themeJsonEntries( root, file ) {
	const theme = JSON.parse(
		fs.readFileSync( path.join( root, file ), 'utf8' )
	);
	const entries = [];
	const add = ( list, field, context ) =>
		( Array.isArray( list ) ? list : [] ).forEach(
			( item ) =>
				typeof item?.[ field ] === 'string' &&
				entries.push( {
					msgid: item[ field ],
					msgctxt: context,
					references: [ file ],
				} )
		);
	const settings = [
		theme.settings ?? {},
		...Object.values( theme.settings?.blocks ?? {} ),
	];
	for ( const scope of settings ) {
		add( scope.color?.palette, 'name', 'Color name' );
		add( scope.color?.gradients, 'name', 'Gradient name' );
		add( scope.color?.duotone, 'name', 'Duotone name' );
		add( scope.typography?.fontSizes, 'name', 'Font size name' );
		add( scope.typography?.fontFamilies, 'name', 'Font family name' );
		add( scope.spacing?.spacingSizes, 'name', 'Space size name' );
	}
	add( theme.customTemplates, 'title', 'Custom template name' );
	add( theme.templateParts, 'title', 'Template part name' );
	return entries;
}

/** Block patterns' Title and Description headers, translated by WordPress with these contexts. */
function patternEntries( root, folder ) {
	const entries = [];
	for ( const file of walk( root, [ folder ], ( name ) =>
		name.endsWith( '.php' )
	) ) {
		const text = fs
			.readFileSync( path.join( root, file ), 'utf8' )
			.slice( 0, 8192 );
		for ( const [ field, context ] of [
			[ 'Title', 'Pattern title' ],
			[ 'Description', 'Pattern description' ],
		] ) {
			const value = new RegExp( `^[ \\t/*#@]*${ field }:(.*)$`, 'mi' )
				.exec( text )?.[ 1 ]
				.trim();
			if ( value ) {
				entries.push( {
					msgid: value,
					msgctxt: context,
					references: [ file ],
				} );
			}
		}
	}
	return entries;
}

/** Every entry of one project, merged by context and msgid, sorted. */
export function extract( name, root = ROOT ) {
	const project = PROJECTS[ name ];
	const entries = new Map();
	const phpFiles = walk( root, project.php, ( file ) =>
		file.endsWith( '.php' )
	);
	const scriptFiles = walk(
		root,
		project.scripts,
		( file ) =>
			/\.(tsx?|jsx?)$/.test( file ) &&
			! file.endsWith( '.d.ts' ) &&
			! /\.test\.|\/test\//.test( file )
	);
	const all = [
		...headerEntries( root, project.header ),
		...phpEntries( root, phpFiles ),
		...scriptFiles.flatMap( ( file ) => scriptEntries( root, file ) ),
		...( project.blockJson
			? blockJsonEntries( root, project.blockJson )
			: [] ),
		...( project.themeJson
			? themeJsonEntries( root, project.themeJson )
			: [] ),
		...( project.patterns ? patternEntries( root, project.patterns ) : [] ),
	];
	all.forEach( ( entry ) => addEntry( entries, entry ) );
	return [ ...entries.values() ]
		.map( ( entry ) => ( {
			...entry,
			references: [ ...entry.references ].sort(),
		} ) )
		.sort( ( a, b ) => compare( key( a ), key( b ) ) );
}

/** The .pot text of one project: a fixed header (no dates), then its sorted entries. */
export function potText( name, root = ROOT ) {
	const project = PROJECTS[ name ];
	const header = [
		`# Translation template of the TenderPress ${ name }. Generated by npm run i18n (scripts/i18n.mjs): do not edit.`,
		'# This file is distributed under the GPL-2.0-or-later license.',
		'msgid ""',
		'msgstr ""',
		`"Project-Id-Version: TenderPress ${ name }\\n"`,
		'"MIME-Version: 1.0\\n"',
		'"Content-Type: text/plain; charset=UTF-8\\n"',
		'"Content-Transfer-Encoding: 8bit\\n"',
		'"Language-Team: \\n"',
		`"X-Domain: ${ project.domain }\\n"`,
	].join( '\n' );
	return (
		[ header, ...extract( name, root ).map( formatEntry ) ].join( '\n\n' ) +
		'\n'
	);
}

/** Locales with a .po file in a project's languages folder. */
export function locales( name, root = ROOT ) {
	const project = PROJECTS[ name ];
	const folder = path.join( root, path.dirname( project.pot ) );
	if ( ! fs.existsSync( folder ) ) {
		return [];
	}
	return fs
		.readdirSync( folder )
		.map( ( file ) => {
			const locale =
				/^(?:tenderpress-)?([a-z]{2,3}(?:_[A-Z]{2})?(?:_[a-z0-9]+)?)\.po$/.exec(
					file
				)?.[ 1 ];
			return locale &&
				project.poFile( locale ) ===
					path.posix.join( path.dirname( project.pot ), file )
				? locale
				: null;
		} )
		.filter( Boolean )
		.sort();
}

/**
 * One locale's files from its .po and the project's .pot: the .po merged with the template, the
 * compiled .mo, and (plugin) the editor script's JSON. Returns { relative path: Buffer }.
 */
export function localeFiles( name, locale, potFile, root = ROOT ) {
	const project = PROJECTS[ name ];
	const poPath = project.poFile( locale );
	const work = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-i18n-' ) );
	try {
		const merged = path.join( work, 'merged.po' );
		execFileSync(
			'msgmerge',
			[
				'--quiet',
				'--no-fuzzy-matching',
				'--no-wrap',
				'--sort-output',
				'--no-location',
				'--output-file',
				merged,
				path.join( root, poPath ),
				potFile,
			],
			{ cwd: root }
		);
		// References are kept in the template only: the .po stays readable and does not churn.
		const po = fs
			.readFileSync( merged, 'utf8' )
			.replace( /\n#~[^\n]*/g, '' )
			.replace( /\n+$/, '\n' );
		fs.writeFileSync( merged, po );
		const mo = path.join( work, 'out.mo' );
		execFileSync( 'msgfmt', [ '--check', '--output-file', mo, merged ] );
		const files = {
			[ poPath ]: Buffer.from( po ),
			[ poPath.replace( /\.po$/, '.mo' ) ]: fs.readFileSync( mo ),
		};
		if ( project.editorSources ) {
			const json = editorJson(
				parsePo( po ),
				parsePo( fs.readFileSync( potFile, 'utf8' ) ),
				project.editorSources,
				locale
			);
			files[
				path.posix.join(
					path.dirname( project.pot ),
					`${ DOMAIN }-${ locale }-${ EDITOR_HANDLE }.json`
				)
			] = Buffer.from( json );
		}
		return files;
	} finally {
		fs.rmSync( work, { recursive: true, force: true } );
	}
}

/** The Jed 1.x JSON @wordpress/i18n reads: the translated strings the editor's sources use. */
function editorJson( poEntries, potEntries, isEditorSource, locale ) {
	const header =
		poEntries.find( ( entry ) => entry.msgid === '' )?.msgstr[ 0 ] ?? '';
	const headerField = ( field ) =>
		new RegExp( `^${ field }:\\s*(.*)$`, 'mi' )
			.exec( header )?.[ 1 ]
			.trim();
	const used = new Set(
		potEntries
			.filter( ( entry ) => entry.references.some( isEditorSource ) )
			.map( key )
	);
	const messages = {
		'': {
			domain: 'messages',
			lang: locale,
			'plural-forms':
				headerField( 'Plural-Forms' ) ?? 'nplurals=2; plural=(n != 1);',
		},
	};
	for ( const entry of poEntries ) {
		const translated = entry.msgstr.filter( ( value ) => value );
		if (
			entry.msgid === '' ||
			! used.has( key( entry ) ) ||
			entry.flags.includes( 'fuzzy' ) ||
			! translated.length
		) {
			continue;
		}
		const id =
			entry.msgctxt !== undefined
				? `${ entry.msgctxt }\u0004${ entry.msgid }`
				: entry.msgid;
		messages[ id ] = entry.msgstr;
	}
	const sorted = Object.fromEntries(
		Object.keys( messages )
			.sort()
			.map( ( id ) => [ id, messages[ id ] ] )
	);
	return (
		JSON.stringify( {
			'translation-revision-date':
				headerField( 'PO-Revision-Date' ) ?? '',
			generator: 'TenderPress scripts/i18n.mjs',
			domain: 'messages',
			locale_data: { messages: sorted },
		} ) + '\n'
	);
}

/** Every generated file, by relative path: what `npm run i18n` writes and the test compares. */
export function generate( root = ROOT ) {
	ensureOsCommand(
		'xgettext',
		'gettext',
		'extracting and compiling translations'
	);
	const files = {};
	const work = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-pot-' ) );
	try {
		for ( const name of Object.keys( PROJECTS ) ) {
			const pot = potText( name, root );
			files[ PROJECTS[ name ].pot ] = Buffer.from( pot );
			const potFile = path.join( work, `${ name }.pot` );
			fs.writeFileSync( potFile, pot );
			for ( const locale of locales( name, root ) ) {
				Object.assign(
					files,
					localeFiles( name, locale, potFile, root )
				);
			}
		}
	} finally {
		fs.rmSync( work, { recursive: true, force: true } );
	}
	return files;
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	try {
		for ( const [ file, content ] of Object.entries( generate() ) ) {
			const target = path.join( ROOT, file );
			fs.mkdirSync( path.dirname( target ), { recursive: true } );
			const before = fs.existsSync( target )
				? fs.readFileSync( target )
				: null;
			if ( ! before || ! before.equals( content ) ) {
				fs.writeFileSync( target, content );
				log( `wrote ${ file }` );
			}
		}
	} catch ( error ) {
		exitWithError( error );
	}
}
