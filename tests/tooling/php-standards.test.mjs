// The phpcs and phpstan suites pass only if their configurations still catch what they are for: a
// ruleset that excluded everything, or a PHPStan that no longer knew WordPress's functions, would
// report a clean tree too. Each check here feeds the tool a small file with known mistakes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

/** The sniff codes PHPCS reports for `source`, read as if it were the file at `asPath`. */
function phpcsSources( source, asPath ) {
	const result = spawnSync(
		'php',
		[
			path.join( ROOT, 'vendor', 'bin', 'phpcs' ),
			'-q',
			'--report=json',
			// Absolute, as when PHPCS walks the tree: the ruleset's patterns match on it.
			`--stdin-path=${ path.join( ROOT, asPath ) }`,
			'-',
		],
		{ cwd: ROOT, input: source, encoding: 'utf8' }
	);
	const report = JSON.parse( result.stdout );
	return Object.values( report.files ).flatMap( ( file ) =>
		file.messages.map( ( message ) => message.source )
	);
}

test( 'PHPCS refuses unescaped output, a foreign text domain, an unprefixed global and PHP deprecated before 8.1', () => {
	const sources = phpcsSources(
		[
			'<?php',
			'/**',
			' * A block template.',
			' *',
			' * @package TenderPress',
			' */',
			'',
			'$html = get_the_title();',
			'echo $html;',
			"echo esc_html__( 'Hello', 'another-plugin' );",
			'$tenderpress_pairs = each( $tenderpress_list );',
			'',
		].join( '\n' ),
		'plugin/blocks/probe/render.php'
	);
	for ( const expected of [
		'WordPress.Security.EscapeOutput.OutputNotEscaped',
		'WordPress.WP.I18n.TextDomainMismatch',
		'WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound',
		// PHPCompatibility 9.3.2 predates PHP 8: it knows each() as deprecated (7.2), not as removed.
		'PHPCompatibility.FunctionUse.RemovedFunctions.eachDeprecated',
	] ) {
		assert.ok(
			sources.includes( expected ),
			`${ expected } not reported; got ${ sources.join( ', ' ) }`
		);
	}
} );

test( 'PHPCS accepts a class file that follows the standard', () => {
	const sources = phpcsSources(
		[
			'<?php',
			'namespace TenderPress\\Probe;',
			'',
			'/**',
			' * A notice title, escaped for HTML.',
			' */',
			'final class Title {',
			'',
			'	public static function html( int $post_id ): string {',
			"		return '<h2>' . esc_html( get_the_title( $post_id ) ) . '</h2>';",
			'	}',
			'}',
			'',
		].join( '\n' ),
		'php/Probe/Title.php'
	);
	assert.deepEqual( sources, [] );
} );

test( 'PHPStan knows WordPress and the plugin constants, and reports a wrong type', () => {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-phpstan-' ) );
	try {
		const file = path.join( dir, 'Probe.php' );
		fs.writeFileSync(
			file,
			[
				'<?php',
				'namespace TenderPress;',
				'',
				'final class Probe {',
				'	public static function site(): string {',
				"		return esc_html( get_bloginfo( 'name' ) ) . TENDERPRESS_VERSION;",
				'	}',
				'',
				'	public static function title_length(): int {',
				'		return strlen( get_post( 1 ) );',
				'	}',
				'}',
				'',
			].join( '\n' )
		);
		const result = spawnSync(
			'php',
			[
				path.join( ROOT, 'vendor', 'bin', 'phpstan' ),
				'analyse',
				'--no-progress',
				'--error-format=json',
				'--memory-limit=1G',
				file,
			],
			{ cwd: ROOT, encoding: 'utf8' }
		);
		const report = JSON.parse( result.stdout );
		const messages = Object.values( report.files ).flatMap( ( entry ) =>
			entry.messages.map(
				( message ) => `${ message.line }: ${ message.message }`
			)
		);
		assert.deepEqual( report.errors, [] );
		assert.equal( messages.length, 1, messages.join( '\n' ) );
		assert.match(
			messages[ 0 ],
			/^10: .*strlen expects string, .*WP_Post/
		);
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );
