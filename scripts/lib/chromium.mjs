// Debian's Chromium, with the flags this machine needs (no downloaded browser): the one place
// the e2e suite (playwright.config.ts) and the bench (scripts/bench/) take them from.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];
