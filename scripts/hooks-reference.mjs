// `npm run docs:hooks`: writes docs/hooks.md, the reference of every action and filter the
// plugin and the theme offer, from the code itself: each `apply_filters( 'tenderpress…' )` or
// `do_action( 'tenderpress…' )` with the docblock written just above it (what it is for, its
// parameters). The DOM events the islands runtime dispatches come from islands/runtime/events.ts.
// tests/tooling/hooks-reference.test.mjs fails when the file is stale or a hook has no docblock.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
export const HOOKS_FILE = path.join( ROOT, 'docs', 'hooks.md' );
const FOLDERS = [ 'php', 'plugin', 'theme' ];
// Every call that fires a hook (apply_filters, do_action and their _ref_array and _deprecated
// forms), with its first argument as written.
const CALL =
	/\b((?:apply_filters|do_action)(?:_ref_array|_deprecated)?)\s*\(\s*([^,)]*)/g;

function phpFiles( dir ) {
	return fs
		.readdirSync( dir, { withFileTypes: true } )
		.flatMap( ( entry ) => {
			const full = path.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return phpFiles( full );
			}
			return entry.name.endsWith( '.php' ) ? [ full ] : [];
		} );
}

/** The text of a docblock: its description, and its tags with their continuation lines. */
function readDocblock( block ) {
	const lines = block
		.replace( /^\/\*\*|\*\/$/g, '' )
		.split( '\n' )
		.map( ( line ) => line.replace( /^\s*\*\s?/, '' ).trimEnd() );
	const description = [];
	const tags = [];
	for ( const line of lines ) {
		if ( line.startsWith( '@' ) ) {
			tags.push( line );
		} else if ( tags.length && line.trim() ) {
			tags[ tags.length - 1 ] += ' ' + line.trim();
		} else if ( ! tags.length ) {
			description.push( line );
		}
	}
	const params = tags
		.map( ( tag ) => tag.match( /^@param\s+(.+?)\s+(\$\w+)\s*(.*)$/ ) )
		.filter( Boolean )
		.map( ( [ , type, name, text ] ) => ( {
			type: type.trim(),
			name,
			text: text.replace( /\s+/g, ' ' ).trim(),
		} ) );
	return {
		description: description
			.join( '\n' )
			.trim()
			.replace( /\n(?!\n)/g, ' ' )
			.replace( /[ \t]+/g, ' ' ),
		params,
	};
}

/**
 * Every hook call in the plugin and the theme: its name, kind, file, and the docblock just above
 * the statement that calls it (null when there is none).
 */
export function findHooks() {
	const hooks = [];
	for ( const folder of FOLDERS ) {
		for ( const file of phpFiles( path.join( ROOT, folder ) ) ) {
			const source = fs.readFileSync( file, 'utf8' );
			for ( const match of source.matchAll( CALL ) ) {
				const literal = match[ 2 ]
					.trim()
					.match( /^(['"])([a-z0-9_]+)\1$/ );
				const name = literal ? literal[ 2 ] : null;
				if ( name !== null && ! name.startsWith( 'tenderpress' ) ) {
					// One of WordPress's own hooks, applied as core applies it.
					continue;
				}
				// The statement's start: the line the call is on; its docblock ends just above.
				const lineStart = source.lastIndexOf( '\n', match.index ) + 1;
				const before = source.slice( 0, lineStart ).trimEnd();
				const opens = before.lastIndexOf( '/*' );
				const doc =
					before.endsWith( '*/' ) && before.startsWith( '/**', opens )
						? before.slice( opens )
						: null;
				hooks.push( {
					// null: a name built at run time, which no reference can list.
					name,
					written: match[ 2 ].trim(),
					kind: match[ 1 ].startsWith( 'do_action' )
						? 'action'
						: 'filter',
					file: path.relative( ROOT, file ),
					doc: doc ? readDocblock( doc ) : null,
				} );
			}
		}
	}
	return hooks.sort( ( a, b ) =>
		( a.name ?? '' ).localeCompare( b.name ?? '' )
	);
}

/** The DOM events of islands/runtime/events.ts: each exported constant with its comment. */
function domEvents() {
	const file = 'islands/runtime/events.ts';
	const source = fs.readFileSync( path.join( ROOT, file ), 'utf8' );
	const intro = source.match( /^\/\*\*([\s\S]*?)\*\//m );
	return {
		file,
		intro: intro ? readDocblock( intro[ 0 ] ).description : '',
		names: [ ...source.matchAll( /export const \w+ = '([^']+)';/g ) ].map(
			( [ , name ] ) => name
		),
	};
}

const cell = ( text ) => text.replace( /\|/g, '\\|' );

export function hooksReference() {
	const hooks = findHooks().filter( ( hook ) => hook.name !== null );
	const out = [
		'# Hooks',
		'',
		'Every action and filter TenderPress offers, generated from the code by `npm run docs:hooks`',
		'(`scripts/hooks-reference.mjs`) from the docblock above each call: edit the docblock, not',
		'this file. `tests/tooling/hooks-reference.test.mjs` fails when this file is stale.',
		'',
	];
	for ( const [ kind, title ] of [
		[ 'filter', 'Filters' ],
		[ 'action', 'Actions' ],
	] ) {
		out.push( `## ${ title }`, '' );
		for ( const hook of hooks.filter( ( h ) => h.kind === kind ) ) {
			out.push( `### \`${ hook.name }\``, '' );
			if ( hook.doc?.description ) {
				out.push( hook.doc.description, '' );
			}
			if ( hook.doc?.params.length ) {
				out.push( '| parameter | type | |', '|---|---|---|' );
				for ( const param of hook.doc.params ) {
					out.push(
						`| \`${ param.name }\` | \`${ cell(
							param.type
						) }\` | ${ cell( param.text ) } |`
					);
				}
				out.push( '' );
			}
			out.push( `In \`${ hook.file }\`.`, '' );
		}
	}
	const events = domEvents();
	out.push( '## DOM events of the islands', '', events.intro, '' );
	for ( const name of events.names ) {
		out.push( `- \`${ name }\`` );
	}
	out.push(
		'',
		`Their \`detail\`: \`island\` (its name), \`element\` (its container) and, for an error, \`error\`. In \`${ events.file }\`.`,
		''
	);
	return out.join( '\n' );
}

if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	fs.mkdirSync( path.dirname( HOOKS_FILE ), { recursive: true } );
	fs.writeFileSync( HOOKS_FILE, hooksReference() );
	process.stdout.write( `${ path.relative( ROOT, HOOKS_FILE ) } written\n` );
}
