/** The part of http_ece (no types of its own) the local push service uses. */
declare module 'http_ece' {
	import type { ECDH } from 'node:crypto';

	const ece: {
		decrypt: (
			buffer: Buffer,
			params: {
				version: 'aes128gcm';
				privateKey: ECDH;
				authSecret: string;
			}
		) => Buffer;
	};
	export default ece;
}
