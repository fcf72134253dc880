/**
 * Vitest setup for island tests (jsdom): clean the DOM between tests.
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach( () => {
	cleanup();
	document.body.innerHTML = '';
} );
