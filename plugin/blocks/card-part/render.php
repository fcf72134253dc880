<?php
/**
 * Notice card part: exists only while a listing's card template is edited, and is never saved in
 * a post. Should one reach a page all the same (pasted markup), it shows nothing.
 *
 * @package TenderPress
 */

defined( 'ABSPATH' ) || exit;
