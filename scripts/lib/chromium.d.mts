/** Types of chromium.mjs, for playwright.config.ts. */
export declare const CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
