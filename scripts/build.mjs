// `npm run build`: the release version written into the plugin, readme and theme (from
// package.json), then a fresh build of the islands and the editor script.
import { ensureNodeModules } from './lib/dependencies.mjs';
import { ensureBuild } from './lib/build.mjs';
import { exitWithError } from './lib/run.mjs';

try {
	ensureNodeModules();
	ensureBuild( { force: true, writeVersion: true } );
} catch ( error ) {
	exitWithError( error );
}
