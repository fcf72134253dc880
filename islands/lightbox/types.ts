export interface LightboxStrings {
	close: string;
	previous: string;
	next: string;
	/** "Image %1$d of %2$d": the dialog's title. */
	position: string;
}

export interface LightboxProps {
	i18n: LightboxStrings;
	/** The container: the content whose image links open the lightbox. */
	element: HTMLElement;
}

/** One picture, as the content shows it: where its full size is, and its words. */
export interface LightboxImage {
	link: HTMLAnchorElement;
	src: string;
	alt: string;
	caption: string;
}
