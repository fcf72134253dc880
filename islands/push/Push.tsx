/**
 * The push prompt once a visitor goes for "Allow": asks the browser, subscribes, and then offers
 * the notice types to hear about and a way to turn notifications off, in the same slide-down
 * panel. Until then the server's markup and the reveal script (reveal.ts) run it alone.
 *
 * Every change is said in the panel's status line (role="status"); focus stays on the control
 * the visitor used, or moves to the panel's next control when that one goes, and leaves the
 * panel for the page's main content when it closes.
 */
import { useRef, useState } from '@wordpress/element';
import { isAjaxError } from '../shared/failures';
import { readState, storage, writeState } from './state';
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
	const [ stage, setStage ] = useState< Stage >( 'prompt' );
	const [ status, setStatus ] = useState( labels.prompt );
	const [ types, setTypes ] = useState< string[] >( [] );
	const subscription = useRef< PushSubscription | null >( null );
	const panel = useRef< HTMLElement >( null );

	const topics = ( chosen: string[] ): Topics => ( {
		types: chosen,
		categories: [],
		locations: [],
	} );
	const fail = ( error: unknown ) => {
		setStage( 'failed' );
		setStatus( isAjaxError( error ) ? error.message : labels.failed );
	};

	const allow = async () => {
		setStage( 'asking' );
		setStatus( labels.asking );
		const permission =
			Notification.permission === 'default'
				? await Notification.requestPermission()
				: Notification.permission;
		if ( permission !== 'granted' ) {
			setStage( 'blocked' );
			setStatus( labels.blocked );
			return;
		}
		try {
			subscription.current = await browserSubscription( props );
			await saveSubscription(
				props,
				subscription.current,
				topics( types )
			);
			writeState( storage(), {
				...readState( storage() ),
				subscribed: true,
			} );
			setStage( 'subscribed' );
			setStatus( labels.subscribed );
		} catch ( error ) {
			fail( error );
		}
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
			await saveSubscription(
				props,
				subscription.current,
				topics( types )
			);
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
			writeState( storage(), {
				...readState( storage() ),
				subscribed: false,
			} );
			setStage( 'unsubscribed' );
			setStatus( labels.unsubscribed );
		} catch ( error ) {
			fail( error );
		}
	};

	const close = () => {
		setStage( 'closed' );
		// Out of the panel, which is gone: to the page's main content.
		const main = document.querySelector< HTMLElement >( 'main, #main' );
		if (
			main &&
			panel.current?.contains( panel.current.ownerDocument.activeElement )
		) {
			main.tabIndex = -1;
			main.focus();
		}
	};

	const toggle = ( value: string, on: boolean ) =>
		setTypes( ( chosen ) =>
			on
				? [ ...chosen, value ]
				: chosen.filter( ( type ) => type !== value )
		);

	return (
		<section
			ref={ panel }
			className="tp-push__prompt"
			aria-label={ labels.prompt }
			hidden={ stage === 'closed' }
		>
			<p className="tp-push__text" role="status">
				{ status }
			</p>
			{ stage === 'prompt' && (
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
				</div>
			) }
			{ stage === 'subscribed' && (
				<form className="tp-push__topics" onSubmit={ save }>
					<fieldset>
						<legend>{ labels.topics }</legend>
						{ props.types.map( ( [ value, label ] ) => (
							<label
								key={ value }
								className="tp-push__topic"
								htmlFor={ `tp-push-type-${ value }` }
							>
								<input
									id={ `tp-push-type-${ value }` }
									type="checkbox"
									checked={ types.includes( value ) }
									onChange={ ( event ) =>
										toggle(
											value,
											event.currentTarget.checked
										)
									}
								/>{ ' ' }
								{ label }
							</label>
						) ) }
					</fieldset>
					<div className="tp-push__actions">
						<button type="submit">{ labels.save }</button>
						<button type="button" onClick={ unsubscribe }>
							{ labels.unsubscribe }
						</button>
					</div>
				</form>
			) }
			{ stage !== 'prompt' && stage !== 'asking' && (
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
