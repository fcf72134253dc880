import type { AjaxMessages } from '../shared/failures';
import type { Stylesheet } from './styles';

export interface QuickViewStrings {
	/** The dialog's close button. */
	close: string;
	/** Said while the notice loads. */
	loading: string;
	/** The link to the full notice, when its facts could not be loaded. */
	open: string;
}

export interface QuickViewProps {
	/** The notices' REST base (`…/wp-json/tenderpress/v1/notices/`): the route is `<id>/quick-view`. */
	route: string;
	/** The stylesheets of what the dialog shows, added to the page when it first opens. */
	styles: Stylesheet[];
	i18n: QuickViewStrings;
	/** What a visitor reads when a request fails without a message from the server. */
	messages: AjaxMessages;
	/** The container: the listing, which stays the server's (and the paginator's). */
	element: HTMLElement;
}

/** What the route answers for a notice. */
export interface QuickViewAnswer {
	id: number;
	title: string;
	url: string;
	/** The notice's key facts, documents, reminder and link, as the server renders them. */
	html: string;
	/**
	 * The island containers in `html` (token => island): the runtime mounts them because the
	 * server says so here, not because the markup says so (islands/runtime/README.md, Trust).
	 */
	instances?: Record< string, string >;
}
