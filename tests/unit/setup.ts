/**
 * Vitest setup for island tests (jsdom): clean the DOM between tests.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setup as addLiveRegions } from '@wordpress/a11y';

// speak() writes into the live regions wp-a11y adds to every page it loads on; the cleanup below
// removes them with the rest of the body.
beforeEach( addLiveRegions );

afterEach( () => {
	cleanup();
	document.body.innerHTML = '';
} );
