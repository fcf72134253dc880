import {
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { isAjaxError } from '../shared/failures';
import { getJson } from '../shared/rest';
import { isPlainClick } from '../shared/clicks';
import { Dialog } from '../shared/Dialog';
import { addStylesheets } from './styles';
import type { QuickViewAnswer, QuickViewProps } from './types';

/** The control on each card (php/Islands/QuickView.php CONTROL). */
const CONTROL = '.tp-quick-view__open';

/** The notice a control opens: its id, its title as the card shows it, and its address. */
interface Opened {
	id: number;
	title: string;
	url: string;
}

/** What the dialog shows of the notice `id`. */
type Content = { id: number } & (
	| { state: 'loading' }
	| { state: 'ready'; answer: QuickViewAnswer }
	| { state: 'failed'; message: string }
);

function readAnswer( value: unknown ): QuickViewAnswer {
	const answer = value as Partial< QuickViewAnswer > | null;
	if (
		! answer ||
		typeof answer.id !== 'number' ||
		typeof answer.title !== 'string' ||
		typeof answer.url !== 'string' ||
		typeof answer.html !== 'string'
	) {
		throw new TypeError( 'not a quick view' );
	}
	return answer as QuickViewAnswer;
}

/**
 * Islands in markup the dialog received (the reminder's stepper) are mounted by the runtime: the
 * ones the answer lists, rendered by the server for it.
 */
function scanIslands( root: HTMLElement, instances: Record< string, string > ) {
	const api = (
		root.ownerDocument.defaultView as
			| ( Window & {
					tenderpress?: {
						scan?: (
							root: ParentNode,
							instances: Record< string, string >
						) => void;
					};
			  } )
			| null
	 )?.tenderpress;
	api?.scan?.( root, instances );
}

/**
 * The quick view of the listing's notices (php/Islands/QuickView.php). Each card's "Quick view"
 * is a link to the notice; the island opens a modal dialog instead, named after the notice, and
 * fills it with what the REST route answers: its key facts, deadline, documents, the deadline
 * reminder and a link to the full notice. Escape, the close button and a click on the backdrop
 * close it, and focus goes back to the control. Cards a page loaded in place open too: the
 * island listens on the whole listing.
 */
export function QuickView( {
	route,
	styles,
	i18n,
	messages,
	element,
}: QuickViewProps ) {
	const [ opened, setOpened ] = useState< Opened | null >( null );
	const [ content, setContent ] = useState< Content >( {
		id: 0,
		state: 'loading',
	} );
	const answers = useRef( new Map< number, QuickViewAnswer >() );
	const body = useRef< HTMLDivElement >( null );
	// The stylesheets of what the dialog shows, asked for once, on the first opening.
	const [ styled, setStyled ] = useState( false );
	const styling = useRef< Promise< void > | null >( null );

	// Listening from the first commit: a click held while the island loaded is replayed then.
	useLayoutEffect( () => {
		const onClick = ( event: MouseEvent ) => {
			const control = (
				event.target as Element
			 ).closest< HTMLAnchorElement >( CONTROL );
			const id = Number( control?.getAttribute( 'data-tp-notice' ) );
			if (
				! control ||
				! element.contains( control ) ||
				! isPlainClick( event ) ||
				! Number.isInteger( id ) ||
				id < 1
			) {
				return;
			}
			event.preventDefault();
			// Focus goes back to the control when the dialog closes, however it was clicked.
			control.focus();
			const title =
				control
					.closest( 'article' )
					?.querySelector( 'h2 a, h3 a, h4 a, h5 a, h6 a' )
					?.textContent?.trim() ?? '';
			setOpened( { id, title, url: control.href } );
		};
		element.addEventListener( 'click', onClick );
		return () => element.removeEventListener( 'click', onClick );
	}, [ element ] );

	useEffect( () => {
		if ( opened && ! styling.current ) {
			styling.current = addStylesheets(
				element.ownerDocument,
				styles
			).then( () => setStyled( true ) );
		}
	}, [ opened, element, styles ] );

	useEffect( () => {
		if ( ! opened ) {
			return;
		}
		const { id } = opened;
		const kept = answers.current.get( id );
		if ( kept ) {
			setContent( { id, state: 'ready', answer: kept } );
			return;
		}
		setContent( { id, state: 'loading' } );
		const controller = new AbortController();
		getJson( `${ route }${ id }/quick-view`, {
			messages,
			signal: controller.signal,
		} )
			.then( ( value ) => {
				const answer = readAnswer( value );
				if ( answer.id !== id ) {
					throw new TypeError( 'not the notice asked for' );
				}
				answers.current.set( id, answer );
				setContent( { id, state: 'ready', answer } );
			} )
			.catch( ( error: unknown ) => {
				if ( ! controller.signal.aborted ) {
					setContent( {
						id,
						state: 'failed',
						message: isAjaxError( error )
							? error.message
							: messages.serverError,
					} );
				}
			} );
		return () => controller.abort();
	}, [ opened, route, messages ] );

	// The reminder's stepper in the answer is an island of its own.
	useEffect( () => {
		if ( content.state === 'ready' && styled && body.current ) {
			scanIslands( body.current, content.answer.instances || {} );
		}
	}, [ content, styled ] );

	if ( ! opened ) {
		return null;
	}
	// Until the notice just opened has its own content (not the last one's), and the
	// stylesheets it is shown with, it is loading.
	const shown: Content =
		content.id === opened.id && ( styled || content.state !== 'ready' )
			? content
			: { id: opened.id, state: 'loading' };
	return (
		<Dialog
			id={ `tp-quick-view-${ opened.id }` }
			block="tp-quick-view"
			title={
				shown.state === 'ready' ? shown.answer.title : opened.title
			}
			closeLabel={ i18n.close }
			onClose={ () => setOpened( null ) }
		>
			{ shown.state === 'ready' && (
				<div
					ref={ body }
					className="tp-quick-view__body"
					// The server's own markup, escaped there (QuickView::content()).
					dangerouslySetInnerHTML={ { __html: shown.answer.html } }
				/>
			) }
			{ shown.state === 'loading' && (
				<p className="tp-quick-view__status" role="status">
					{ i18n.loading }
				</p>
			) }
			{ shown.state === 'failed' && (
				<div className="tp-quick-view__body">
					<p className="tp-quick-view__status" role="alert">
						{ shown.message }
					</p>
					<p className="tp-quick-view__full">
						<a href={ opened.url }>{ i18n.open }</a>
					</p>
				</div>
			) }
		</Dialog>
	);
}
