/**
 * The blocks in the block editor: each shows a live preview rendered by the server (the same PHP
 * as the front end) and its settings in the sidebar. A plain script on WordPress's own packages,
 * loaded only in the editor.
 *
 * @param {Object} wp WordPress's script packages (wp.blocks, wp.element, …).
 */
( function ( wp ) {
	const { registerBlockType } = wp.blocks;
	const { createElement: el, Fragment } = wp.element;
	const { InspectorControls, useBlockProps } = wp.blockEditor;
	const {
		Disabled,
		PanelBody,
		RangeControl,
		SelectControl,
		TextControl,
		ToggleControl,
	} = wp.components;
	const ServerSideRender = wp.serverSideRender;
	const { __ } = wp.i18n;

	/**
	 * The server's rendering of the block, inert: links and islands do nothing in the editor.
	 *
	 * @param {Object} props            Component props.
	 * @param {string} props.name       Block name.
	 * @param {Object} props.attributes Block attributes.
	 * @param {string} props.empty      Said when the server renders nothing.
	 */
	function BlockPreview( { name, attributes, empty } ) {
		return el(
			Disabled,
			null,
			el( ServerSideRender, {
				block: name,
				attributes,
				EmptyResponsePlaceholder: () =>
					el( 'p', { className: 'tp-editor-placeholder' }, empty ),
			} )
		);
	}

	/**
	 * Settings in the sidebar, the server's preview in the canvas.
	 *
	 * @param {Object}   props            Component props.
	 * @param {string}   props.title      Settings panel title.
	 * @param {Object[]} props.controls   Settings controls (none: no panel).
	 * @param {string}   props.name       Block name.
	 * @param {Object}   props.attributes Block attributes.
	 * @param {string}   props.empty      Said when the server renders nothing.
	 */
	function SettingsAndPreview( {
		title,
		controls,
		name,
		attributes,
		empty,
	} ) {
		const blockProps = useBlockProps();
		return el(
			Fragment,
			null,
			controls.length
				? el(
						InspectorControls,
						null,
						el( PanelBody, { title }, controls )
				  )
				: null,
			el(
				'div',
				blockProps,
				el( BlockPreview, { name, attributes, empty } )
			)
		);
	}

	function ListingEdit( { attributes, setAttributes } ) {
		return el( SettingsAndPreview, {
			title: __( 'Listing settings', 'tenderpress' ),
			name: 'tenderpress/listing',
			attributes,
			empty: __( 'No notices to list yet.', 'tenderpress' ),
			controls: [
				el( ToggleControl, {
					key: 'inherit',
					label: __(
						'Follow the archive being viewed',
						'tenderpress'
					),
					help: __(
						'For notice archive templates: lists the notices of the category or location shown.',
						'tenderpress'
					),
					checked: attributes.inherit,
					onChange: ( inherit ) => setAttributes( { inherit } ),
				} ),
				el( RangeControl, {
					key: 'perPage',
					label: __( 'Notices per page', 'tenderpress' ),
					min: 1,
					max: 50,
					value: attributes.perPage,
					disabled: attributes.inherit,
					onChange: ( perPage ) => setAttributes( { perPage } ),
				} ),
				el( SelectControl, {
					key: 'noticeType',
					label: __( 'Notice type', 'tenderpress' ),
					value: attributes.noticeType,
					options: [
						{
							value: '',
							label: __( 'All notices', 'tenderpress' ),
						},
						{
							value: 'tender',
							label: __( 'Tenders', 'tenderpress' ),
						},
						{ value: 'eoi', label: __( 'EOIs', 'tenderpress' ) },
						{
							value: 'corrigendum',
							label: __( 'Corrigenda', 'tenderpress' ),
						},
						{
							value: 'award',
							label: __( 'Awards', 'tenderpress' ),
						},
					],
					onChange: ( noticeType ) => setAttributes( { noticeType } ),
				} ),
				el( SelectControl, {
					key: 'headingLevel',
					label: __(
						'Heading level of notice titles',
						'tenderpress'
					),
					value: String( attributes.headingLevel ),
					options: [ 2, 3, 4, 5, 6 ].map( ( level ) => ( {
						value: String( level ),
						label: `H${ level }`,
					} ) ),
					onChange: ( level ) =>
						setAttributes( { headingLevel: Number( level ) } ),
				} ),
				el( RangeControl, {
					key: 'visiblePages',
					label: __( 'Page links shown', 'tenderpress' ),
					min: 1,
					max: 9,
					value: attributes.visiblePages,
					onChange: ( visiblePages ) =>
						setAttributes( { visiblePages } ),
				} ),
				el( ToggleControl, {
					key: 'noScroll',
					label: __(
						'Do not scroll to the listing after a page loads',
						'tenderpress'
					),
					checked: attributes.noScroll,
					onChange: ( noScroll ) => setAttributes( { noScroll } ),
				} ),
			],
		} );
	}

	function NoticeFactsEdit( { attributes } ) {
		return el( SettingsAndPreview, {
			name: 'tenderpress/notice-facts',
			attributes,
			empty: __(
				'The key facts of the notice being viewed appear here.',
				'tenderpress'
			),
			controls: [],
		} );
	}

	function MenuEdit( { attributes, setAttributes } ) {
		return el( SettingsAndPreview, {
			title: __( 'Menu settings', 'tenderpress' ),
			name: 'tenderpress/menu',
			attributes,
			empty: __(
				'Assign a menu to the Primary location to show it here.',
				'tenderpress'
			),
			controls: [
				el( TextControl, {
					key: 'label',
					label: __( 'Name read by screen readers', 'tenderpress' ),
					help: __(
						'Empty: "Primary". The items come from the menu of the Primary location.',
						'tenderpress'
					),
					value: attributes.label,
					onChange: ( label ) => setAttributes( { label } ),
				} ),
			],
		} );
	}

	function BackToTopEdit( { attributes, setAttributes } ) {
		return el( SettingsAndPreview, {
			title: __( 'Back to top settings', 'tenderpress' ),
			name: 'tenderpress/back-to-top',
			attributes,
			empty: '',
			controls: [
				el( RangeControl, {
					key: 'speed',
					label: __( 'Scroll duration (ms)', 'tenderpress' ),
					min: 0,
					max: 2000,
					step: 50,
					value: attributes.speed,
					onChange: ( speed ) => setAttributes( { speed } ),
				} ),
				el( RangeControl, {
					key: 'showAfter',
					label: __( 'Show after scrolling (px)', 'tenderpress' ),
					min: 0,
					max: 3000,
					step: 50,
					value: attributes.showAfter,
					onChange: ( showAfter ) => setAttributes( { showAfter } ),
				} ),
			],
		} );
	}

	const save = () => null;
	registerBlockType( 'tenderpress/listing', { edit: ListingEdit, save } );
	registerBlockType( 'tenderpress/notice-facts', {
		edit: NoticeFactsEdit,
		save,
	} );
	registerBlockType( 'tenderpress/menu', { edit: MenuEdit, save } );
	registerBlockType( 'tenderpress/back-to-top', {
		edit: BackToTopEdit,
		save,
	} );
} )( window.wp );
