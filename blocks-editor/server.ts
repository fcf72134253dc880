/** What PHP prints before this script (BlockRegistry::add_editor_labels). */
interface EditorData {
	/** Label of each notice type the listing may filter on, keyed by value ('' is "all"). */
	noticeTypeLabels: Record< string, string >;
}

declare global {
	interface Window {
		tenderpressBlockEditor: EditorData;
	}
}

export const server = (): EditorData => window.tenderpressBlockEditor;
