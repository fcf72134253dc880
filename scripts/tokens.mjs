// Writes plugin/assets/tokens.css from the theme's palette (theme/theme.json), the one source of
// the product's colours. Each colour becomes a custom property, --tp-color-<slug>, that takes the
// active theme's preset of that slug when it has one and the palette's own value otherwise (a
// site on another theme). Every stylesheet of the plugin uses these properties and writes no
// colour of its own; tests/tooling/literal-copies.test.mjs fails on a colour written elsewhere
// and on a tokens.css that no longer matches the palette.
//
//   npm run tokens
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
export const TOKENS_FILE = 'plugin/assets/tokens.css';

/** The palette of theme/theme.json: [{ slug, name, color }]. */
export function palette() {
	const theme = JSON.parse(
		fs.readFileSync( path.join( ROOT, 'theme/theme.json' ), 'utf8' )
	);
	return theme.settings.color.palette;
}

/** The stylesheet, as tokens.css must read. */
export function tokensCss( colours = palette() ) {
	const lines = colours.map(
		( { slug, name, color } ) =>
			`\t/* ${ name } */\n\t--tp-color-${ slug }: var(--wp--preset--color--${ slug }, ${ color });`
	);
	return [
		'/*',
		" * The plugin's colours: generated from the palette of theme/theme.json by `npm run tokens`",
		' * (scripts/tokens.mjs). Do not edit: change the palette and run it again.',
		' *',
		" * On body, where WordPress declares the theme's presets (and on the block editor's wrapper,",
		" * where it declares them outside a frame), so each takes the active theme's colour of its",
		' * slug when the theme has one.',
		' */',
		'body,',
		'.editor-styles-wrapper {',
		...lines,
		'}',
		'',
	].join( '\n' );
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	fs.writeFileSync( path.join( ROOT, TOKENS_FILE ), tokensCss() );
	process.stdout.write( `[tenderpress] wrote ${ TOKENS_FILE }\n` );
}
