import type { IslandDefinition } from '../runtime/types';
import {
	asNumber,
	asRecord,
	asString,
	asStrings,
	asUrl,
} from '../shared/props';
import { Share } from './Share';
import type {
	CollectConfig,
	ShareProps,
	ShareService,
	ShareStrings,
} from './types';

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
];

function parseCollect( raw: unknown ): CollectConfig | null {
	if ( raw === null || raw === undefined ) {
		return null;
	}
	const collect = asRecord( raw, 'counts.collect' );
	if ( ! Array.isArray( collect.networks ) ) {
		throw new TypeError( 'counts.collect.networks must be a list' );
	}
	return {
		networks: collect.networks.map( ( entry, i ) => {
			const network = asRecord( entry, `networks[${ i }]` );
			return {
				id: asString( network.id, 'id' ),
				url: asUrl( network.url, 'url' ),
				path: asString( network.path, 'path' ),
				action: asString( network.action, 'action' ),
			};
		} ),
		nonce: asString( collect.nonce, 'counts.collect.nonce' ),
		delay: asNumber( collect.delay, 'counts.collect.delay', { min: 0 } ),
		interval: asNumber( collect.interval, 'counts.collect.interval', {
			min: 0,
		} ),
	};
}

function parseCounts( raw: unknown ): ShareProps[ 'counts' ] {
	if ( raw === null || raw === undefined ) {
		return null;
	}
	const counts = asRecord( raw, 'counts' );
	return {
		url: asUrl( counts.url, 'counts.url' ),
		action: asString( counts.action, 'counts.action' ),
		lang: asString( counts.lang ?? '', 'counts.lang' ),
		collect: parseCollect( counts.collect ),
	};
}

/** A string a service may leave out: its link template, a federated network's default instance. */
const optionalString = ( value: unknown, name: string ) =>
	value === undefined ? undefined : asString( value, name );

function parseService( raw: unknown, index: number ): ShareService {
	const service = asRecord( raw, `services[${ index }]` );
	const action = service.action;
	if (
		action !== undefined &&
		action !== 'print' &&
		action !== 'copy' &&
		action !== 'native'
	) {
		throw new TypeError( `services[${ index }].action is unknown` );
	}
	return {
		id: asString( service.id, 'id' ),
		title: asString( service.title, 'title' ),
		template: optionalString( service.template, 'template' ),
		action,
		instance: optionalString( service.instance, 'instance' ),
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
		more: Array.isArray( props.more )
			? props.more.map( ( id, i ) => asString( id, `more[${ i }]` ) )
			: [],
		sprite: asUrl( props.sprite, 'sprite' ),
		counts: parseCounts( props.counts ),
		offset: asNumber( props.offset, 'offset', { fallback: 0 } ),
		i18n: asStrings( props.i18n, 'i18n', STRINGS ) as ShareStrings,
	};
}

const island: IslandDefinition< ShareProps > = {
	component: Share,
	parseProps: parseShareProps,
};
export default island;
