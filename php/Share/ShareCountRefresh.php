<?php
namespace TenderPress\Share;

/** The background refresh of share counts (being built). */
final class ShareCountRefresh {

	public function register(): void {
	}
}
