<?php
namespace TenderPress\Settings;

use TenderPress\Islands\PushPrompt;
use TenderPress\Push\PushSettings;

/**
 * The Alerts tab's live preview of the push prompt: its sentence and buttons as a visitor sees
 * them at the top of a page. The server draws it with the saved wording (right without
 * JavaScript); the screen's script (plugin/assets/settings.js) follows the wording field, the
 * "original wording" box and the "offer notifications" box as the owner changes them.
 *
 * The script chooses between the sentences the server wrote here, by the rule of
 * PushPrompt::wording() (the owner's words, {site} filled; else the original wording when
 * chosen; else ours): the words themselves are translated once, in PHP.
 */
final class PushPromptPreview {

	/** The preview's markup, escaped. */
	public static function render(): string {
		$site    = wp_strip_all_tags( html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		$offered = (bool) Settings::get( PushSettings::SECTION, 'prompt' );
		$buttons = '';
		foreach ( array(
			'tp-push__allow'   => __( 'Allow', 'tenderpress' ),
			'tp-push__dismiss' => __( 'No thanks', 'tenderpress' ),
			'tp-push__close'   => __( 'Close', 'tenderpress' ),
		) as $class => $label ) {
			$buttons .= '<button type="button" class="' . esc_attr( $class ) . '">' . esc_html( $label ) . '</button>';
		}
		return sprintf(
			'<div class="tp-settings-preview" data-tp-push-preview data-tp-site="%1$s" data-tp-default="%2$s" data-tp-original="%3$s"><p class="tp-settings-preview__caption"><strong>%4$s</strong> %5$s</p><p class="tp-settings-preview__off"%6$s>%7$s</p><div class="tp-push__prompt" inert%8$s><p class="tp-push__text">%9$s</p><div class="tp-push__actions">%10$s</div></div></div>',
			esc_attr( $site ),
			esc_attr( PushPrompt::default_wording() ),
			esc_attr( PushPrompt::original_wording( $site ) ),
			esc_html__( 'Preview:', 'tenderpress' ),
			esc_html__( 'the prompt as visitors see it at the top of each page, with the choices below. It follows your changes as you make them; they take effect when you save.', 'tenderpress' ),
			$offered ? ' hidden' : '',
			esc_html__( 'Visitors are not offered notifications: the prompt does not show.', 'tenderpress' ),
			$offered ? '' : ' hidden',
			esc_html( PushPrompt::wording() ),
			$buttons
		);
	}
}
