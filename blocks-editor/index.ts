/**
 * The blocks in the block editor: each shows a live preview rendered by the server (the same PHP
 * as the front end) and its settings in the sidebar. Loaded only in the editor, as a classic
 * script on WordPress's own packages (see blocks-editor/README.md).
 */

/**
 * WordPress dependencies
 */
import { registerBlockType } from '@wordpress/blocks';

/**
 * Internal dependencies
 */
import { BackToTopEdit } from './back-to-top';
import { CalendarEdit } from './calendar';
import { CARD_PART, CardPartEdit } from './card-template';
import { CarouselEdit, SlideEdit } from './carousel';
import { ListingEdit } from './listing';
import { LoginEdit } from './login';
import { PushButtonEdit } from './push-button';
import { MenuEdit } from './menu';
import {
	NoticeFactsEdit,
	NoticeReminderEdit,
	NoticeTabsEdit,
} from './notice-facts';
import { SearchEdit } from './search';
import { ShareEdit } from './share';
import { saveInnerBlocks, TabEdit, TabsEdit } from './tabs';
import { TickerEdit } from './ticker';
import type { Attributes } from './settings-and-preview';

// Dynamic blocks: the server renders them, so nothing is saved in the post but the comment.
const save = () => null;

registerBlockType< Attributes >( 'tenderpress/listing', {
	edit: ListingEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/notice-facts', {
	edit: NoticeFactsEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/notice-tabs', {
	edit: NoticeTabsEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/notice-reminder', {
	edit: NoticeReminderEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/menu', { edit: MenuEdit, save } );
registerBlockType< Attributes >( 'tenderpress/back-to-top', {
	edit: BackToTopEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/search', {
	edit: SearchEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/search-results', {
	edit: SearchEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/notice-views', {
	edit: SearchEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/share', {
	edit: ShareEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/login', {
	edit: LoginEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/push-button', {
	edit: PushButtonEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/tabs', {
	edit: TabsEdit,
	save: saveInnerBlocks,
} );
registerBlockType< Attributes >( 'tenderpress/tab', {
	edit: TabEdit,
	save: saveInnerBlocks,
} );
registerBlockType< Attributes >( CARD_PART, { edit: CardPartEdit, save } );
registerBlockType< Attributes >( 'tenderpress/calendar', {
	edit: CalendarEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/ticker', {
	edit: TickerEdit,
	save,
} );
registerBlockType< Attributes >( 'tenderpress/carousel', {
	edit: CarouselEdit,
	save: saveInnerBlocks,
} );
registerBlockType< Attributes >( 'tenderpress/slide', {
	edit: SlideEdit,
	save: saveInnerBlocks,
} );
