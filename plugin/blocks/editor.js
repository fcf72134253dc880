/**
 * The blocks in the block editor: each shows a live preview rendered by the server (the same PHP
 * as the front end) and its settings in the sidebar. A plain script on WordPress's own packages,
 * loaded only in the editor.
 *
 * Limits, defaults and choices are the server's: each block type carries its registered attribute
 * schema (block.json, plus the notice types PHP adds), and PHP passes the choices' labels. So the
 * editor never offers a value the server would refuse.
 *
 * @param {Object} wp     WordPress's script packages (wp.blocks, wp.element, …).
 * @param {Object} server What PHP passes (BlockRegistry::add_editor_labels).
 */
( function ( wp, server ) {
	const { getBlockType, registerBlockType } = wp.blocks;
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
	 * An attribute's schema as the server registered it.
	 *
	 * @param {string} name      Block name.
	 * @param {string} attribute Attribute name.
	 */
	function schemaOf( name, attribute ) {
		return getBlockType( name ).attributes[ attribute ];
	}

	/**
	 * A range control for an integer attribute, within its registered limits, that resets to its
	 * registered default.
	 *
	 * @param {Object}   props               Component props.
	 * @param {string}   props.name          Block name.
	 * @param {string}   props.attribute     Attribute name.
	 * @param {Object}   props.attributes    Block attributes.
	 * @param {Function} props.setAttributes Block attributes setter.
	 */
	function AttributeRange( {
		name,
		attribute,
		attributes,
		setAttributes,
		...rest
	} ) {
		const schema = schemaOf( name, attribute );
		return el( RangeControl, {
			...rest,
			min: schema.minimum,
			max: schema.maximum,
			allowReset: true,
			resetFallbackValue: schema.default,
			value: attributes[ attribute ],
			onChange: ( value ) => setAttributes( { [ attribute ]: value } ),
		} );
	}

	/**
	 * Every whole number an integer attribute allows, as select options.
	 *
	 * @param {Object}   schema         The attribute's schema.
	 * @param {Function} labelForNumber Option label of a number.
	 */
	function integerOptions( schema, labelForNumber ) {
		return Array.from(
			{ length: schema.maximum - schema.minimum + 1 },
			( _, index ) => {
				const number = schema.minimum + index;
				return {
					value: String( number ),
					label: labelForNumber( number ),
				};
			}
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

	function ListingEdit( { name, attributes, setAttributes } ) {
		const range = { name, attributes, setAttributes };
		return el( SettingsAndPreview, {
			title: __( 'Listing settings', 'tenderpress' ),
			name,
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
				el( AttributeRange, {
					...range,
					key: 'perPage',
					attribute: 'perPage',
					label: __( 'Notices per page', 'tenderpress' ),
					disabled: attributes.inherit,
				} ),
				el( SelectControl, {
					key: 'noticeType',
					label: __( 'Notice type', 'tenderpress' ),
					value: attributes.noticeType,
					options: schemaOf( name, 'noticeType' ).enum.map(
						( value ) => ( {
							value,
							label: server.noticeTypeLabels[ value ],
						} )
					),
					onChange: ( noticeType ) => setAttributes( { noticeType } ),
				} ),
				el( SelectControl, {
					key: 'headingLevel',
					label: __(
						'Heading level of notice titles',
						'tenderpress'
					),
					value: String( attributes.headingLevel ),
					options: integerOptions(
						schemaOf( name, 'headingLevel' ),
						( level ) => `H${ level }`
					),
					onChange: ( level ) =>
						setAttributes( { headingLevel: Number( level ) } ),
				} ),
				el( AttributeRange, {
					...range,
					key: 'visiblePages',
					attribute: 'visiblePages',
					label: __( 'Page links shown', 'tenderpress' ),
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

	function BackToTopEdit( { name, attributes, setAttributes } ) {
		const range = { name, attributes, setAttributes };
		return el( SettingsAndPreview, {
			title: __( 'Back to top settings', 'tenderpress' ),
			name,
			attributes,
			empty: '',
			controls: [
				el( AttributeRange, {
					...range,
					key: 'speed',
					attribute: 'speed',
					label: __( 'Scroll duration (ms)', 'tenderpress' ),
				} ),
				el( AttributeRange, {
					...range,
					key: 'showAfter',
					attribute: 'showAfter',
					label: __( 'Show after scrolling (px)', 'tenderpress' ),
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
} )( window.wp, window.tenderpressBlockEditor );
