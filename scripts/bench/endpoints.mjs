// Part 3's endpoints: each is one entry here. `requests` gives the requests one connection
// cycles through (method, path, form body); wrk sends them round-robin. `paging` is the home
// page's own paging request (scripts/lib/paging.mjs).
export function endpoints( { paging, totalPages, links } ) {
	// The share island's count request: one page, and the most one request may name (50,
	// ShareCounts::MAX_URLS), from the site's own pages. Its cost must not grow with the number.
	const counts = ( urls ) => ( {
		method: 'GET',
		path: `/wp-admin/admin-ajax.php?action=tenderpress_sharing_count&${ urls
			.map( ( url ) => `urls[]=${ encodeURIComponent( url ) }` )
			.join( '&' ) }`,
	} );
	const pages = Array.from(
		{ length: 20 },
		( _, i ) => 2 + Math.floor( ( i * ( totalPages - 2 ) ) / 19 )
	);
	// The deadline calendar's route, over the twelve months from five before this one: what the
	// island asks for each month a visitor turns to.
	const now = new Date();
	const months = Array.from( { length: 12 }, ( _, i ) => {
		const month = new Date(
			Date.UTC( now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1 )
		);
		return month.toISOString().slice( 0, 7 );
	} );
	return [
		{
			name: 'admin-ajax floor (no-op action)',
			floor: true,
			requests: [
				{
					method: 'POST',
					path: '/wp-admin/admin-ajax.php',
					body: 'action=tenderpress_bench_noop',
				},
			],
		},
		{
			name: 'pagination_request (20 pages across the listing)',
			pageOf: 'full page /page/N/ (same 20 pages)',
			requests: pages.map( ( page ) => ( {
				method: 'POST',
				path: paging.path,
				body: paging.body( page ),
			} ) ),
		},
		{
			name: 'tenderpress_sharing_count, 1 URL',
			requests: [ counts( links.slice( 0, 1 ) ) ],
		},
		{
			name: `tenderpress_sharing_count, ${ links.length } URLs`,
			requests: [ counts( links ) ],
		},
		{
			// What each page load with the sign-in popups costs when the fresh token is on (the
			// default): one POST, whatever page a cache served.
			name: 'tenderpress_get_token',
			requests: [
				{
					method: 'POST',
					path: '/wp-admin/admin-ajax.php',
					body: 'action=tenderpress_get_token',
				},
			],
		},
		{
			name: 'calendar route (12 months)',
			requests: months.map( ( month ) => ( {
				method: 'GET',
				path: `/wp-json/tenderpress/v1/calendar?month=${ month }`,
			} ) ),
		},
		{
			name: 'full page /page/N/ (same 20 pages)',
			requests: pages.map( ( page ) => ( {
				method: 'GET',
				path: `/page/${ page }/`,
			} ) ),
		},
	];
}
