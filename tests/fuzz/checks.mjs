// What counts as a failure for one answer, and for the stored rows. Each check returns the
// problems it found as short sentences, for the failure report.
import { JSDOM } from 'jsdom';

/**
 * Options that WordPress itself writes while it serves anonymous requests, whatever they carry;
 * a change to any other row is a stored change.
 * - `cron`: WordPress (re)schedules its own events, and wp-cron.php reschedules each recurring
 *   event it runs.
 * - `_transient_doing_cron`: the lock spawn_cron() writes before it asks wp-cron.php to run.
 * - `finished_updating_comment_type`, `update_comment_type.lock`: the flag and lock of core's
 *   one-time comment-type migration. On a site where no admin screen was ever opened, the first
 *   admin-ajax request runs admin_init, which schedules that migration a minute ahead, so it
 *   runs in the middle of the fuzz run whatever the requests carry.
 */
const ALLOWED_OPTION_CHANGES = [
	'cron',
	'_transient_doing_cron',
	'finished_updating_comment_type',
	'update_comment_type.lock',
];

/**
 * Options of ours that an accepted request may write whatever it carries: the rate limiter's
 * count of a client's requests (php/Support/RateLimit.php), which is what makes a flood of
 * valid saves stop. What the requests asked to store is checked as before.
 */
const ALLOWED_OPTION_PREFIXES = [
	'_transient_tenderpress_rl_',
	'_transient_timeout_tenderpress_rl_',
];

/** Payload markers that, found raw in markup, mean the markup runs our script. */
const RAW_MARKERS = [ '<script>alert("tpfz")', '<img src=x onerror=tpfz>' ];

const around = ( text, index, length ) =>
	JSON.stringify(
		text.slice( Math.max( 0, index - 40 ), index + length + 40 )
	);

/**
 * A payload that came back able to run: for an answer a browser renders as markup, one of the
 * raw markers, or an element with an event-handler attribute or a javascript: URL that carries
 * the payload's marker. A JSON answer is data (a raw "</script>" in it breaks nothing), so only
 * its content type is checked here, with the rest of the answer's headers.
 */
function reflection( response ) {
	const problems = [];
	const cookies = [ response.headers[ 'set-cookie' ] ?? [] ].flat();
	if ( cookies.some( ( cookie ) => cookie.includes( 'tpfz' ) ) ) {
		problems.push(
			`header injected: Set-Cookie ${ cookies.join( '; ' ) }`
		);
	}
	const type = response.headers[ 'content-type' ] ?? '';
	if ( /\bjson\b/i.test( type ) || ! response.body.includes( 'tpfz' ) ) {
		return problems;
	}
	for ( const marker of RAW_MARKERS ) {
		const index = response.body.indexOf( marker );
		if ( index >= 0 ) {
			problems.push(
				`payload reflected unescaped (${
					type || 'no content type'
				}): ${ around( response.body, index, marker.length ) }`
			);
		}
	}
	const { document } = new JSDOM( response.body ).window;
	for ( const element of document.querySelectorAll( '*' ) ) {
		for ( const { name, value } of element.attributes ) {
			const handler = /^on/i.test( name );
			const scriptUrl =
				/^(href|src|action|formaction)$/i.test( name ) &&
				/^\s*javascript:/i.test( value );
			if (
				( handler || scriptUrl ) &&
				/tpfz/.test( `${ name }${ value }` )
			) {
				problems.push(
					`payload became an attribute that runs script: <${ element.tagName.toLowerCase() } ${ name }="${ value }">`
				);
			}
		}
	}
	return problems;
}

/** Problems with one answer. `valid` marks the example, which must also be accepted. */
export function answerProblems( response, { valid = false } = {} ) {
	if ( response.error ) {
		return [ `no answer: ${ response.error }` ];
	}
	const problems = [];
	if ( response.status >= 500 ) {
		problems.push( `HTTP ${ response.status }` );
	}
	if ( valid && [ 400, 404, 405 ].includes( response.status ) ) {
		problems.push(
			`the valid example was refused with HTTP ${
				response.status
			}, so its mutations would test nothing: ${ response.body.slice(
				0,
				200
			) }`
		);
	}
	return [ ...problems, ...reflection( response ) ];
}

/**
 * Rows added, removed or changed between two snapshots (snapshot.php), as "table key: what",
 * leaving out the options WordPress rewrites by itself.
 */
export function storedChanges( before, after ) {
	const changes = [];
	for ( const table of new Set( [
		...Object.keys( before ),
		...Object.keys( after ),
	] ) ) {
		const old = before[ table ];
		const now = after[ table ];
		if ( ! old || ! now ) {
			changes.push(
				`${ table }: table ${ old ? 'dropped' : 'created' }`
			);
			continue;
		}
		if ( old.hash === now.hash ) {
			continue;
		}
		const allowed = table.endsWith( '_options' )
			? new Set( ALLOWED_OPTION_CHANGES )
			: new Set();
		for ( const key of new Set( [
			...Object.keys( old.rows ),
			...Object.keys( now.rows ),
		] ) ) {
			if (
				old.rows[ key ] === now.rows[ key ] ||
				allowed.has( key ) ||
				( table.endsWith( '_options' ) &&
					ALLOWED_OPTION_PREFIXES.some( ( prefix ) =>
						key.startsWith( prefix )
					) )
			) {
				continue;
			}
			let what = 'changed';
			if ( ! ( key in old.rows ) ) {
				what = 'added';
			} else if ( ! ( key in now.rows ) ) {
				what = 'removed';
			}
			changes.push( `${ table } ${ key }: ${ what }` );
		}
	}
	return changes;
}
