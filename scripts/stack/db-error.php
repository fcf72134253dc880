<?php
/**
 * The stack's answer while the database is out of reach (`npm run stack` copies it in as
 * wp-content/db-error.php). WordPress includes this file when it cannot connect (wpdb and
 * dead_db()) and stops after it; its own answer there is a 500, which tells browsers, crawlers and
 * caches that the site is broken. A 503 with Retry-After says it is briefly away: nginx answers
 * with the page it cached (fastcgi_cache_use_stale http_503) and a client may ask again soon.
 *
 * WordPress is only partly loaded here: plain PHP, no translations.
 *
 * @package TenderPress
 */

if ( ! headers_sent() ) {
	http_response_code( 503 );
	header( 'Retry-After: 10' );
	header( 'Cache-Control: no-store' );
	header( 'Content-Type: text/html; charset=utf-8' );
}
?>
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Briefly unavailable</title></head>
<body><main><h1>Briefly unavailable</h1><p>The site cannot reach its database just now. Please try again in a minute.</p></main></body>
</html>
