/**
 * The push prompt once a visitor goes for "Allow": asks the browser, subscribes, and then offers
 * the notice types, categories and locations to hear about and a way to turn notifications off,
 * in the same slide-down panel. Until then the server's markup and the reveal script (reveal.ts)
 * run it alone; the island starts closed when the visitor already said "No thanks" there, and a
 * trigger (reveal.ts) reopens it.
 *
 * Every change is said in the panel's status line (role="status"). When a change removes the
 * control that had focus, focus goes to that status line, so it is never lost; Close (or
 * Escape) takes it to the trigger that opened the panel, or to the page's main content, and
 * keeps the prompt away for the rest of the visit ("No thanks" keeps it away for the back-off).
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { isAjaxError } from '../shared/failures';
import {
	ASK_EVENT,
	CLOSED,
	leavePrompt,
	readState,
	setVisit,
	storage,
	writeState,
} from './state';
import {
	browserSubscription,
	endSubscription,
	saveSubscription,
	type Topics,
} from './subscribe';
import type { PushProps } from './types';

type Stage =
	| 'prompt'
	| 'asking'
	| 'subscribed'
	| 'blocked'
	| 'failed'
	| 'unsubscribed'
	| 'closed';

export function Push( props: PushProps ) {
	const { labels } = props;
	const [ stage, setStage ] = useState< Stage >(
		props.startHidden ? 'closed' : 'prompt'
	);
	const [ status, setStatus ] = useState( labels.prompt );
	const [ chosen, setChosen ] = useState< Topics >( {
		types: [],
		categories: [],
		locations: [],
	} );
	const subscription = useRef< PushSubscription | null >( null );
	const panel = useRef< HTMLElement >( null );
	const statusLine = useRef< HTMLParagraphElement >( null );
	const trigger = useRef< HTMLElement | null >( null );
	const refocus = useRef( false );

	/** Moves to a stage; focus goes to the status line if its control is about to go. */
	const go = ( next: Stage, said: string ) => {
		const doc = panel.current?.ownerDocument;
		refocus.current = Boolean(
			doc && panel.current?.contains( doc.activeElement )
		);
		setStage( next );
		setStatus( said );
	};
	useEffect( () => {
		const doc = panel.current?.ownerDocument;
		if (
			refocus.current &&
			doc &&
			! panel.current?.contains( doc.activeElement ) &&
			stage !== 'closed'
		) {
			statusLine.current?.focus();
		}
		refocus.current = false;
	}, [ stage ] );

	const fail = ( error: unknown ) =>
		go( 'failed', isAjaxError( error ) ? error.message : labels.failed );

	const allow = async () => {
		go( 'asking', labels.asking );
		try {
			// The answer to the request reveal.ts made in the visitor's own click.
			const asked = window.tenderpressPushPermission;
			window.tenderpressPushPermission = undefined;
			let permission: NotificationPermission = Notification.permission;
			if ( asked ) {
				permission = await asked;
			} else if ( permission === 'default' ) {
				permission = await Notification.requestPermission();
			}
			if ( permission !== 'granted' ) {
				go( 'blocked', labels.blocked );
				return;
			}
			subscription.current = await browserSubscription( props );
			await saveSubscription( props, subscription.current, chosen );
			writeState( storage(), {
				...readState( storage() ),
				subscribed: true,
			} );
			go( 'subscribed', labels.subscribed );
		} catch ( error ) {
			fail( error );
		}
	};

	// A trigger on the page (reveal.ts) asks while the island runs the prompt.
	useEffect( () => {
		const island = panel.current?.closest( '[data-tp-island]' );
		const onAsk = ( event: Event ) => {
			trigger.current =
				( event as CustomEvent< { trigger?: HTMLElement } > ).detail
					?.trigger ?? null;
			allow();
		};
		island?.addEventListener( ASK_EVENT, onAsk );
		return () => island?.removeEventListener( ASK_EVENT, onAsk );
	} );

	const close = () => {
		if ( panel.current ) {
			leavePrompt( panel.current, trigger.current );
		}
		setVisit( CLOSED );
		setStage( 'closed' );
	};

	const dismiss = () => {
		writeState( storage(), {
			...readState( storage() ),
			dismissed: Date.now(),
		} );
		close();
	};

	const save = async ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		if ( ! subscription.current ) {
			return;
		}
		try {
			await saveSubscription( props, subscription.current, chosen );
			setStatus( labels.saved );
		} catch ( error ) {
			fail( error );
		}
	};

	const unsubscribe = async () => {
		if ( ! subscription.current ) {
			return;
		}
		try {
			await endSubscription( props, subscription.current );
			subscription.current = null;
			// Turned off on purpose: not asked again until the back-off has passed.
			writeState( storage(), {
				subscribed: false,
				dismissed: Date.now(),
			} );
			go( 'unsubscribed', labels.unsubscribed );
		} catch ( error ) {
			fail( error );
		}
	};

	const toggle =
		< K extends keyof Topics >( kind: K, value: Topics[ K ][ number ] ) =>
		( on: boolean ) =>
			setChosen( ( current ) => {
				const others = (
					current[ kind ] as Array< typeof value >
				 ).filter( ( chosenValue ) => chosenValue !== value );
				return {
					...current,
					[ kind ]: on ? [ ...others, value ] : others,
				};
			} );

	return (
		// eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any control inside it; the region itself takes no focus.
		<section
			ref={ panel }
			className="tp-push__prompt"
			aria-label={ labels.region }
			hidden={ stage === 'closed' }
			// Escape: Close (not now), as the reveal script does before the island loads. A
			// React handler, listening from the moment the island commits: a key pressed just
			// after the mount is not lost.
			onKeyDown={ ( event ) => {
				if ( event.key === 'Escape' ) {
					close();
				}
			} }
		>
			<p
				ref={ statusLine }
				className="tp-push__text"
				role="status"
				tabIndex={ -1 }
			>
				{ status }
			</p>
			{ stage === 'subscribed' && (
				<form className="tp-push__topics" onSubmit={ save }>
					{ TOPIC_KINDS.map( ( [ kind, legend, name ] ) => (
						<Choices< string | number >
							key={ kind }
							legend={ labels[ legend ] }
							name={ name }
							options={ props[ kind ] }
							chosen={ chosen[ kind ] }
							onToggle={ ( value ) => toggle( kind, value ) }
						/>
					) ) }
					<div className="tp-push__actions">
						<button type="submit">{ labels.save }</button>
						<button type="button" onClick={ unsubscribe }>
							{ labels.unsubscribe }
						</button>
					</div>
				</form>
			) }
			{ stage === 'prompt' ? (
				<div className="tp-push__actions">
					<button
						type="button"
						className="tp-push__allow"
						data-tp-push-allow=""
						onClick={ allow }
					>
						{ labels.allow }
					</button>
					<button
						type="button"
						className="tp-push__dismiss"
						data-tp-push-dismiss=""
						onClick={ dismiss }
					>
						{ labels.dismiss }
					</button>
					<button
						type="button"
						className="tp-push__close"
						data-tp-push-close=""
						onClick={ close }
					>
						{ labels.close }
					</button>
				</div>
			) : (
				<button
					type="button"
					className="tp-push__close"
					onClick={ close }
				>
					{ labels.close }
				</button>
			) }
		</section>
	);
}

/** The kinds of topic, in the panel's order: each one's props and choices, its legend, its boxes' name. */
const TOPIC_KINDS = [
	[ 'types', 'topics', 'type' ],
	[ 'categories', 'categories', 'category' ],
	[ 'locations', 'locations', 'location' ],
] as const;

/** One kind of topic as boxes to tick; none ticked means all of that kind. */
function Choices< T extends string | number >( {
	legend,
	name,
	options,
	chosen,
	onToggle,
}: {
	legend: string;
	name: string;
	options: Array< [ T, string ] >;
	chosen: T[];
	onToggle: ( value: T ) => ( on: boolean ) => void;
} ) {
	if ( options.length === 0 ) {
		return null;
	}
	return (
		<fieldset>
			<legend>{ legend }</legend>
			{ options.map( ( [ value, label ] ) => (
				<label
					key={ value }
					className="tp-push__topic"
					htmlFor={ `tp-push-${ name }-${ value }` }
				>
					<input
						id={ `tp-push-${ name }-${ value }` }
						type="checkbox"
						checked={ chosen.includes( value ) }
						onChange={ ( event ) =>
							onToggle( value )( event.currentTarget.checked )
						}
					/>{ ' ' }
					{ label }
				</label>
			) ) }
		</fieldset>
	);
}
