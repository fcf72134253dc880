import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fillTemplate, sanitizeLink, withInstance } from '../links';

// The allowed protocols live in the catalogue, which the server also reads.
const catalogue = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../php/Share/services.json' ),
		'utf8'
	)
) as { protocols: string[] };
const PROTOCOLS = catalogue.protocols;

describe( 'link sanitising', () => {
	it( 'holds the spec list of protocols', () => {
		expect( [ ...PROTOCOLS ].sort() ).toEqual(
			[
				'http',
				'https',
				'ftp',
				'ftps',
				'mailto',
				'news',
				'irc',
				'irc6',
				'ircs',
				'gopher',
				'nntp',
				'feed',
				'telnet',
				'mms',
				'rtsp',
				'sms',
				'svn',
				'tel',
				'fax',
				'xmpp',
				'webcal',
				'urn',
			].sort()
		);
	} );

	it.each( PROTOCOLS )( 'lets %s links through unchanged', ( protocol ) => {
		const log = vi.fn();
		const link = `${ protocol }:example`;
		expect( sanitizeLink( link, PROTOCOLS, log ) ).toBe( link );
		expect( log ).not.toHaveBeenCalled();
	} );

	it.each( [ '/notices/road-works/', '#comments', '/', '#' ] )(
		'lets "%s" through unchanged',
		( link ) => {
			expect( sanitizeLink( link, PROTOCOLS, vi.fn() ) ).toBe( link );
		}
	);

	it.each( [
		'javascript:alert(1)',
		'JavaScript:alert(1)',
		'  javascript:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'DATA:text/html;base64,PHNjcmlwdD4=',
		'vbscript:msgbox(1)',
		'file:///etc/passwd',
		'notices/relative',
		'',
	] )( 'turns "%s" into "#" and logs it', ( link ) => {
		const log = vi.fn();
		expect( sanitizeLink( link, PROTOCOLS, log ) ).toBe( '#' );
		expect( log ).toHaveBeenCalledWith( 'Invalid protocol' );
	} );

	it( 'reads the protocol whatever its case and leading spaces', () => {
		expect(
			sanitizeLink( 'HTTPS://example.org/', PROTOCOLS, vi.fn() )
		).toBe( 'HTTPS://example.org/' );
		expect(
			sanitizeLink( '  mailto:someone@example.org', PROTOCOLS, vi.fn() )
		).toBe( '  mailto:someone@example.org' );
	} );
} );

describe( 'share links', () => {
	it( 'fills a template with encoded values', () => {
		expect(
			fillTemplate(
				'https://example.org/share?u={url}&t={title}&x={text}',
				{
					url: 'https://site.test/notice/a b/?x=1&y=2',
					title: 'Roads & bridges',
					prompt: 'p',
				}
			)
		).toBe(
			'https://example.org/share?u=https%3A%2F%2Fsite.test%2Fnotice%2Fa%20b%2F%3Fx%3D1%26y%3D2&t=Roads%20%26%20bridges&x=Roads%20%26%20bridges%20https%3A%2F%2Fsite.test%2Fnotice%2Fa%20b%2F%3Fx%3D1%26y%3D2'
		);
	} );

	it( 'swaps the default instance for the typed one, trimmed; empty keeps the default', () => {
		const link = 'https://mastodon.social/share?text=hello';
		expect(
			withInstance( link, 'mastodon.social', '  fosstodon.org ' )
		).toBe( 'https://fosstodon.org/share?text=hello' );
		expect( withInstance( link, 'mastodon.social', '   ' ) ).toBe( link );
		expect( withInstance( link, 'mastodon.social', '' ) ).toBe( link );
	} );
} );
