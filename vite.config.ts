/**
 * Builds the islands: the runtime (the only eager script), the shared mount chunk and one chunk
 * per island folder, as ES modules with hashed names. WordPress packages are not bundled: they
 * resolve to the globals core already ships (wp.element is React 18 in WordPress 6.5), and
 * build/assets.json records which script handles each chunk needs (the data the *.asset.php
 * files of wordpress-scripts give) for PHP to read.
 *
 * The same `vite build` then builds the blocks' editor script (blocks-editor/) into
 * build/editor/: a classic script, as the block editor loads it, with index.asset.php beside it.
 * It stays out of assets.json, which lists what visitors may load. So does build/lazy-media.js,
 * a classic script PHP prints inline (lazyMediaBuild()).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import {
	build,
	defineConfig,
	type ESBuildOptions,
	type LogLevel,
	type Plugin,
	type Rollup,
} from 'vite';

import { shareSprite } from './scripts/lib/share-icons.mjs';

const require = createRequire( import.meta.url );
const root = path.dirname( new URL( import.meta.url ).pathname );

/** npm package → [global expression, WordPress script handle]. */
const WORDPRESS_GLOBALS: Record< string, [ string, string ] > = {
	'@wordpress/element': [ 'wp.element', 'wp-element' ],
	'@wordpress/api-fetch': [ 'wp.apiFetch', 'wp-api-fetch' ],
	'@wordpress/i18n': [ 'wp.i18n', 'wp-i18n' ],
	'@wordpress/a11y': [ 'wp.a11y', 'wp-a11y' ],
	react: [ 'React', 'react' ],
	'react-dom': [ 'ReactDOM', 'react-dom' ],
	// Editor-only packages: the block editor has loaded them before any block script runs.
	'@wordpress/blocks': [ 'wp.blocks', 'wp-blocks' ],
	'@wordpress/block-editor': [ 'wp.blockEditor', 'wp-block-editor' ],
	'@wordpress/components': [ 'wp.components', 'wp-components' ],
	'@wordpress/data': [ 'wp.data', 'wp-data' ],
	'@wordpress/server-side-render': [
		'wp.serverSideRender',
		'wp-server-side-render',
	],
};
const EDITOR_ENTRY = path.join( root, 'blocks-editor', 'index.ts' );

// JSX becomes wp.element's createElement: no JSX runtime to ship (WordPress 6.5 has none).
const JSX: ESBuildOptions = {
	jsx: 'transform',
	jsxFactory: 'createElement',
	jsxFragment: 'Fragment',
	jsxInject: `import { createElement, Fragment } from '@wordpress/element'`,
};
const VIRTUAL = '\0tenderpress-global:';

/** Modules merged into chunks/shared (see manualChunks below). */
const SHARED_HELPERS = [
	VIRTUAL + '@wordpress/element',
	'/islands/shared/props.ts',
	'/islands/shared/clicks.ts',
	'/islands/shared/motion.ts',
	'/islands/shared/failures.ts',
];

/** Every island is a folder under islands/ with an index.ts(x), apart from runtime/ and shared/. */
function islandEntries(): Record< string, string > {
	const dir = path.join( root, 'islands' );
	const entries: Record< string, string > = {
		runtime: path.join( dir, 'runtime', 'index.ts' ),
		'runtime/mount': path.join( dir, 'runtime', 'mount.tsx' ),
		'runtime/load': path.join( dir, 'runtime', 'load.ts' ),
	};
	for ( const name of fs.readdirSync( dir ) ) {
		if ( name === 'runtime' || name === 'shared' ) {
			continue;
		}
		const index = [ 'index.ts', 'index.tsx' ]
			.map( ( f ) => path.join( dir, name, f ) )
			.find( ( f ) => fs.existsSync( f ) );
		if ( index ) {
			entries[ name ] = index;
		}
	}
	return entries;
}

function wordpressGlobals(): Plugin {
	return {
		name: 'tenderpress-wordpress-globals',
		apply: 'build',
		enforce: 'pre',
		resolveId( id ) {
			return id in WORDPRESS_GLOBALS ? VIRTUAL + id : null;
		},
		load( id ) {
			if ( ! id.startsWith( VIRTUAL ) ) {
				return null;
			}
			const pkg = id.slice( VIRTUAL.length );
			const [ global ] = WORDPRESS_GLOBALS[ pkg ]!;
			const names = Object.keys( require( pkg ) ).filter(
				( name ) =>
					/^[A-Za-z_$][\w$]*$/.test( name ) &&
					name !== 'default' &&
					name !== '__esModule'
			);
			return [
				`const m = window.${ global };`,
				...names.map(
					( name ) => `export const ${ name } = m.${ name };`
				),
				'export default m;',
			].join( '\n' );
		},
		generateBundle( _options, bundle ) {
			const chunks = Object.values( bundle ).filter(
				( item ) => item.type === 'chunk'
			);
			const byFile = new Map(
				chunks.map( ( chunk ) => [ chunk.fileName, chunk ] )
			);
			const handlesOf = (
				fileName: string,
				seen = new Set< string >()
			): Set< string > => {
				const handles = new Set< string >();
				const chunk = byFile.get( fileName );
				if ( ! chunk || seen.has( fileName ) ) {
					return handles;
				}
				seen.add( fileName );
				for ( const id of chunk.moduleIds ) {
					if ( id.startsWith( VIRTUAL ) ) {
						handles.add(
							WORDPRESS_GLOBALS[
								id.slice( VIRTUAL.length )
							]![ 1 ]
						);
					}
				}
				for ( const imported of chunk.imports ) {
					handlesOf( imported, seen ).forEach( ( handle ) =>
						handles.add( handle )
					);
				}
				return handles;
			};
			// Every chunk an entry imports statically, however deep: the runtime preloads them all
			// at once, so a slow network pays one round trip for them, not one per level.
			const importsOf = (
				fileName: string,
				found = new Set< string >()
			): Set< string > => {
				for ( const imported of byFile.get( fileName )?.imports ??
					[] ) {
					if ( ! found.has( imported ) ) {
						found.add( imported );
						importsOf( imported, found );
					}
				}
				return found;
			};
			const assets: Record<
				string,
				{ file: string; dependencies: string[]; imports: string[] }
			> = {};
			for ( const chunk of chunks ) {
				if ( chunk.isEntry ) {
					assets[ chunk.name ] = {
						file: chunk.fileName,
						dependencies: [ ...handlesOf( chunk.fileName ) ].sort(),
						imports: [ ...importsOf( chunk.fileName ) ].sort(),
					};
				}
			}
			this.emitFile( {
				type: 'asset',
				fileName: 'assets.json',
				source: JSON.stringify( assets, null, '\t' ),
			} );
		},
	};
}

/**
 * index.asset.php for the editor script, as wordpress-scripts writes it: the script handles of
 * the WordPress packages it imports, and a hash of its code as its version (a new build, a new
 * URL for browsers that cached the old one).
 */
function editorAssetFile(): Plugin {
	return {
		name: 'tenderpress-editor-asset-file',
		generateBundle( _options, bundle ) {
			const entry = Object.values( bundle ).find(
				( item ) => item.type === 'chunk' && item.isEntry
			);
			if ( ! entry || entry.type !== 'chunk' ) {
				this.error( 'the editor build made no entry chunk' );
			}
			const quote = ( text: string ) => `'${ text }'`;
			const dependencies = entry.imports
				.map( ( id ) => WORDPRESS_GLOBALS[ id ]![ 1 ] )
				.sort();
			const version = crypto
				.createHash( 'sha256' )
				.update( entry.code )
				.digest( 'hex' )
				.slice( 0, 20 );
			this.emitFile( {
				type: 'asset',
				fileName: 'index.asset.php',
				source: `<?php return array( 'dependencies' => array( ${ dependencies
					.map( quote )
					.join( ', ' ) } ), 'version' => ${ quote( version ) } );\n`,
			} );
		},
	};
}

/**
 * Builds a classic script into the islands' build folder once their build is written (it empties
 * the folder first): one file, with each WordPress package read from its global.
 */
function classicScriptBuild(
	name: string,
	options: {
		entry: string;
		/** Path under build/. */
		file: string;
		plugins?: Plugin[];
		/** The oldest JavaScript it is written down to (es2020 unless said). */
		target?: string;
	}
): Plugin {
	let outDir = '';
	let logLevel: LogLevel | undefined;
	return {
		name,
		apply: 'build',
		configResolved( config ) {
			outDir = path.resolve( config.root, config.build.outDir );
			logLevel = config.logLevel;
		},
		async closeBundle() {
			await build( {
				configFile: false,
				root,
				logLevel,
				publicDir: false,
				plugins: options.plugins ?? [],
				esbuild: JSX,
				build: {
					outDir: path.join( outDir, path.dirname( options.file ) ),
					emptyOutDir: false,
					target: options.target ?? 'es2020',
					minify: 'terser',
					rollupOptions: {
						input: options.entry,
						// Only WordPress's packages: anything else an import names is bundled in.
						external: Object.keys( WORDPRESS_GLOBALS ),
						output: {
							format: 'iife',
							entryFileNames: path.basename( options.file ),
							globals: Object.fromEntries(
								Object.entries( WORDPRESS_GLOBALS ).map(
									( [ pkg, [ global ] ] ) => [ pkg, global ]
								)
							),
						},
					},
				},
			} );
		},
	};
}

/**
 * Each island's early module (islands/<name>/early.ts, runtime/types.ts EarlyPainter) as one ES
 * module file, build/<name>/early-<hash>.js, with everything it imports bundled in: the runtime
 * fetches it at the first intent beside the page's request, where an import of a shared chunk
 * would cost another round trip (and the shared chunk needs React). Recorded in assets.json as
 * "<name>/early" once the islands' build has written it.
 */
function earlyModulesBuild(): Plugin {
	let outDir = '';
	let logLevel: LogLevel | undefined;
	return {
		name: 'tenderpress-early-modules-build',
		apply: 'build',
		configResolved( config ) {
			outDir = path.resolve( config.root, config.build.outDir );
			logLevel = config.logLevel;
		},
		async closeBundle() {
			const dir = path.join( root, 'islands' );
			const found = fs
				.readdirSync( dir )
				.filter( ( name ) =>
					fs.existsSync( path.join( dir, name, 'early.ts' ) )
				);
			const manifest = path.join( outDir, 'assets.json' );
			const assets = JSON.parse( fs.readFileSync( manifest, 'utf8' ) );
			for ( const name of found ) {
				const output = await build( {
					configFile: false,
					root,
					logLevel,
					publicDir: false,
					build: {
						outDir: path.join( outDir, name ),
						emptyOutDir: false,
						write: true,
						target: 'es2020',
						minify: 'terser',
						rollupOptions: {
							input: path.join( dir, name, 'early.ts' ),
							preserveEntrySignatures: 'exports-only',
							output: {
								format: 'es',
								entryFileNames: 'early-[hash].js',
							},
						},
					},
				} );
				// One input, written, not watched: one RollupOutput, whose first item is the entry.
				const [ chunk ] = ( output as Rollup.RollupOutput ).output;
				assets[ `${ name }/early` ] = {
					file: `${ name }/${ chunk.fileName }`,
					dependencies: [],
					imports: [],
				};
			}
			fs.writeFileSync( manifest, JSON.stringify( assets, null, '\t' ) );
		},
	};
}

/**
 * The blocks' editor script, build/editor/index.js: a classic script, not a module, as the block
 * editor in WordPress 6.5 loads block scripts with wp_register_script, and the blocks must be
 * registered before the editor starts.
 */
const editorBuild = () =>
	classicScriptBuild( 'tenderpress-editor-build', {
		entry: EDITOR_ENTRY,
		file: 'editor/index.js',
		plugins: [ editorAssetFile() ],
	} );

/**
 * The lazy-media script, build/lazy-media.js: no React and no module, as PHP prints it inline at
 * the end of the pages that have lazy media (php/Content/LazyMedia.php).
 */
const lazyMediaBuild = () =>
	classicScriptBuild( 'tenderpress-lazy-media-build', {
		entry: path.join( root, 'islands', 'runtime', 'lazy-media-page.ts' ),
		file: 'lazy-media.js',
		// It holds pictures back from every browser with scripts, module-capable or not (the
		// runtime is a module): one that cannot parse it would show none of them.
		target: 'es2015',
	} );

/**
 * Push notifications' two classic scripts (islands/push): build/push-reveal.js, which PHP prints
 * inline after the opt-in prompt (php/Islands/PushPrompt.php) to show it without React, and the
 * service worker, build/sdk_files/push/webpush/sw.js, reached as the plugin's
 * sdk_files/push/webpush/sw.js (plugin/sdk_files links to build/sdk_files), whose folder is its
 * scope.
 */
const pushRevealBuild = () =>
	classicScriptBuild( 'tenderpress-push-reveal-build', {
		entry: path.join( root, 'islands', 'push', 'reveal.ts' ),
		file: 'push-reveal.js',
		// Every browser that has Web Push parses ES2020; an older one, which cannot parse it,
		// shows no prompt, as it should, and only misses the console's 'Incompatible browser.'.
	} );
/**
 * Two small classic scripts PHP prints inline before any island loads: build/tabs-preload.js,
 * after the last tabs of a page, opens the section the address names (php/Islands/Tabs.php);
 * build/share-restore.js, after each floating share bar, keeps it slid away for the visit
 * (php/Islands/Share.php).
 */
const tabsPreloadBuild = () =>
	classicScriptBuild( 'tenderpress-tabs-preload-build', {
		entry: path.join( root, 'islands', 'tabs', 'preload.ts' ),
		file: 'tabs-preload.js',
	} );
const shareRestoreBuild = () =>
	classicScriptBuild( 'tenderpress-share-restore-build', {
		entry: path.join( root, 'islands', 'share', 'restore.ts' ),
		file: 'share-restore.js',
	} );
/**
 * The settings screen's "Send a test notification" button (php/Push/PushTestNotification.php),
 * build/push-test.js: a classic script for that admin screen only.
 */
const pushTestBuild = () =>
	classicScriptBuild( 'tenderpress-push-test-build', {
		entry: path.join( root, 'islands', 'push', 'admin-test.ts' ),
		file: 'push-test.js',
	} );
const serviceWorkerBuild = () =>
	classicScriptBuild( 'tenderpress-service-worker-build', {
		entry: path.join( root, 'islands', 'push', 'service-worker.ts' ),
		file: 'sdk_files/push/webpush/sw.js',
	} );

/**
 * The share bars' icons as one sprite, build/share-icons.svg (scripts/lib/share-icons.mjs): PHP
 * inlines a bar's few icons from it, and the island's "More" dialog points at it, so no icon is
 * inside a chunk.
 */
function shareIcons(): Plugin {
	return {
		name: 'tenderpress-share-icons',
		apply: 'build',
		generateBundle() {
			this.emitFile( {
				type: 'asset',
				fileName: 'share-icons.svg',
				source: shareSprite( {
					catalogue: JSON.parse(
						fs.readFileSync(
							path.join( root, 'php', 'Share', 'services.json' ),
							'utf8'
						)
					),
					simpleIconsDir: path.join(
						path.dirname( require.resolve( 'simple-icons' ) ),
						'icons'
					),
					ownIconsDir: path.join( root, 'php', 'Share', 'icons' ),
				} ),
			} );
		},
	};
}

export default defineConfig( {
	plugins: [
		wordpressGlobals(),
		shareIcons(),
		editorBuild(),
		lazyMediaBuild(),
		pushRevealBuild(),
		tabsPreloadBuild(),
		shareRestoreBuild(),
		pushTestBuild(),
		serviceWorkerBuild(),
		earlyModulesBuild(),
	],
	esbuild: JSX,
	build: {
		outDir: 'build',
		emptyOutDir: true,
		manifest: true,
		target: 'es2020',
		modulePreload: false,
		// Terser: a few per cent smaller than esbuild, which matters for the runtime's 2 KB budget
		// (the only script every page with islands loads before a visitor's intent).
		minify: 'terser',
		rollupOptions: {
			input: islandEntries(),
			preserveEntrySignatures: 'exports-only',
			output: {
				format: 'es',
				entryFileNames: '[name]-[hash].js',
				chunkFileNames: 'chunks/[name]-[hash].js',
				// The small helpers most islands share, which need only wp-element, in one chunk:
				// each chunk is a request, and on a phone's HTTP/1.1 connection every six
				// requests cost another round trip at the first intent.
				manualChunks( id ) {
					return SHARED_HELPERS.some( ( helper ) =>
						id.endsWith( helper )
					)
						? 'shared'
						: undefined;
				},
				assetFileNames: 'assets/[name]-[hash][extname]',
			},
		},
	},
	test: {
		// A worker per core: Vitest's default leaves one core free, which on this project's
		// two-core machines ran the suite on one (48 s against 31 s).
		maxWorkers: availableParallelism(),
		environment: 'jsdom',
		include: [ 'islands/**/*.test.{ts,tsx}' ],
		setupFiles: [ 'tests/unit/setup.ts' ],
		restoreMocks: true,
	},
} );
