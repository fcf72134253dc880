/**
 * DOM as plain data, to compare what React renders with what PHP printed: element names,
 * attribute maps and text, so the two sides' different escaping and attribute order do not count,
 * and a difference shows as a readable diff.
 */
export type DomNode =
	| string
	| { comment: string }
	| {
			element: string;
			attributes: Record< string, string >;
			children: DomNode[];
	  };

function toData( node: Node ): DomNode | null {
	if ( node.nodeType === Node.TEXT_NODE ) {
		return node.textContent || null;
	}
	if ( node.nodeType === Node.COMMENT_NODE ) {
		return { comment: node.textContent ?? '' };
	}
	if ( node instanceof Element ) {
		return {
			element: node.localName,
			attributes: Object.fromEntries(
				Array.from( node.attributes, ( attribute ) => [
					attribute.name,
					attribute.value,
				] )
			),
			children: childrenOf( node ),
		};
	}
	return null;
}

function childrenOf( node: Node ): DomNode[] {
	// Adjacent text nodes read as one text, as a visitor and a screen reader get it.
	const copy = node.cloneNode( true );
	copy.normalize();
	return Array.from( copy.childNodes, toData ).filter(
		( child ): child is DomNode => child !== null
	);
}

/**
 * The nodes inside an element.
 *
 * @param element Whose children to read.
 */
export function domTreeOf( element: Node ): DomNode[] {
	return childrenOf( element );
}

/**
 * The nodes an HTML string parses to.
 *
 * @param html Markup as a server printed it.
 */
export function domTreeOfHtml( html: string ): DomNode[] {
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	return childrenOf( template.content );
}
