// Types of mail-server.mjs for the TypeScript that imports it (the e2e suite's support/mail.ts).
export declare const MAIL_DIR: string;

/** A message as the mail server wrote it. */
export interface ReceivedMail {
	/** The envelope's recipients. */
	to: string[];
	from: string;
	subject: string;
	/** The text part. */
	message: string;
	html: string;
	/** By lowercase name. */
	headers: Record< string, string >;
	/** The message as it came over the wire. */
	raw: string;
}

export declare function mailsSince(
	dir: string,
	since?: number
): ReceivedMail[];

export declare function startMailServer( options: {
	dir: string;
	port?: number;
} ): Promise< { port: number; stop: () => Promise< void > } >;
