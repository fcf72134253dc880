<?php
namespace TenderPress\Ajax;

/** The guarded save of counts collected in browsers (being built). */
final class SaveShares {

	public function register(): void {
	}
}
