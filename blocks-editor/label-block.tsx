/**
 * Internal dependencies
 */
import { AttributeText } from './controls';
import { SettingsAndPreview, type EditProps } from './settings-and-preview';

/** What a label block's sidebar says, translated. */
export interface LabelBlockWords {
	title: string;
	/** The preview's stand-in while the server renders nothing. */
	empty: string;
	label: string;
	help: string;
}

/**
 * The edit component of a block whose one setting is the words of its link, button or landmark
 * (its `label` attribute: "Sign in", "Get notifications", "Primary"); the feature's own settings
 * are elsewhere. `words` is called on each render, once translations are loaded.
 */
export function labelBlockEdit( words: () => LabelBlockWords ) {
	return function LabelBlockEdit( props: EditProps ) {
		const { title, empty, label, help } = words();
		return (
			<SettingsAndPreview { ...props } title={ title } empty={ empty }>
				<AttributeText
					{ ...props }
					attribute="label"
					label={ label }
					help={ help }
				/>
			</SettingsAndPreview>
		);
	};
}
