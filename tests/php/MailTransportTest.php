<?php
namespace TenderPress\Tests;

/**
 * The site's mail leaves through WordPress's own wp_mail() and PHPMailer over SMTP, to the real
 * server `npm test` starts beside the suite (scripts/lib/mail-server.mjs), as it would to a
 * host's relay: what arrives there is what a recipient would get, headers and all.
 */
final class MailTransportTest extends TestCase {

	/**
	 * The message that reached the SMTP server with this subject, decoded, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	private function received( string $subject ): ?array {
		foreach ( (array) glob( getenv( 'TP_MAIL_DIR' ) . '/*.json' ) as $file ) {
			$mail = json_decode( (string) file_get_contents( (string) $file ), true );
			if ( is_array( $mail ) && ( $mail['subject'] ?? null ) === $subject ) {
				return $mail;
			}
		}
		return null;
	}

	public function test_wp_mail_delivers_over_smtp_with_the_headers_it_was_given(): void {
		$this->assertGreaterThan( 0, (int) getenv( 'TP_SMTP_PORT' ), 'npm test gives the suite an SMTP server.' );
		$failed = array();
		$listen = static function ( \WP_Error $error ) use ( &$failed ): void {
			$failed[] = $error->get_error_message();
		};
		add_action( 'wp_mail_failed', $listen );
		$subject = 'Tender alert ' . wp_generate_password( 10, false ) . ' — ₹7,66,00,000';
		$sent    = wp_mail(
			array( 'bidder@example.org', 'second@example.org' ),
			$subject,
			"A notice matches your search:\nhttps://example.org/tenders/water-mains/",
			array( 'List-Unsubscribe: <https://example.org/unsubscribe/abc>' )
		);
		remove_action( 'wp_mail_failed', $listen );
		$this->assertTrue( $sent, implode( '; ', $failed ) );
		$this->assertSame( array(), $failed );

		// Found by its subject, so its dash and rupee sign arrived whole.
		$mail = $this->received( $subject );
		$this->assertNotNull( $mail, 'The SMTP server received the message.' );
		$this->assertSame( array( 'bidder@example.org', 'second@example.org' ), $mail['to'] );
		$this->assertStringContainsString( 'https://example.org/tenders/water-mains/', $mail['message'] );
		$this->assertSame( '<https://example.org/unsubscribe/abc>', $mail['headers']['list-unsubscribe'] );
		$this->assertStringContainsString( 'charset=UTF-8', $mail['headers']['content-type'], 'The subject and text arrive as UTF-8.' );
	}
}
