/**
 * What a browser remembers of the push prompt, and the checks the tiny reveal script and the
 * island share: whether this browser can take push at all, and whether the prompt is due.
 */

/** The localStorage key of the visitor's choice. */
export const STORAGE_KEY = 'tenderpress-push';

/**
 * What this visit (sessionStorage, same key) remembers: SAID once the prompt's sentence has been
 * announced, CLOSED once the visitor closed it (Close or Escape: not now, asked again next visit).
 */
export const SAID = '1';
export const CLOSED = '2';

/** The event a trigger sends the mounted island, to ask (detail: { trigger }). */
export const ASK_EVENT = 'tenderpress-push-ask';

declare global {
	interface Window {
		/** The browser's answer to the permission asked in the visitor's click (reveal.ts). */
		tenderpressPushPermission?: Promise< NotificationPermission >;
	}
}

/**
 * Moves focus out of the prompt before it hides, when it is in it: to the page's main content,
 * so a keyboard user goes on from there rather than from the top of the page.
 */
export function leavePrompt(
	prompt: HTMLElement,
	to?: HTMLElement | null
): void {
	if ( ! prompt.contains( prompt.ownerDocument.activeElement ) ) {
		return;
	}
	const target =
		to && to.isConnected
			? to
			: prompt.ownerDocument.querySelector< HTMLElement >(
					'main, #main'
			  );
	if ( target ) {
		// An element a visitor cannot reach by Tab (a <main>: -1) becomes focusable by script
		// alone; a link, a button or a field (0 or more) keeps its own place in the order.
		if ( target.tabIndex < 0 ) {
			target.tabIndex = -1;
		}
		target.focus();
	}
}

/** The class a site's own links and buttons take to ask for notifications. */
export const TRIGGER_SELECTOR = '.tenderpress-push-prompt, .OneSignal-prompt';

export interface PushState {
	/** When the visitor last said "No thanks" (ms since 1970). */
	dismissed?: number;
	/** Whether this browser subscribed through the prompt. */
	subscribed?: boolean;
}

export function readState(
	store: Pick< Storage, 'getItem' > | null
): PushState {
	try {
		const state = JSON.parse( store?.getItem( STORAGE_KEY ) || '{}' );
		return state && typeof state === 'object' ? ( state as PushState ) : {};
	} catch {
		return {};
	}
}

export function writeState(
	store: Pick< Storage, 'setItem' > | null,
	state: PushState
): void {
	try {
		store?.setItem( STORAGE_KEY, JSON.stringify( state ) );
	} catch {
		// Storage full or blocked (a private window): the prompt simply comes back next time.
	}
}

/** The browser's localStorage (or sessionStorage), or null where reading it throws (blocked cookies). */
export function storage(
	kind: 'localStorage' | 'sessionStorage' = 'localStorage'
): Storage | null {
	try {
		return window[ kind ];
	} catch {
		return null;
	}
}

/** Remembers for this visit (SAID or CLOSED); nothing where storage is blocked. */
export function setVisit( value: string ): void {
	try {
		storage( 'sessionStorage' )?.setItem( STORAGE_KEY, value );
	} catch {
		// Blocked or full: the sentence is said again, the prompt comes back on the next page.
	}
}

/** Whether the browser has all Web Push needs: a service worker, PushManager and Notification. */
export function canPush( scope: {
	navigator: object;
	[ key: string ]: unknown;
} ): boolean {
	return (
		'serviceWorker' in scope.navigator &&
		'PushManager' in scope &&
		'Notification' in scope
	);
}

/** An iPhone, iPad or iPod (iPadOS says it is a Mac, with touch), where push needs the Home Screen. */
export function isAppleTouch( navigator: {
	userAgent: string;
	platform?: string;
	maxTouchPoints?: number;
} ): boolean {
	return (
		/\b(iPhone|iPad|iPod)\b/.test( navigator.userAgent ) ||
		( navigator.platform === 'MacIntel' &&
			( navigator.maxTouchPoints ?? 0 ) > 1 )
	);
}

/**
 * Whether the prompt shows now: not after subscribing, and after "No thanks" only once
 * `backoffDays` have passed (0: on every page load, as the original site did).
 */
export function promptDue(
	state: PushState,
	backoffDays: number,
	now: number
): boolean {
	if ( state.subscribed ) {
		return false;
	}
	if ( ! state.dismissed || backoffDays <= 0 ) {
		return true;
	}
	return now - state.dismissed >= backoffDays * 24 * 60 * 60 * 1000;
}
