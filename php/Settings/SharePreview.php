<?php
namespace TenderPress\Settings;

use TenderPress\Islands\Share;
use TenderPress\Share\ShareIcons;
use TenderPress\Share\ShareServices;
use TenderPress\Share\ShareSettings;

/**
 * The Sharing tab's live preview: the share bar as visitors see it with the choices on the tab.
 * The server draws it with the saved choices (so it is right without JavaScript); the screen's
 * script (plugin/assets/settings.js) shows, hides and orders its buttons and swaps its style as
 * the owner ticks boxes, before anything is saved. It is a picture: inert, with no island, so
 * nothing in it can be clicked or loads a script.
 */
final class SharePreview {

	/** The bar's markup, escaped: every service, those not chosen hidden, the chosen in order. */
	public static function render(): string {
		$chosen   = ShareSettings::services_for( '' );
		$services = $chosen + ShareServices::all();
		$items    = '';
		foreach ( $services as $id => $service ) {
			$native = 'native' === ( $service['action'] ?? '' ) ? ' tp-share__item--native' : '';
			$items .= sprintf(
				'<li class="tp-share__item%1$s" data-tp-preview-item="%2$s"%3$s><span class="tp-share__button" style="%4$s">%5$s<span class="tp-share__label">%6$s</span></span></li>',
				$native,
				esc_attr( $id ),
				isset( $chosen[ $id ] ) ? '' : ' hidden',
				esc_attr( Share::colours( $service ) ),
				ShareIcons::svg( $id ),
				esc_html( ShareServices::title( $service ) )
			);
		}
		$items .= sprintf(
			'<li class="tp-share__item" data-tp-preview-more%1$s><span class="tp-share__more-button">%2$s<span>%3$s</span></span></li>',
			ShareSettings::listed() ? '' : ' hidden',
			ShareIcons::svg( 'more' ),
			esc_html__( 'More', 'tenderpress' )
		);
		return sprintf(
			'<div class="tp-settings-preview" data-tp-share-preview><p class="tp-settings-preview__caption"><strong>%1$s</strong> %2$s</p><div class="tp-share tp-share--inline %3$s" inert><p class="tp-share__heading">%4$s</p><ul class="tp-share__list">%5$s</ul></div></div>',
			esc_html__( 'Preview:', 'tenderpress' ),
			esc_html__( 'the bar as visitors see it with the choices below. It follows your changes as you make them; they take effect when you save.', 'tenderpress' ),
			Settings::get( Share::SECTION, 'brandColours' ) ? 'tp-share--brand' : 'tp-share--quiet',
			esc_html__( 'Share', 'tenderpress' ),
			$items
		);
	}
}
