/**
 * WordPress dependencies
 */
import type { BlockEditProps } from '@wordpress/blocks';
import { TextControl } from '@wordpress/components';

/**
 * Internal dependencies
 */
import { SettingsAndPreview, type Attributes } from './settings-and-preview';

/** What a label block's sidebar says, translated. */
export interface LabelBlockWords {
	title: string;
	/** The preview's stand-in while the server renders nothing. */
	empty: string;
	label: string;
	help: string;
}

/**
 * The edit component of a block whose one setting is the words of its link or button (its
 * `label` attribute: "Sign in", "Get notifications"); the feature's own settings are on the
 * settings screen. `words` is called on each render, once translations are loaded.
 */
export function labelBlockEdit( words: () => LabelBlockWords ) {
	return function LabelBlockEdit( {
		name,
		attributes,
		setAttributes,
	}: BlockEditProps< Attributes > ) {
		const { title, empty, label, help } = words();
		return (
			<SettingsAndPreview
				title={ title }
				name={ name }
				attributes={ attributes }
				empty={ empty }
			>
				<TextControl
					label={ label }
					help={ help }
					value={ String( attributes.label ?? '' ) }
					onChange={ ( value ) => setAttributes( { label: value } ) }
				/>
			</SettingsAndPreview>
		);
	};
}
