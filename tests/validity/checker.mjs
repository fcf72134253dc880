// The W3C Nu HTML Checker as the validity suite runs it: the jar npm's vnu-jar package ships,
// started with the machine's own Java (the package's download of a Java runtime is not used).
import { createRequire } from 'node:module';

// vnu-jar's main export is the jar's path.
export const VNU_JAR = String( createRequire( import.meta.url )( 'vnu-jar' ) );

/**
 * CSS properties the checker's CSS grammar does not know yet although browsers support them,
 * each reported as "Property … doesn't exist". The back-to-top block's stylesheet uses the
 * scroll-driven animation properties inside `@supports (animation-timeline: scroll())`, so a
 * browser without them skips the rule. Only these exact messages are passed over: any other CSS
 * error still fails the page.
 */
export const IGNORED_CSS_PROPERTIES = [
	'animation-timeline',
	'animation-range',
];

/**
 * Java's options for one short run over a few dozen pages. The JIT's first tier alone
 * (TieredStopAtLevel=1) checks them in about half the time of the default (the optimising tier
 * spends the run compiling, on a busy machine most of it), with the same report. Its frames are
 * larger, so the thread stack the checker's schema needs ("at least 512k", it says) is given
 * room: with the default 1 MB it stops with a StackOverflowError.
 */
export const JAVA_OPTIONS = [ '-XX:TieredStopAtLevel=1', '-Xss16m' ];
