// The icons of the share bars, as one SVG sprite: a <symbol id="tp-share-<service id>"> per service
// of php/Share/services.json, plus the three glyphs the bar itself shows (the "more services"
// plus, the native share sheet and the floating bar's arrow). Pages point at symbols with <use>,
// so each icon is downloaded once however many bars a page has, and a service added to the
// catalogue needs no code.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

// Glyphs the bar shows besides the services: the symbol id suffix and our own file name.
const UI_GLYPHS = [ 'more', 'share', 'arrow' ];

const OWN_ICON_PREFIX = 'tp:';
const NAME = /^[a-z0-9-]+$/;

// Only path data goes into the sprite. A `d` holding anything but path commands and numbers
// (a quote, an angle bracket) could close the attribute and smuggle markup into every page.
const PATH_DATA = /^[MmZzLlHhVvCcSsQqTtAa0-9eE.,+\-\s]+$/;

/**
 * The `d` of every <path> of an SVG file, in order. Anything else in the file (title, fill,
 * transforms) is dropped: the bar colours the icons, and screen readers read the link's label.
 */
function pathData( svg ) {
	const found = [];
	for ( const [ element ] of svg.matchAll( /<path\b[^>]*>/g ) ) {
		const d = /\sd\s*=\s*(["'])(.*?)\1/s.exec( element )?.[ 2 ].trim();
		if ( d ) {
			found.push( d );
		}
	}
	return found;
}

/** Where a catalogue icon lives: `tp:<name>` is one of ours, anything else a simple-icons slug. */
function iconFile( icon, { simpleIconsDir, ownIconsDir } ) {
	const own = icon.startsWith( OWN_ICON_PREFIX );
	const name = own ? icon.slice( OWN_ICON_PREFIX.length ) : icon;
	// The name becomes part of a path: nothing that could climb out of the icon folders.
	if ( ! NAME.test( name ) ) {
		return null;
	}
	return path.join( own ? ownIconsDir : simpleIconsDir, `${ name }.svg` );
}

function symbol( id, paths ) {
	const body = paths.map( ( d ) => `<path d="${ d }"/>` ).join( '' );
	return `<symbol id="tp-share-${ id }" viewBox="0 0 24 24">${ body }</symbol>`;
}

/**
 * The text of the sprite for a catalogue (the parsed services.json). Throws, naming the service,
 * when its icon is missing or holds no usable path: a bar must never ship an empty button.
 */
export function shareSprite( { catalogue, simpleIconsDir, ownIconsDir } ) {
	const dirs = { simpleIconsDir, ownIconsDir };
	const wanted = [
		...catalogue.services.map( ( service ) => ( {
			id: service.id,
			icon: service.icon,
			what: `share service "${ service.id }"`,
		} ) ),
		...UI_GLYPHS.map( ( name ) => ( {
			id: name,
			icon: OWN_ICON_PREFIX + name,
			what: `share bar glyph "${ name }"`,
		} ) ),
	];
	const seen = new Set();
	const symbols = wanted.map( ( { id, icon, what } ) => {
		// The id is written into an attribute of every page that shows a bar.
		if ( ! NAME.test( String( id ) ) ) {
			throw new Error(
				`The id of the ${ what } is not lowercase letters, digits and dashes.`
			);
		}
		// Two symbols with one id would show the same icon on two buttons, whichever came first.
		if ( seen.has( id ) ) {
			throw new Error(
				`The id of the ${ what } is taken: ids of services and of the glyphs ${ UI_GLYPHS.join(
					', '
				) } must all differ.`
			);
		}
		seen.add( id );
		const file = iconFile( String( icon ?? '' ), dirs );
		if ( ! file || ! fs.existsSync( file ) ) {
			throw new Error(
				`The icon "${ icon }" of the ${ what } was not found${
					file ? ` (looked for ${ file })` : ''
				}.`
			);
		}
		const paths = pathData( fs.readFileSync( file, 'utf8' ) );
		if ( paths.length === 0 ) {
			throw new Error(
				`The icon "${ icon }" of the ${ what } has no <path d> (${ file }).`
			);
		}
		if ( ! paths.every( ( d ) => PATH_DATA.test( d ) ) ) {
			throw new Error(
				`The icon "${ icon }" of the ${ what } has path data that is not only path commands (${ file }).`
			);
		}
		return symbol( id, paths );
	} );
	return `<svg xmlns="http://www.w3.org/2000/svg">${ symbols.join(
		''
	) }</svg>\n`;
}

/**
 * Writes the sprite of the committed catalogue to outFile, with simple-icons from the
 * repository's node_modules, and says how many symbols and bytes it holds.
 */
export function writeShareSprite( outFile ) {
	const catalogue = JSON.parse(
		fs.readFileSync( path.join( ROOT, 'php/Share/services.json' ), 'utf8' )
	);
	const sprite = shareSprite( {
		catalogue,
		simpleIconsDir: path.join( ROOT, 'node_modules/simple-icons/icons' ),
		ownIconsDir: path.join( ROOT, 'php/Share/icons' ),
	} );
	fs.mkdirSync( path.dirname( outFile ), { recursive: true } );
	fs.writeFileSync( outFile, sprite );
	return {
		symbols: catalogue.services.length + UI_GLYPHS.length,
		bytes: Buffer.byteLength( sprite ),
	};
}
