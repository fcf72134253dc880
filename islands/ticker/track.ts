/**
 * Where a ticker's list stands. The list is drawn with copies of its last `visible` items before
 * it and of its first `visible` items after it, so the view can keep moving the same way: the
 * view shows positions `position` to `position + visible - 1`, and the real first item is at
 * position `visible`. A move that reaches a copy ends where the real items show the same, and
 * the ticker jumps back there without a transition.
 */
export interface Track {
	/** How many items the list has, copies left out. */
	count: number;
	visible: number;
}

/** The position that shows the real first item at the top. */
export function home( { visible }: Track ): number {
	return visible;
}

/** The next position for a move up (items rise) or down (items drop). */
export function step( position: number, up: boolean ): number {
	return up ? position + 1 : position - 1;
}

/**
 * Where a position that shows copies lands among the real items (the same view), or the
 * position itself when it shows real items.
 */
export function settle( { count, visible }: Track, position: number ): number {
	if ( position >= count + visible ) {
		return position - count;
	}
	if ( position < visible ) {
		return position + count;
	}
	return position;
}

/** The position that shows real item `index` at the top. */
export function positionOf( { visible }: Track, index: number ): number {
	return visible + index;
}
