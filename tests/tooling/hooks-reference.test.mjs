// docs/hooks.md is the reference of every action and filter, generated from the code
// (scripts/hooks-reference.mjs): a hook added without a docblock above its call, one whose name
// is built at run time, or a docblock changed without regenerating the file, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
	HOOKS_FILE,
	findHooks,
	hooksReference,
} from '../../scripts/hooks-reference.mjs';

test( 'every hook the plugin and theme offer has a docblock above its call', () => {
	const hooks = findHooks();
	assert.ok( hooks.length > 0, 'The plugin offers hooks.' );
	assert.deepEqual(
		hooks
			.filter( ( hook ) => hook.name === null )
			.map( ( hook ) => `${ hook.written } (${ hook.file })` ),
		[],
		'Name each hook with a literal string, so the reference lists it.'
	);
	const undocumented = hooks
		.filter( ( hook ) => ! hook.doc?.description )
		.map( ( hook ) => `${ hook.name } (${ hook.file })` );
	assert.deepEqual(
		undocumented,
		[],
		'Write a docblock above each of these calls.'
	);
	const untyped = hooks
		.filter( ( hook ) => ! hook.doc.params.length )
		.map( ( hook ) => hook.name );
	assert.deepEqual(
		untyped,
		[],
		'Each docblock says what its hook passes (@param).'
	);
} );

test( 'docs/hooks.md is the reference the code makes today', () => {
	assert.equal(
		fs.existsSync( HOOKS_FILE )
			? fs.readFileSync( HOOKS_FILE, 'utf8' )
			: '',
		hooksReference(),
		'docs/hooks.md is stale: run `npm run docs:hooks` and commit it.'
	);
} );
