// Writes BENCHMARKS.md from the bench's measurements: every figure with the command behind it.
import fs from 'node:fs';
import { scalingSection } from './report-scaling.mjs';

const kb = ( bytes ) => ( bytes / 1024 ).toFixed( 1 );
const ms = ( value ) =>
	value === null || value === undefined
		? 'n/a'
		: `${ Math.round( value ) } ms`;
const CATEGORIES = [
	'HTML',
	'first-party JS',
	'inline JS',
	'first-party CSS',
	'React',
	'WordPress core JS',
	'WordPress core CSS',
	'AJAX answers',
	'other JS',
	'other CSS',
	'other',
	'third-party',
];

function weightTable( page ) {
	const rows = CATEGORIES.filter(
		( c ) => page.before[ c ] || page.after[ c ]
	).map( ( c ) => {
		const b = page.before[ c ] ?? { requests: 0, raw: 0, gzip: 0 };
		const a = page.after[ c ] ?? { requests: 0, raw: 0, gzip: 0 };
		return `| ${ c } | ${ b.requests } | ${ kb( b.raw ) } | ${ kb(
			b.gzip
		) } | ${ a.requests } | ${ kb( a.raw ) } | ${ kb( a.gzip ) } |`;
	} );
	return [
		'| what | before: requests | KB raw | KB gzip | after: requests | KB raw | KB gzip |',
		'|---|---:|---:|---:|---:|---:|---:|',
		...rows,
	].join( '\n' );
}

const jsGzip = ( totals ) =>
	Object.entries( totals )
		.filter( ( [ c ] ) => /JS|React/.test( c ) )
		.reduce( ( sum, [ , t ] ) => sum + t.gzip, 0 );

const cpu = ( endpoint ) =>
	typeof endpoint.cpuMs === 'number'
		? `${ endpoint.cpuMs.toFixed( 1 ) } ms`
		: 'n/a';

/**
 * Issue 27's goals for what the server pays without a persistent object cache: the paging
 * request at 90 % of the floor or more, a full listing page at 25 ms of PHP CPU or less at
 * 1,000 notices. Each figure beside its goal, met or not.
 */
function serverCostGoals( { endpoints, atThousand, seedCount } ) {
	const floor = endpoints.find( ( e ) => e.floor );
	const paging = endpoints.find( ( e ) => e.pageOf );
	const small = {
		floor: atThousand.find( ( e ) => e.floor ),
		paging: atThousand.find( ( e ) => e.pageOf ),
	};
	small.page = small.paging
		? atThousand.find( ( e ) => e.name === small.paging.pageOf )
		: undefined;
	if ( ! floor || ! paging || ! small.page ) {
		return [];
	}
	const share = Math.round( ( 100 * paging.rps ) / floor.rps );
	const met = ( yes ) => ( yes ? 'met' : 'not met' );
	return [
		'### The goals without a persistent object cache',
		'',
		'| goal | measured | |',
		'|---|---|---|',
		`| \`pagination_request\` at ≥ 90 % of the admin-ajax floor (req/s, ${ seedCount } notices) | ${ share } % (PHP CPU ${ cpu(
			paging
		) } against the floor's ${ cpu( floor ) }) | ${ met( share >= 90 ) } |`,
		`| a full listing page (\`${
			small.page.name
		}\`) at ≤ 25 ms of PHP CPU, 1,000 notices | ${ cpu(
			small.page
		) } with ${ small.page.queries } queries (the floor: ${ cpu(
			small.floor
		) }; \`pagination_request\`: ${ cpu( small.paging ) }) | ${ met(
			small.page.cpuMs <= 25
		) } |`,
		'',
	];
}

export function writeReport( file, data ) {
	const {
		machine,
		weights,
		eagerWeights,
		chunks,
		pageChange,
		throttling,
		lighthouse,
		endpoints,
		atThousand = [],
		scaling,
		mariadbScaling,
		push,
		stackLoad,
		load,
		workers,
		seedCount,
	} = data;
	const floor = endpoints.find( ( e ) => e.floor );
	const fullPage = Object.fromEntries(
		endpoints
			.filter( ( e ) => e.pageOf )
			.map( ( e ) => [
				e.name,
				endpoints.find( ( f ) => f.name === e.pageOf ),
			] )
	);
	const home = weights.find( ( w ) => w.name === 'home' );
	const noIslands = weights.find(
		( w ) => w.name === 'page without islands'
	);
	const pagination = endpoints.find( ( e ) =>
		e.name.startsWith( 'pagination_request' )
	);

	const out = [];
	out.push( '# Benchmarks', '' );
	out.push(
		`Measured by \`npm run bench\` (SEED_COUNT=${ seedCount }) on ${ machine.date.slice(
			0,
			10
		) }, in ${
			data.seconds
		} s. Every figure below comes from that one run; rerun the command to refresh them.`,
		''
	);
	out.push( '| machine | |', '|---|---|' );
	out.push(
		`| CPU | ${ machine.cpu }, ${ machine.cores } cores |`,
		`| memory | ${ machine.memory } |`,
		`| Node.js | ${ machine.node } |`,
		`| PHP | ${ machine.php } (built-in server, ${ workers } workers, opcache) |`,
		`| database | SQLite (drop-in 3.0.2), WordPress 6.5.5${
			mariadbScaling?.server
				? `; part 4 also on ${ mariadbScaling.server }`
				: ''
		} |`,
		`| browser | ${ machine.chromium } |`,
		`| load generator | ${ machine.wrk } |`,
		''
	);

	out.push( '## 1. What a visitor downloads', '' );
	out.push(
		'Real page loads in Chromium at 360 px (scripts/bench/weights.mjs): every response the page fetched, grouped; gzip is each body compressed at level 6, whatever the server sent (PHP\'s built-in server compresses only what PHP answers: the pages and AJAX answers, not scripts and styles). "Before" is the page loaded and idle; "after" is after using every island on it (the menu, paging the listing to page 2, opening the share bar\'s "More sharing services" dialog, which fetches the icon sprite, and scrolling to the bottom for back-to-top).',
		''
	);
	for ( const page of weights ) {
		out.push(
			`### ${ page.name } (\`${ page.path }\`)`,
			'',
			`Islands: ${
				page.islands.length
					? [ ...new Set( page.islands ) ].join( ', ' )
					: 'none'
			}.`,
			'',
			weightTable( page ),
			''
		);
	}
	if ( chunks ) {
		out.push( '### Island chunks', '' );
		out.push(
			'Each entry of the islands build with the shared chunks it imports, each counted once, gzip at level 9 (scripts/lib/chunk-sizes.mjs, as the size budgets in `npm test` count them: the runtime at most 2 KB, the others at most 10 KB). React and the other WordPress scripts an island needs are not in them.',
			''
		);
		out.push(
			'| entry | files | KB gzip | WordPress scripts |',
			'|---|---:|---:|---|'
		);
		for ( const [ name, chunk ] of Object.entries( chunks ) ) {
			out.push(
				`| ${ name } | ${ chunk.files.length } | ${ kb(
					chunk.gzip
				) } | ${ chunk.dependencies.join( ', ' ) } |`
			);
		}
		out.push( '' );
	}
	out.push( '### JavaScript before any interaction', '' );
	out.push(
		'What each page loads before a visitor does anything (the "before" column above: loaded, network idle, then 2.5 s more, past the idle strategy\'s limit), against the same page with the islands loading eagerly as 0.1.0 loaded them (back-to-top when the browser is idle, the paginator as soon as its listing is near the viewport; `TP_BENCH_EAGER=1`, measured in this run). Scripts inside the HTML count ("inline JS", each one a script without a request: the push prompt\'s reveal script on every page while the prompt is offered, lazy media where a post has lazy pictures). The goal: the runtime and the inline scripts together at most 2 KB gzip, no React, on every page type.',
		''
	);
	out.push(
		'| page | scripts loaded | JS KB gzip | of which React | 0.1.0 (eager): scripts | JS KB gzip | of which React |',
		'|---|---:|---:|---:|---:|---:|---:|'
	);
	const scriptCount = ( totals ) =>
		Object.entries( totals )
			.filter( ( [ c ] ) => /JS|React/.test( c ) )
			.reduce( ( sum, [ , t ] ) => sum + t.requests, 0 );
	for ( const eager of eagerWeights ) {
		const now = weights.find( ( w ) => w.name === eager.name );
		out.push(
			`| ${ eager.name } | ${ scriptCount( now.before ) } | ${ kb(
				jsGzip( now.before )
			) } | ${ kb( now.before.React?.gzip ?? 0 ) } | ${ scriptCount(
				eager.before
			) } | ${ kb( jsGzip( eager.before ) ) } | ${ kb(
				eager.before.React?.gzip ?? 0
			) } |`
		);
	}
	out.push( '' );

	out.push( '### The first in-place page change', '' );
	out.push(
		`From a visitor's tap on "2" in the home page's listing to page 2's notices on screen, in Chromium at 360 px with a cold cache, under Lighthouse's mobile throttling applied as DevTools applies it (${ Math.round(
			throttling.latency
		) } ms request latency, ${ (
			( throttling.downloadThroughput * 8 ) /
			1024 /
			1024
		).toFixed( 2 ) } Mbit/s down, ${ Math.round(
			( throttling.uploadThroughput * 8 ) / 1024
		) } kbit/s up, CPU ${ throttling.cpuSlowdown }× slower); median of ${
			pageChange.intent.runs
		} runs (scripts/bench/page-change.mjs). On intent, the pointer's arrival on the link sends its page's request and fetches the paginator's early module (one file, no React), which shows the answer as soon as it comes; React and the island load after it and take over (the scroll to the page links also starts the back-to-top island, whose React download competes with the answer); eagerly, the page loaded them before the tap (the test waits for the island to mount first). PHP's built-in server sends scripts uncompressed (React alone is 137 KB raw against 45 KB gzip), so on a server that compresses, the on-intent figure is lower.`,
		''
	);
	out.push(
		'| islands load | tap → page 2 shown (median) | runs |',
		'|---|---:|---|'
	);
	for ( const [ label, result ] of [
		[ 'on intent (this release)', pageChange.intent ],
		[ 'eagerly (0.1.0)', pageChange.eager ],
	] ) {
		out.push(
			`| ${ label } | ${ ms( result.median ) } | ${ result.samples
				.map( ( value ) => Math.round( value ) )
				.join( ', ' ) } ms |`
		);
	}
	out.push( '' );

	out.push( '### Against the original stack', '' );
	out.push(
		`- The original plugins put **91.3 KB gzip of render-blocking JavaScript** on every page (jQuery + migrate 35.3, Sassy Social Share 49.1, Content Views 6.9) and 15.8 KB gzip of CSS (ARCHITECTURE §6). TenderPress puts **no render-blocking script** on any page: the only eager script is the islands runtime, a module (deferred by nature).`
	);
	if ( home ) {
		out.push(
			`- Home page, all JavaScript: ${ kb(
				jsGzip( home.before )
			) } KB gzip loaded and idle, ${ kb(
				jsGzip( home.after )
			) } KB gzip after using every island, of which React (WordPress's own copy, loaded once, when a visitor first shows intent toward an island) ${ kb(
				home.after.React?.gzip ?? 0
			) } KB.`
		);
	}
	if ( noIslands ) {
		out.push(
			`- A page without content islands: ${
				noIslands.before[ 'first-party JS' ]?.requests ?? 0
			} first-party scripts, ${ kb(
				jsGzip( noIslands.before )
			) } KB gzip of JavaScript in all${
				noIslands.islands.includes( 'push' )
					? ": the islands runtime and the push prompt's inline reveal script, for the prompt every page offers (the prompt off, such a page loads no first-party script)"
					: ''
			}.`
		);
	}
	out.push(
		'- The Interactivity API runtime alone is 15.6 KB gzip (ARCHITECTURE §6).',
		''
	);

	out.push( '## 2. How the page feels', '' );
	out.push(
		"Lighthouse 12, mobile profile (simulated slow 4G, 4× CPU slowdown), Debian's Chromium, 5 runs per page, median shown (scripts/bench/lighthouse.mjs). \"Islands mounted\" is when each island's runtime mark fired: every island waits for a visitor's intent (the menu and the paginator for a pointer, touch or focus on them, back-to-top for a scroll past its threshold), so none mounts during a Lighthouse run, which does not interact.",
		''
	);
	out.push(
		'| page | performance | FCP | LCP | TBT | CLS | islands mounted |',
		'|---|---:|---:|---:|---:|---:|---|'
	);
	for ( const page of lighthouse ) {
		const mounted =
			Object.entries( page.mounted )
				.map( ( [ island, at ] ) => `${ island } at ${ ms( at ) }` )
				.join( ', ' ) || 'none without interaction';
		out.push(
			`| ${ page.name } | ${ page.score } | ${ ms( page.fcp ) } | ${ ms(
				page.lcp
			) } | ${ ms( page.tbt ) } | ${ page.cls.toFixed(
				3
			) } | ${ mounted } |`
		);
	}
	out.push( '' );

	out.push( '## 3. What the server pays', '' );
	out.push(
		`wrk from a second process on loopback, ${ load.threads } threads, ${ load.connections } connections, ${ load.seconds } s per endpoint after a ${ load.warmup } s warm-up; PHP's built-in server with ${ workers } workers and opcache, ${ seedCount } notices (scripts/bench/load.mjs; endpoints in scripts/bench/endpoints.mjs, one entry each). Queries and PHP CPU: one request at a time with caches warm, from a per-request log the dev site writes only during this step (scripts/bench/php-cost.mjs): the database queries of a request, and the median of PHP's CPU time per request (user and system, from the router's start to the end of WordPress's shutdown, compression included; on SQLite, translating and running the queries is PHP's work too).`,
		''
	);
	out.push(
		'| endpoint | queries | PHP CPU | req/s | p50 | p99 | ÷ floor | ÷ full page | non-2xx |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|'
	);
	for ( const endpoint of endpoints ) {
		const page = fullPage[ endpoint.name ];
		out.push(
			`| ${ endpoint.name } | ${ endpoint.queries ?? 'n/a' } | ${ cpu(
				endpoint
			) } | ${ endpoint.rps.toFixed( 1 ) } | ${ ms(
				endpoint.p50
			) } | ${ ms( endpoint.p99 ) } | ${
				floor
					? `${ Math.round( ( 100 * endpoint.rps ) / floor.rps ) } %`
					: ''
			} | ${
				page ? `${ ( endpoint.rps / page.rps ).toFixed( 2 ) } ×` : ''
			} | ${ endpoint.errors } |`
		);
	}
	out.push( '' );
	if ( floor && pagination ) {
		const share = Math.round( ( 100 * pagination.rps ) / floor.rps );
		const page = fullPage[ pagination.name ];
		out.push(
			'Against the original, measured the same way on this kind of machine (ARCHITECTURE §6): the bare admin-ajax floor ran at ≈150–160 req/s with 6 queries; the original `pagination_request` at ≈65 req/s (≈42 % of the floor) with 32 queries; the full listing page at ≈35 req/s.',
			'',
			`Here \`pagination_request\` runs at **${ share } % of the floor** (${ pagination.rps.toFixed(
				1
			) } against ${ floor.rps.toFixed( 1 ) } req/s) with ${
				pagination.queries
			} queries against the floor's ${ floor.queries }${
				page
					? `, and at ${ ( pagination.rps / page.rps ).toFixed(
							2
					  ) } × the full page that shows the same items`
					: ''
			}. With two PHP workers and wrk sharing two cores, differences of a few per cent between runs are noise.`,
			''
		);
	}
	const counts = endpoints.filter( ( e ) =>
		e.name.startsWith( 'tenderpress_sharing_count' )
	);
	if ( floor && counts.length === 2 ) {
		const [ one, many ] = counts;
		const of = ( e ) => Math.round( ( 100 * e.rps ) / floor.rps );
		out.push(
			`The share counts (\`tenderpress_sharing_count\`, GET, public): ${
				one.name.split( ', ' )[ 1 ]
			} at **${ of( one ) } %** of the floor with ${
				one.queries
			} queries, ${ many.name.split( ', ' )[ 1 ] } at **${ of(
				many
			) } %** with ${
				many.queries
			} queries: a read costs one statement whatever the number of addresses. The original answered 500 URLs in 2.2 s with 4,859 queries and 1,500 outbound calls, and ran at 7.5 % of its floor with 361 queries.`,
			''
		);
	}

	out.push( ...serverCostGoals( { endpoints, atThousand, seedCount } ) );

	const token = endpoints.find( ( e ) => e.name === 'tenderpress_get_token' );
	if ( floor && token ) {
		out.push(
			`The fresh form token of the sign-in popups (\`tenderpress_get_token\`, POST, public, asked once per page load when a popup's island loads): **${ Math.round(
				( 100 * token.rps ) / floor.rps
			) } %** of the floor with ${
				token.queries
			} queries. It reads nothing but the request: what a page served from a cache costs to keep its forms working.`,
			''
		);
	}

	out.push(
		...scalingSection( {
			sqlite: scaling,
			mariadb: mariadbScaling,
			hundredK: Boolean( process.env.BENCH_100K ),
		} )
	);
	out.push( ...pushSection( push ) );
	out.push( ...stackLoadSection( stackLoad ) );
	fs.writeFileSync( file, out.join( '\n' ) );
}

/**
 * Part 5: one new notice to 1,000 and 10,000 subscriptions through the queue
 * (scripts/bench/push.mjs), against the goal the push issue sets.
 *
 * @param {Array<Record<string, any>>|{ error: string }|undefined} push
 */
function pushSection( push ) {
	const out = [ '## 5. Push notifications', '' ];
	if ( ! Array.isArray( push ) ) {
		out.push( `Not measured: ${ push?.error ?? 'no result' }.`, '' );
		return out;
	}
	out.push(
		"One new notice handed to every subscription on a local push service (loopback, answering 201 as push services do), end to end through the queue: the notice is published, which queues its notification, and WP-Cron's handler (`PushQueue::run()`, called as WP-Cron calls it) runs until the job is done. Each message is encrypted for its own browser (RFC 8291, a fresh key and salt each) and signed (VAPID); the service decrypts one in 100 with `http_ece`, the reference implementation. Memory is PHP's peak for the whole process, WordPress included.",
		'',
		'| Subscriptions | Time to deliver all | Per minute | Runs | Delivered | Failed | Peak memory | In use after the first / last batch | Decrypted by the service |',
		'|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
	);
	for ( const row of push ) {
		out.push(
			`| ${ row.subscriptions.toLocaleString(
				'en'
			) } | ${ row.seconds.toFixed( 1 ) } s | ${ Math.round(
				( row.delivered / row.seconds ) * 60
			).toLocaleString( 'en' ) } | ${
				row.runs
			} | ${ row.delivered.toLocaleString( 'en' ) } | ${ row.failed } | ${
				row.peakMemoryMiB
			} MiB | ${ ( row.batchMemoryMiB ?? [] ).join( ' / ' ) } MiB (${
				row.batches
			} batches) | ${ row.service.decrypted } of ${
				row.service.checked
			} |`
		);
	}
	const big = push[ push.length - 1 ];
	out.push(
		'',
		`Goal (issue 11): 10,000 delivered in 15 s or less on this 2-core machine, memory flat in the number of subscriptions. Measured: ${ big.delivered.toLocaleString(
			'en'
		) } in ${ big.seconds.toFixed( 1 ) } s, ${
			big.seconds <= 15 ? 'within' : 'over'
		} the goal; peak memory ${ push
			.map(
				( row ) =>
					`${
						row.peakMemoryMiB
					} MiB at ${ row.subscriptions.toLocaleString( 'en' ) }`
			)
			.join( ', ' ) }. The sender holds one batch (${
			big.batch
		} subscriptions) at a time; what still grows from batch to batch (about 0.2 MiB a batch here) is kept by WordPress's HTTP library (\`Requests::request_multiple()\` alone, sending to new addresses, grows as much), and a run stops after 20 s, so a run's memory is bounded by its time, not by the number of subscriptions. The anchor, Perfecty Push, claims about 10,000 a minute on one vCPU.`,
		''
	);
	return out;
}

/**
 * Part 6: many visitors at once on the production stack and on the built-in server, the same
 * mix and database in the same run (scripts/bench/stack-load.mjs).
 *
 * @param {Record<string, any>|undefined} result
 */
export function stackLoadSection( result ) {
	const out = [ '## 6. The production stack under load', '' ];
	if ( ! result || result.error ) {
		out.push( `Not measured: ${ result?.error ?? 'no result' }.`, '' );
		return out;
	}
	const time = ( value ) => {
		if ( value === null || value === undefined ) {
			return '—';
		}
		return value >= 1000
			? `${ ( value / 1000 ).toFixed( 2 ) } s`
			: `${ value.toFixed( 1 ) } ms`;
	};
	const row = ( name, r, cache ) =>
		`| ${ name } | ${ r.rps.toFixed( 1 ) } | ${ r.requests.toLocaleString(
			'en'
		) } | ${ time( r.p50 ) } | ${ time( r.p99 ) } | ${ r.errors } | ${
			r.socketErrors
		} | ${ cache } |`;
	const counts = Object.entries( result.stack.cache || {} )
		.map( ( [ status, count ] ) => `${ status } ${ count }` )
		.join( ', ' );
	out.push(
		`${ result.connections } visitors at once (wrk, ${
			result.connections
		} connections, ${ result.threads } threads) for ${
			result.seconds
		} s after a ${
			result.warmup
		} s warm-up that is not counted, on a copy of the ${ result.seedCount.toLocaleString(
			'en'
		) }-notice MariaDB database. One list of ${
			result.mix.requests
		} requests, which every connection walks through in turn: ${
			result.mix.pages
		} page views (the home page, the notice archive, listing pages 2–21, twenty notices, and filtered views: a category, open notices, closing soonest, a search), ${
			result.mix.paging
		} in-place page changes (\`pagination_request\`), and the islands' small requests (a share count, the form token, a calendar month, two quick views). A request that waits more than ${
			result.timeout
		} s counts as an error, as a visitor would give up. The load generator shares the machine's 2 cores with the servers.`,
		'',
		'- **the stack**: `npm run stack` — nginx with its page cache, two php-fpm pools of 3 workers each, Redis for the object cache, MariaDB;',
		"- **the built-in server**: `php -S` with 2 workers (`npm start`'s), no object cache, the same database.",
		'',
		'| Server | Requests/s | Requests | p50 | p99 | Non-2xx/3xx | No answer (refused, timed out) | Page cache |',
		'|---|---:|---:|---:|---:|---:|---:|---|',
		row(
			'the stack',
			result.stack,
			`${ ( result.stack.hitRatio * 100 ).toFixed(
				1
			) } % of requests answered from it (${ counts }; \`-\` is a request the cache never keeps: a \`POST\`, admin-ajax, REST)`
		),
		row( 'the built-in server', result.builtIn, 'none' ),
		'',
		`Measured by \`npm run bench\` (part 6; \`BENCH_STACK_SECONDS\` changes the ${ result.seconds } s).`,
		''
	);
	out.push( ...objectCacheSection( result.objectCache ) );
	out.push( ...faultSection( result.faults, result.connections ) );
	out.push( ...firstTapSection( result.firstTap ) );
	return out;
}

/** Issue 27's goal for a full page rendered from the object cache, beside the figure. */
function objectCacheSection( objectCache ) {
	if ( ! objectCache ) {
		return [];
	}
	const heading = [ '### A full page from the object cache', '' ];
	if ( objectCache.error ) {
		return [ ...heading, `Not measured: ${ objectCache.error }.`, '' ];
	}
	const statuses = Object.entries( objectCache.statuses )
		.map( ( [ status, count ] ) => `${ status } ${ count }` )
		.join( ', ' );
	return [
		...heading,
		`Listing pages 2–21 rendered by php-fpm with the object cache (Redis) warm, on the idle stack, one request at a time: each page once to warm it, then three times each at an address of the run's own that nginx's page cache had not kept (its cache status: ${ statuses }). PHP's CPU time per page (php-fpm's access log: the request's time and the share of it on the CPU, user and system), median of ${
			objectCache.samples
		}: **${ objectCache.cpuMs.toFixed(
			1
		) } ms** (the goal: at most 10 ms; ${
			objectCache.cpuMs <= 10 ? 'met' : 'not met'
		}). From the page cache, a page costs PHP nothing: nginx answers it (the hit ratio above).`,
		'',
	];
}

/** What each fault is, and what the issue asks of the stack during it. */
const FAULT_WORDS = {
	redis: [
		'Redis hung for 20 s (stopped, then resumed)',
		'0 errors, pages keep being served',
	],
	database: [
		'MariaDB restarted (away 8 s)',
		'only 503s with Retry-After meanwhile, never a 500; full service within 5 s of its return',
	],
	pool: [
		'one php-fpm pool killed (master and workers)',
		'nginx sends its traffic to the other pool',
	],
};

/** The faults, each during a load run of its own (scripts/bench/stack-load.mjs underFault). */
function faultSection( faults, connections ) {
	if ( ! faults ) {
		return [];
	}
	const rows = faults.map( ( run ) => {
		const [ what, goal ] = FAULT_WORDS[ run.name ] ?? [ run.name, '' ];
		if ( run.error ) {
			return `| ${ what } | ${ goal } | not measured: ${ run.error } | | | |`;
		}
		const statuses = Object.entries( run.statuses )
			.map(
				( [ status, count ] ) =>
					`${ status } × ${ count.toLocaleString( 'en' ) }`
			)
			.join( ', ' );
		const late =
			run.lateFailures === null
				? ''
				: `; ${ run.lateFailures } not served from 5 s after its return`;
		return `| ${ what } | ${ goal } | ${ run.wrk.requests.toLocaleString(
			'en'
		) } in ${ run.seconds } s | ${ statuses }${ late } | ${
			run.wrk.socketErrors
		} | ${ run.intact ? 'yes' : '**no**' } |`;
	} );
	return [
		'### Faults under load',
		'',
		`Each fault during a load run of its own: the same ${ connections } visitors and mix, the fault ${
			faults.find( ( run ) => run.startsAfter )?.startsAfter ?? 5
		} s into the measured run (scripts/lib/faults.mjs, as the stack suite causes them under a few visitors). Answers by status are nginx's, from its access log (a 499 is a request wrk left open when it stopped, at the end of its warm-up and of its run, not an answer of the site; a 502 is a request the killed pool was answering); "no answer" is wrk's (refused or over its timeout); "stored data intact" compares the share counts, push subscriptions and push jobs before and after (checksums). The pool killed stays down for the rest of its run: the stack starts it again only after, as a host's supervisor would after its own delay.`,
		'',
		'| fault | what must hold | requests | answers by status | no answer | stored data intact |',
		'|---|---|---:|---|---:|---|',
		...rows,
		'',
	];
}

/** The first tap's figures on the stack (scripts/bench/page-change.mjs measureFirstTap). */
function firstTapSection( firstTap ) {
	if ( ! firstTap ) {
		return [];
	}
	if ( firstTap.error ) {
		return [
			'### The first tap, on the stack',
			'',
			`Not measured: ${ firstTap.error }.`,
			'',
		];
	}
	const { intent, intentAfterScroll, mounted, plain } = firstTap;
	const row = ( name, r ) =>
		`| ${ name } | ${ ms( r.median ) } | ${ r.samples
			.map( ms )
			.join( ', ' ) } |`;
	const verdict = ( r ) =>
		`${ ( r.median / mounted.median ).toFixed(
			2
		) }× the mounted figure (the goal: at most 1.3×), and ${
			r.median <= plain.median ? 'faster than' : 'slower than'
		} the plain navigation (the goal: never slower)`;
	return [
		'### The first tap, on the stack',
		'',
		`From a tap on "2" in the home page's listing to page 2 on screen, served by the stack (gzip, the page from nginx's cache), in Chromium at 360 px with a cold cache under the same throttling as part 1 (scripts/bench/page-change.mjs \`measureFirstTap\`), ${ intent.runs } cold visits each, medians; measured on the idle stack before the load run. On intent, the pointer's arrival on the link sends its page's request and fetches the paginator's early module (one file, no React); the answer is shown as soon as it comes, and React and the island load after it and take over. The scroll that brings the page links into view also starts the back-to-top island, whose React download shares the phone's bandwidth with the answer when the tap comes at once; "once back-to-top has loaded" is the tap of a visitor who reads a moment first. "Islands mounted" had a pointer over the page links first and waited for the island; the plain navigation has JavaScript off and is timed to page 2's first contentful paint.`,
		'',
		'| the tap | tap → page 2 shown (median) | runs |',
		'|---|---:|---|',
		row(
			'islands loading on intent, tap at once after the scroll',
			intent
		),
		...( intentAfterScroll
			? [
					row(
						'islands loading on intent, tap once back-to-top has loaded',
						intentAfterScroll
					),
			  ]
			: [] ),
		row( 'islands already mounted', mounted ),
		row( 'a plain navigation to /page/2/, JavaScript off', plain ),
		'',
		`On intent, tap at once: ${ verdict( intent ) }.${
			intentAfterScroll
				? ` Once back-to-top has loaded: ${ verdict(
						intentAfterScroll
				  ) }.`
				: ''
		}`,
		'',
	];
}
