/**
 * The entry of the lazy-media script (vite.config.ts builds it alone, as build/lazy-media.js):
 * printed at the end of the page, it finds every stand-in already parsed.
 */
import { watchLazyMedia } from './lazy-media';

watchLazyMedia();
