/**
 * The notice card's template, edited in place on a Notice listing block: "Edit card template"
 * turns the block into the card's parts (blocks `tenderpress/card-part`) to reorder with the
 * block movers or hide, and "Save & Back" stores them for every listing of the site
 * (php/Listings/CardTemplate.php) and shows the listing again. The parts are the listing's inner
 * blocks only while it is edited: they are never saved in the post (the listing saves nothing).
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import {
	BlockControls,
	InnerBlocks,
	useBlockProps,
} from '@wordpress/block-editor';
import { createBlock, type BlockEditProps } from '@wordpress/blocks';
import { Button, ToolbarButton, ToolbarGroup } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { Attributes } from './settings-and-preview';

export const CARD_PART = 'tenderpress/card-part';

/** What PHP prints before this script (CardTemplate::add_editor_data). */
interface CardTemplateData {
	/** Every part, in the default order, with its name. */
	parts: Array< { part: string; label: string } >;
	/** The part a card cannot do without. */
	required: string;
	/** Whether this user may change the template (edit_theme_options). */
	canEdit: boolean;
	/** The template's REST route, for apiFetch (`/tenderpress/v1/card-template`). */
	path: string;
}

declare global {
	interface Window {
		tenderpressCardTemplate?: CardTemplateData;
	}
}

const data = (): CardTemplateData =>
	window.tenderpressCardTemplate ?? {
		parts: [],
		required: '',
		canEdit: false,
		path: '',
	};

export const partLabel = ( part: string ) =>
	data().parts.find( ( entry ) => entry.part === part )?.label ?? part;

/**
 * The toolbar's toggle and, while editing, the card's parts in place of the listing's preview.
 * `editing` and the preview's refresh are the listing's own state, kept by its edit component.
 */
export function useCardTemplate( clientId: string ) {
	const [ editing, setEditing ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	// Bumped after a save: the server's preview of the listing is asked for again.
	const [ version, setVersion ] = useState( 0 );
	const { replaceInnerBlocks, insertBlock } =
		useDispatch( 'core/block-editor' );
	const { createErrorNotice, createSuccessNotice } =
		useDispatch( 'core/notices' );
	const parts = useSelect(
		( select ) =>
			(
				select( 'core/block-editor' ).getBlocks( clientId ) as Array< {
					name: string;
					attributes: Attributes;
				} >
			 )
				.filter( ( block ) => block.name === CARD_PART )
				.map( ( block ) => String( block.attributes.part ) ),
		[ clientId ]
	);

	const start = async () => {
		setBusy( true );
		try {
			const template = ( await apiFetch( { path: data().path } ) ) as {
				parts: string[];
			};
			replaceInnerBlocks(
				clientId,
				template.parts.map( ( part ) =>
					createBlock( CARD_PART, {
						part,
						// The title stays: it is the card's link to the notice.
						lock:
							part === data().required
								? { remove: true }
								: undefined,
					} )
				),
				false
			);
			setEditing( true );
		} catch ( error ) {
			createErrorNotice(
				messageOf(
					error,
					__(
						'The card template could not be loaded.',
						'tenderpress'
					)
				),
				{ type: 'snackbar' }
			);
		} finally {
			setBusy( false );
		}
	};

	// Back to the listing as it was: the parts leave the block, nothing is stored.
	const cancel = () => {
		replaceInnerBlocks( clientId, [], false );
		setEditing( false );
	};

	const saveAndBack = async () => {
		setBusy( true );
		try {
			await apiFetch( {
				path: data().path,
				method: 'POST',
				data: { parts },
			} );
			// Back to the listing: the parts leave the block, which never saved them anyway.
			replaceInnerBlocks( clientId, [], false );
			setEditing( false );
			setVersion( ( value ) => value + 1 );
			createSuccessNotice(
				__(
					'Card template saved: every notice listing shows it.',
					'tenderpress'
				),
				{ type: 'snackbar' }
			);
		} catch ( error ) {
			createErrorNotice(
				messageOf(
					error,
					__( 'The card template could not be saved.', 'tenderpress' )
				),
				{ type: 'snackbar' }
			);
		} finally {
			setBusy( false );
		}
	};

	const missing = data().parts.filter(
		( entry ) => ! parts.includes( entry.part )
	);
	const show = ( part: string ) =>
		insertBlock(
			createBlock( CARD_PART, { part } ),
			parts.length,
			clientId,
			// The listing stays selected, with its Save & Back.
			false
		);

	const toolbar = data().canEdit ? (
		<BlockControls>
			<ToolbarGroup>
				<ToolbarButton
					onClick={ editing ? saveAndBack : start }
					disabled={ busy }
					isBusy={ busy }
				>
					{ editing
						? __( 'Save & Back', 'tenderpress' )
						: __( 'Edit card template', 'tenderpress' ) }
				</ToolbarButton>
			</ToolbarGroup>
		</BlockControls>
	) : null;

	const editor = editing ? (
		<div className="tp-card-template">
			<p className="tp-card-template__intro">
				{ __(
					'The notice card of every listing: move its parts, or hide the ones a card should not show. Then Save & Back.',
					'tenderpress'
				) }
			</p>
			<InnerBlocks
				allowedBlocks={ [ CARD_PART ] }
				templateLock={ false }
				renderAppender={ false }
			/>
			<p className="tp-card-template__actions">
				{ /* Also here: the toolbar's button is the listing's, gone while a part is selected. */ }
				<Button
					variant="primary"
					onClick={ saveAndBack }
					disabled={ busy }
					isBusy={ busy }
				>
					{ __( 'Save & Back', 'tenderpress' ) }
				</Button>
				<Button variant="tertiary" onClick={ cancel } disabled={ busy }>
					{ __( 'Cancel', 'tenderpress' ) }
				</Button>
			</p>
			{ missing.length > 0 && (
				<p className="tp-card-template__hidden">
					{ missing.map( ( entry ) => (
						<Button
							key={ entry.part }
							variant="secondary"
							onClick={ () => show( entry.part ) }
						>
							{ sprintf(
								/* translators: %s: a part of the notice card, "Buyer". */
								__( 'Show %s', 'tenderpress' ),
								entry.label
							) }
						</Button>
					) ) }
				</p>
			) }
		</div>
	) : null;

	return { editing, toolbar, editor, version };
}

/** The server's message for a failed request, else the words given. */
function messageOf( error: unknown, otherwise: string ): string {
	const message = ( error as { message?: unknown } | null )?.message;
	return typeof message === 'string' && message ? message : otherwise;
}

/** One part of the card while its template is edited: its name, and a way to hide it. */
export function CardPartEdit( {
	attributes,
	clientId,
}: BlockEditProps< Attributes > ) {
	const blockProps = useBlockProps( { className: 'tp-card-part' } );
	const { removeBlock } = useDispatch( 'core/block-editor' );
	const part = String( attributes.part );
	return (
		<div { ...blockProps }>
			<span className="tp-card-part__label">{ partLabel( part ) }</span>
			{ part !== data().required && (
				<Button
					variant="tertiary"
					onClick={ () => removeBlock( clientId ) }
				>
					{ sprintf(
						/* translators: %s: a part of the notice card, "Buyer". */
						__( 'Hide %s', 'tenderpress' ),
						partLabel( part )
					) }
				</Button>
			) }
		</div>
	);
}
