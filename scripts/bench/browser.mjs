// Debian's Chromium for the bench, with the flags this machine needs (no downloaded browser).
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
