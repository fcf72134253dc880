/**
 * How far the vertical bar slides off-screen (spec §9): its width plus 10, less 16 for a bar with
 * counters, plus the configured offset.
 */
export function slideDistance(
	barWidth: number,
	withCounters: boolean,
	offset: number
): number {
	return barWidth + 10 - ( withCounters ? 16 : 0 ) + offset;
}

/**
 * The services the 'More' list keeps for a typed filter: those whose label contains the text,
 * case-insensitive (as typed: spaces count); all of them for an empty filter.
 */
export function filterServices< T extends { title: string } >(
	services: readonly T[],
	typed: string
): T[] {
	const needle = typed.toLocaleLowerCase();
	return needle === ''
		? [ ...services ]
		: services.filter( ( service ) =>
				service.title.toLocaleLowerCase().includes( needle )
		  );
}

/**
 * Whether this browser can hand a page to the device's share sheet (the Web Share API): the
 * bar's "Share via an app" is taken away where it cannot, and More does not offer it.
 */
export function canShareNatively( nav: Navigator = navigator ): boolean {
	return typeof nav.share === 'function';
}

/**
 * The More dialog's services: those the owner listed, in the owner's order; ids the bar does
 * not know (not in `byId`, the bar's services by id) are skipped.
 */
export function moreServices< T >(
	byId: ReadonlyMap< string, T >,
	listed: readonly string[]
): T[] {
	return listed.flatMap( ( id ) => {
		const service = byId.get( id );
		return service ? [ service ] : [];
	} );
}
