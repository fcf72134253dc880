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

// Each block's editor and what it saves, in the order the blocks are registered (the inserter
// lists them in that order). Tabs and carousels keep their sections and slides in the post.
const blocks = {
	'tenderpress/listing': { edit: ListingEdit, save },
	'tenderpress/notice-facts': { edit: NoticeFactsEdit, save },
	'tenderpress/notice-tabs': { edit: NoticeTabsEdit, save },
	'tenderpress/notice-reminder': { edit: NoticeReminderEdit, save },
	'tenderpress/menu': { edit: MenuEdit, save },
	'tenderpress/back-to-top': { edit: BackToTopEdit, save },
	'tenderpress/search': { edit: SearchEdit, save },
	'tenderpress/search-results': { edit: SearchEdit, save },
	'tenderpress/notice-views': { edit: SearchEdit, save },
	'tenderpress/share': { edit: ShareEdit, save },
	'tenderpress/login': { edit: LoginEdit, save },
	'tenderpress/push-button': { edit: PushButtonEdit, save },
	'tenderpress/tabs': { edit: TabsEdit, save: saveInnerBlocks },
	'tenderpress/tab': { edit: TabEdit, save: saveInnerBlocks },
	[ CARD_PART ]: { edit: CardPartEdit, save },
	'tenderpress/calendar': { edit: CalendarEdit, save },
	'tenderpress/ticker': { edit: TickerEdit, save },
	'tenderpress/carousel': { edit: CarouselEdit, save: saveInnerBlocks },
	'tenderpress/slide': { edit: SlideEdit, save: saveInnerBlocks },
};

for ( const [ name, settings ] of Object.entries( blocks ) ) {
	registerBlockType< Attributes >( name, settings );
}
