/**
 * Playwright e2e: Debian's Chromium (never a downloaded browser) against the real WordPress
 * started by scripts/serve-e2e.mjs, at a phone width and a desktop width. The server follows the
 * run's DB and WP_VERSION, which reach it through the environment.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium.mjs';

const port = Number( process.env.E2E_PORT || 8891 );
// E2E_BASE_URL runs the tests against a site that is already running (the stack suite's
// `npm run stack`) instead of the server this config starts.
const external = process.env.E2E_BASE_URL;
// E2E_SMOKE=1 runs only the tests tagged @smoke (tests/e2e/smoke.spec.ts), and still the PHP log
// check: CI's quick pass over a newer core.
const smoke = process.env.E2E_SMOKE ? { grep: /@smoke/ } : {};
// Tests of the production stack itself (*.stack.spec.ts) run only in the stack suite, which sets
// E2E_STACK=1 with E2E_BASE_URL; elsewhere there is no page cache for them to test.
const ignored =
	external && process.env.E2E_STACK
		? [ /zz-php-log/ ]
		: [ /zz-php-log/, /\.stack\.spec\.ts$/ ];
// Specs whose subject no width changes run at the desktop width alone: the block editor's
// controls against the server's block types, the card template's save and who may make it, the
// sign-in limits (the server's answers to an attacker and to the owner), and a cached page's sid
// a day later. Every island and page a visitor sees is still tested at both widths.
const desktopOnly = [
	/block-editor\.spec\.ts$/,
	/card-template\.spec\.ts$/,
	/login-limits\.spec\.ts$/,
	/day-later\.spec\.ts$/,
];

const chromium = {
	browserName: 'chromium' as const,
	launchOptions: {
		executablePath: CHROMIUM,
		args: CHROMIUM_FLAGS,
	},
};

export default defineConfig( {
	testDir: 'tests/e2e',
	fullyParallel: true,
	// A focused test would hide every other one from the run's count.
	forbidOnly: true,
	workers: 2,
	retries: 0,
	timeout: 30000,
	expect: {
		timeout: 5000,
		// Chromium's software rasteriser draws some unmoved text with another anti-aliasing from
		// run to run (seen: the same words, "Menu", "Sort by" and a few lines, 56 px on the
		// archive and 161 px on the empty result at 360 px, pages of 0.5 to 2 million pixels);
		// a line that moves or changes differs by more than that, a block by thousands.
		toHaveScreenshot: { maxDiffPixels: 250 },
	},
	reporter: [ [ 'list' ], [ 'json' ] ],
	use: {
		baseURL: external || `http://127.0.0.1:${ port }`,
		trace: 'off',
		screenshot: 'off',
	},
	webServer: external
		? undefined
		: {
				command: 'node scripts/serve-e2e.mjs',
				url: `http://127.0.0.1:${ port }/wp-login.php`,
				reuseExistingServer: false,
				timeout: 180000,
				env: { E2E_PORT: String( port ) },
		  },
	projects: [
		{
			// One administrator sign-in for the run, before any test: see admin-session.setup.ts.
			name: 'admin-session',
			testMatch: /admin-session\.setup\.ts/,
			use: chromium,
		},
		{
			name: 'mobile-360',
			dependencies: [ 'admin-session' ],
			testIgnore: [ ...ignored, ...desktopOnly ],
			...smoke,
			use: {
				...chromium,
				viewport: { width: 360, height: 740 },
				isMobile: true,
				hasTouch: true,
				deviceScaleFactor: 2,
			},
		},
		{
			name: 'desktop-1280',
			dependencies: [ 'admin-session' ],
			testIgnore: ignored,
			...smoke,
			use: { ...chromium, viewport: { width: 1280, height: 800 } },
		},
		{
			// Runs after every other test: the server's PHP log must have stayed clean.
			name: 'php-log',
			testMatch: /zz-php-log\.spec\.ts/,
			dependencies: [ 'mobile-360', 'desktop-1280' ],
			use: chromium,
		},
	],
} );
