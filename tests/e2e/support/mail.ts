/**
 * The mail our sites sent, as their SMTP server received it: scripts/lib/mail-server.mjs writes
 * each message to .wp/mail/ as a JSON file, put in place whole.
 */
import { expect } from '@playwright/test';
import {
	MAIL_DIR,
	mailsSince as readMails,
	type ReceivedMail,
} from '../../../scripts/lib/mail-server.mjs';

export type Mail = ReceivedMail;

/** Every message received since `since` (ms), oldest first. */
export const mailsSince = ( since = 0 ): Mail[] => readMails( MAIL_DIR, since );

/** The newest message that `match` accepts, once it has arrived. */
export async function awaitMail(
	match: ( mail: Mail ) => boolean,
	since = 0
): Promise< Mail > {
	let found: Mail | undefined;
	await expect
		.poll( () => {
			found = mailsSince( since ).filter( match ).pop();
			return found !== undefined;
		} )
		.toBe( true );
	return found!;
}
