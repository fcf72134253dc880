import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asString, asUrl } from '../shared/props';
import { Share } from './Share';
import type { ShareProps, ShareService, ShareStrings } from './types';

const STRINGS: Array< keyof ShareStrings > = [
	'more',
	'close',
	'filter',
	'none',
	'device',
	'instanceTitle',
	'instanceLabel',
	'submit',
	'copied',
	'copyFailed',
	'prompt',
	'newTab',
	'shareOne',
	'shareMany',
];

function parseService( raw: unknown, index: number ): ShareService {
	const service = asRecord( raw, `services[${ index }]` );
	const action = service.action;
	if ( action !== undefined && action !== 'print' && action !== 'copy' ) {
		throw new TypeError( `services[${ index }].action is unknown` );
	}
	return {
		id: asString( service.id, 'id' ),
		title: asString( service.title, 'title' ),
		template:
			service.template === undefined
				? undefined
				: asString( service.template, 'template' ),
		action,
		instance:
			service.instance === undefined
				? undefined
				: asString( service.instance, 'instance' ),
		background: asString( service.background, 'background' ),
		foreground: asString( service.foreground, 'foreground' ),
	};
}

/** Checks the types; Share.php built the props from the catalogue and the settings. */
export function parseShareProps(
	raw: unknown,
	element: HTMLElement
): ShareProps {
	const props = asRecord( raw );
	const popup = asRecord( props.popup, 'popup' );
	const i18n = asRecord( props.i18n, 'i18n' );
	if (
		! Array.isArray( props.services ) ||
		! Array.isArray( props.protocols )
	) {
		throw new TypeError( 'services and protocols must be lists' );
	}
	return {
		element,
		url: asUrl( props.url, 'url' ),
		title: asString( props.title, 'title' ),
		popup: {
			width: asNumber( popup.width, 'popup.width' ),
			height: asNumber( popup.height, 'popup.height' ),
		},
		protocols: props.protocols.map( ( p, i ) =>
			asString( p, `protocols[${ i }]` )
		),
		services: props.services.map( parseService ),
		sprite: asUrl( props.sprite, 'sprite' ),
		counts:
			props.counts === null || props.counts === undefined
				? null
				: {
						url: asUrl(
							asRecord( props.counts, 'counts' ).url,
							'counts.url'
						),
						action: asString(
							asRecord( props.counts, 'counts' ).action,
							'counts.action'
						),
				  },
		i18n: Object.fromEntries(
			STRINGS.map( ( key ) => [ key, asString( i18n[ key ], key ) ] )
		) as unknown as ShareStrings,
	};
}

const island: IslandDefinition< ShareProps > = {
	component: Share,
	parseProps: parseShareProps,
};
export default island;
