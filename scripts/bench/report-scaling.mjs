// Part 4 of BENCHMARKS.md, "How cost grows": the output of scripts/bench/queries.php at each
// size, on SQLite (plans from EXPLAIN QUERY PLAN, a list of lines each) and on MariaDB (plans
// from EXPLAIN, a list of rows each), as Markdown lines.

const WHOLE_TABLES = [ 'wp_posts', 'wp_postmeta' ];

const scenariosOf = ( runs ) =>
	runs[ 0 ]?.results.map( ( r ) => r.scenario ) ?? [];
const resultOf = ( run, name ) =>
	run.results.find( ( r ) => r.scenario === name );

/** Whether every scenario runs the same number of queries at every size. */
function flatCounts( runs ) {
	return scenariosOf( runs ).every(
		( name ) =>
			new Set( runs.map( ( run ) => resultOf( run, name )?.queries ) )
				.size === 1
	);
}

function costTable( runs ) {
	const out = [
		`| scenario | ${ runs
			.map( ( run ) => `${ run.notices } notices: queries / ms` )
			.join( ' | ' ) } |`,
		`|---|${ runs.map( () => '---:' ).join( '|' ) }|`,
	];
	for ( const name of scenariosOf( runs ) ) {
		out.push(
			`| ${ name } | ${ runs
				.map( ( run ) => {
					const r = resultOf( run, name );
					return r ? `${ r.queries } / ${ r.ms }` : 'n/a';
				} )
				.join( ' | ' ) } |`
		);
	}
	return out;
}

/** SQLite: a plan line that reads the whole table ("SCAN t", with or without an index). */
function sqliteScans( runs ) {
	return runs.flatMap( ( run ) =>
		run.results.flatMap( ( r ) =>
			r.plans.flatMap( ( p ) =>
				p.plan
					.filter( ( line ) =>
						/^SCAN (wp_posts|wp_postmeta)\b/.test( line )
					)
					.map(
						( line ) =>
							`${ run.notices } notices, ${ r.scenario }: ${ line }`
					)
			)
		)
	);
}

/**
 * MariaDB: a row of EXPLAIN on wp_posts or wp_postmeta (by its table or the alias' table) of
 * type ALL (every row read) or index (the whole index read).
 */
function mariadbScans( runs ) {
	return runs.flatMap( ( run ) =>
		run.results.flatMap( ( r ) =>
			r.plans.flatMap( ( p ) =>
				p.explain
					.filter(
						( row ) =>
							WHOLE_TABLES.includes( row.source ) &&
							[ 'ALL', 'index' ].includes( row.type )
					)
					.map(
						( row ) =>
							`${ run.notices } notices, ${ r.scenario }: ${ row.table } type ${ row.type }, ${ row.rows } rows`
					)
			)
		)
	);
}

/**
 * MariaDB: the rows of EXPLAIN whose estimate of rows read grew with the notices between the
 * smallest and the largest size (the same scenario's statement and row, matched by position):
 * by at least the square root of the notices' growth (3.2x for 10x; InnoDB's estimates are
 * coarse), to over 100 rows. These are reads that need no table scan yet still grow, such as
 * counting every match for the number of pages.
 */
function mariadbGrowing( runs ) {
	if ( runs.length < 2 ) {
		return { factor: 1, reads: [] };
	}
	const first = runs[ 0 ];
	const last = runs[ runs.length - 1 ];
	const factor = Math.sqrt( last.notices / first.notices );
	const reads = [];
	for ( const name of scenariosOf( runs ) ) {
		const small = resultOf( first, name );
		const large = resultOf( last, name );
		if ( ! small || ! large || small.plans.length !== large.plans.length ) {
			continue;
		}
		large.plans.forEach( ( plan, i ) => {
			plan.explain.forEach( ( row, j ) => {
				const before = small.plans[ i ].explain[ j ];
				if (
					before &&
					before.table === row.table &&
					row.rows > 100 &&
					row.rows >= before.rows * factor
				) {
					reads.push( {
						scenario: name,
						source: row.source,
						text: `"${ name }": ${ tableLabel( row ) } (type ${
							row.type
						}, key ${ row.key ?? 'none' }), ${ before.rows } → ${
							row.rows
						} rows`,
					} );
				}
			} );
		} );
	}
	return { factor, reads };
}

const tableLabel = ( row ) =>
	row.source && row.source !== row.table
		? `${ row.table } (${ row.source })`
		: row.table;
const cell = ( value ) =>
	value === null || value === undefined || value === ''
		? ''
		: String( value ).replace( /\|/g, '\\|' );
/**
 * A statement on one line; a list of more than 12 numbers (the ids a full-text search found,
 * written into the statement on MariaDB) is shortened to its first few and how many there are.
 */
const oneLine = ( sql ) =>
	sql
		.replace( /\s+/g, ' ' )
		.trim()
		.replace( /\((\s*\d+\s*(?:,\s*\d+\s*){12,})\)/g, ( list, numbers ) => {
			const all = numbers.split( ',' ).map( ( n ) => n.trim() );
			return `(${ all.slice( 0, 5 ).join( ',' ) }, … ${
				all.length
			} ids in all)`;
		} );

function sqlitePlan( plan ) {
	return [ '```sql', oneLine( plan.sql ), '```', '```', ...plan.plan, '```' ];
}

function mariadbPlan( plan ) {
	if ( ! plan.explain.length ) {
		return [
			'```sql',
			oneLine( plan.sql ),
			'```',
			'',
			`EXPLAIN failed: ${ cell( plan.error ) || 'no rows' }.`,
		];
	}
	return [
		'```sql',
		oneLine( plan.sql ),
		'```',
		'',
		'| id | select_type | table | type | key | rows | Extra |',
		'|---:|---|---|---|---|---:|---|',
		...plan.explain.map(
			( row ) =>
				`| ${ cell( row.id ) } | ${ cell( row.select_type ) } | ${ cell(
					tableLabel( row )
				) } | ${ cell( row.type ) } | ${ cell( row.key ) } | ${ cell(
					row.rows
				) } | ${ cell( row.Extra ) } |`
		),
	];
}

/** Every scenario's statements and plans, folded: they run to hundreds of lines. */
function plans( run, summary, render ) {
	const out = [ '<details>', `<summary>${ summary }</summary>`, '' ];
	for ( const result of run.results ) {
		out.push( `**${ result.scenario }**`, '' );
		for ( const plan of result.plans ) {
			out.push( ...render( plan ), '' );
		}
	}
	out.push( '</details>', '' );
	return out;
}

/** Which full-text index the search scenarios' plans use, read from the plans themselves. */
function searchIndexes( runs, engine ) {
	const run = runs[ runs.length - 1 ];
	const searches = run.results.filter( ( r ) =>
		r.scenario.startsWith( 'search' )
	);
	const uses = new Set();
	for ( const result of searches ) {
		for ( const plan of result.plans ) {
			if ( engine === 'sqlite' ) {
				plan.plan
					.filter( ( line ) => /VIRTUAL TABLE INDEX/.test( line ) )
					.forEach( ( line ) =>
						uses.add( line.replace( /^SCAN /, '' ) )
					);
			} else {
				plan.explain
					.filter( ( row ) =>
						/tenderpress_notice_words$/.test(
							row.source ?? row.table
						)
					)
					.forEach( ( row ) =>
						uses.add(
							`${ tableLabel( row ) } type ${ row.type }, key ${
								row.key
							}`
						)
					);
			}
		}
	}
	return { searches: searches.length, uses: [ ...uses ] };
}

function seedingLine( mariadb ) {
	const parts = ( mariadb.seeding ?? [] ).map( ( s ) =>
		s.seeded
			? `${ s.notices } notices seeded in ${ s.seconds } s (install, seed and pristine copy)`
			: `${ s.notices } notices reused from an earlier run's seed`
	);
	const copies = ( mariadb.seeding ?? [] )
		.map( ( s ) => `${ s.copySeconds } s at ${ s.notices }` )
		.join( ', ' );
	return parts.length
		? `Seeding (scripts/lib/seed.mjs, the seed \`DB=mariadb npm start\` and \`DB=mariadb npm test\` use, kept between runs like the SQLite seeds): ${ parts.join(
				'; '
		  ) }. Each size is measured on a copy of its seed, made on the server (${ copies }).`
		: '';
}

/**
 * Part 4's lines. `sqlite`: queries.php's output at each size; `mariadb`: { server, seeding,
 * scaling, error } from scaling.mjs, or undefined when the run did not try MariaDB.
 */
export function scalingSection( { sqlite, mariadb, hundredK } ) {
	const sizes = sqlite.map( ( run ) => run.notices );
	const out = [ '## 4. How cost grows', '' ];
	out.push(
		`One listing page rendered with an empty listing cache, as every request renders without a persistent object cache (scripts/bench/queries.php): queries and the median of 5 runs, at ${ sizes.join(
			', '
		) } notices${
			hundredK ? '' : ' (BENCH_100K=1 adds 100,000)'
		}, on SQLite and then on MariaDB, each on a copy of the seeded database of that size. Filtered and search scenarios are those of the archive's filter form and the header search; "filter form counts" is the form's count of each choice; "calendar month" is the deadline calendar's REST route for the current month (a count per day and the first day's notices).`,
		''
	);

	out.push( '### SQLite', '' );
	out.push( ...costTable( sqlite ), '' );
	const sqliteFull = sqliteScans( sqlite );
	out.push(
		flatCounts( sqlite )
			? '- **The query count does not grow with the number of notices.**'
			: '- **The query count grows with the number of notices** (see the table).',
		sqliteFull.length
			? `- Full-table scans found: ${ sqliteFull.join( '; ' ) }.`
			: '- No statement scans the whole wp_posts or wp_postmeta table for a page of results: no plan below has a `SCAN` of either.'
	);
	const sqliteSearch = sqlite.length
		? searchIndexes( sqlite, 'sqlite' )
		: { uses: [] };
	if ( sqliteSearch.uses.length ) {
		out.push(
			`- Searches use SQLite's FTS5 full-text index: their plans read ${ sqliteSearch.uses
				.map( ( use ) => `\`${ use }\`` )
				.join( ', ' ) }.`
		);
	}
	out.push( '' );
	const largest = sqlite[ sqlite.length - 1 ];
	if ( largest ) {
		out.push(
			`Each SELECT a scenario ran, as SQLite ran it (the drop-in's translation, or the search's own statement on SQLite's connection), with its EXPLAIN QUERY PLAN. Filters and sorts use the indexed columns of the lookup table \`wp_tenderpress_notices\`.`,
			'',
			...plans(
				largest,
				`SQLite query plans at ${ largest.notices } notices`,
				sqlitePlan
			)
		);
	}

	out.push( '### MariaDB', '' );
	if ( ! mariadb ) {
		out.push( 'Not measured: this run did not try MariaDB.', '' );
		return out;
	}
	const runs = mariadb.scaling ?? [];
	if ( mariadb.server ) {
		out.push(
			`${
				mariadb.server
			}, the private server \`DB=mariadb\` starts (InnoDB, 256 MB buffer pool). ${ seedingLine(
				mariadb
			) }`,
			''
		);
	}
	if ( runs.length ) {
		out.push( ...costTable( runs ), '' );
		const full = mariadbScans( runs );
		const growing = mariadbGrowing( runs );
		const search = searchIndexes( runs, 'mariadb' );
		out.push(
			flatCounts( runs )
				? '- **The query count does not grow with the number of notices.**'
				: '- **The query count grows with the number of notices** (see the table).',
			full.length
				? `- Full scans of wp_posts or wp_postmeta (EXPLAIN type ALL or index): ${ full.join(
						'; '
				  ) }.`
				: '- No statement scans the whole wp_posts or wp_postmeta table: in no plan below does either (or an alias of either) have type `ALL` (every row) or `index` (the whole index).'
		);
		if ( runs.length > 1 ) {
			const span = `between ${ runs[ 0 ].notices } and ${
				runs[ runs.length - 1 ].notices
			} notices`;
			const times = `${ growing.factor.toFixed( 1 ) }×`;
			const onWhole = [
				...new Set(
					growing.reads
						.filter( ( read ) =>
							WHOLE_TABLES.includes( read.source )
						)
						.map( ( read ) => read.text )
				),
			];
			out.push(
				onWhole.length
					? `- Reads of wp_posts or wp_postmeta that are not scans but whose estimated rows (EXPLAIN's \`rows\`) grew at least ${ times } ${ span }: ${ onWhole.join(
							'; '
					  ) }.`
					: `- No read of wp_posts or wp_postmeta grows with the notices: no estimate of rows read (EXPLAIN's \`rows\`) on either grew ${ times } or more ${ span }.`
			);
			const others = {};
			for ( const read of growing.reads ) {
				if ( ! WHOLE_TABLES.includes( read.source ) ) {
					( others[ read.source ] ??= new Set() ).add(
						read.scenario
					);
				}
			}
			if ( Object.keys( others ).length ) {
				out.push(
					`- Reads of other tables whose estimated rows grew at least ${ times } ${ span } (statements that count every match for the number of pages, or filter on a common value; the plans below give each): ${ Object.entries(
						others
					)
						.map(
							( [ table, names ] ) =>
								`${ table } in ${ [ ...names ]
									.map( ( name ) => `"${ name }"` )
									.join( ', ' ) }`
						)
						.join( '; ' ) }.`
				);
			}
		}
		const failed = runs.flatMap( ( run ) =>
			run.results
				.filter( ( r ) => r.plans.some( ( p ) => ! p.explain.length ) )
				.map( ( r ) => `${ run.notices } notices, "${ r.scenario }"` )
		);
		if ( failed.length ) {
			out.push(
				`- **Statements MariaDB could not EXPLAIN** (the query itself failed; each is marked in the plans below): ${ failed.join(
					'; '
				) }.`
			);
		}
		if ( search.uses.length ) {
			out.push(
				`- Searches use the plugin's table of words (\`wp_tenderpress_notice_words\`, a row per word and notice, each word of a search a range of its primary key), which replaced InnoDB's FULLTEXT index (docs/listings-and-search.md, "Search on MySQL and MariaDB"): their plans read ${ search.uses
					.map( ( use ) => `\`${ use }\`` )
					.join( ', ' ) }.`
			);
		}
		out.push( '' );
		const last = runs[ runs.length - 1 ];
		out.push(
			"Each SELECT a scenario ran through `$wpdb`, with MariaDB's EXPLAIN: `table` is the name or alias in the statement (with the table an alias stands for), `rows` the optimizer's estimate of rows read.",
			'',
			...plans(
				last,
				`MariaDB query plans at ${ last.notices } notices`,
				mariadbPlan
			)
		);
	}
	if ( mariadb.error ) {
		out.push(
			`**MariaDB was not measured${
				runs.length
					? ` past ${ runs[ runs.length - 1 ].notices } notices`
					: ''
			}**: MariaDB could not be started or a step failed, with this error: ${ oneLine(
				mariadb.error
			) }`,
			''
		);
	}
	return out;
}
