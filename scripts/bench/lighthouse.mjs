// Part 2: how the page feels on a phone: Lighthouse's mobile profile (simulated slow 4G and a
// slower CPU), in Debian's Chromium. Five runs per page; the median of each figure is reported.
// The islands runtime leaves a User Timing mark when each island mounts; Lighthouse lists them.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { median } from './median.mjs';

export async function measureLighthouse( baseURL, pages, runs = 5 ) {
	const chrome = await chromeLauncher.launch( {
		chromePath: CHROMIUM,
		chromeFlags: [ '--headless=new', ...CHROMIUM_FLAGS ],
	} );
	const results = [];
	try {
		for ( const [ name, path ] of Object.entries( pages ) ) {
			const samples = [];
			for ( let run = 0; run < runs; run++ ) {
				const { lhr } = await lighthouse( baseURL + path, {
					port: chrome.port,
					output: 'json',
					logLevel: 'error',
					onlyCategories: [ 'performance' ],
				} );
				const marks = {};
				for ( const item of lhr.audits[ 'user-timings' ]?.details
					?.items ?? [] ) {
					const match = /^tenderpress:(.+):mounted$/.exec(
						item.name
					);
					if ( match ) {
						marks[ match[ 1 ] ] = item.startTime;
					}
				}
				samples.push( {
					score: Math.round( lhr.categories.performance.score * 100 ),
					lcp: lhr.audits[ 'largest-contentful-paint' ].numericValue,
					tbt: lhr.audits[ 'total-blocking-time' ].numericValue,
					cls: lhr.audits[ 'cumulative-layout-shift' ].numericValue,
					fcp: lhr.audits[ 'first-contentful-paint' ].numericValue,
					marks,
				} );
			}
			const islands = [
				...new Set(
					samples.flatMap( ( s ) => Object.keys( s.marks ) )
				),
			];
			results.push( {
				name,
				path,
				runs,
				score: median( samples.map( ( s ) => s.score ) ),
				lcp: median( samples.map( ( s ) => s.lcp ) ),
				tbt: median( samples.map( ( s ) => s.tbt ) ),
				cls: median( samples.map( ( s ) => s.cls ) ),
				fcp: median( samples.map( ( s ) => s.fcp ) ),
				mounted: Object.fromEntries(
					islands.map( ( island ) => [
						island,
						median(
							samples
								.map( ( s ) => s.marks[ island ] )
								.filter( ( v ) => v !== undefined )
						),
					] )
				),
			} );
		}
	} finally {
		await chrome.kill();
	}
	return results;
}
