// The "ensure" step shared by `npm start`, `npm test` and `npm run bench`: it installs whatever is
// missing and makes a seeded site, each step skipped when already done. Each step lives in the
// module named for its concern; this one only puts them in order.
import { ensurePhp } from './php.mjs';
import { ensureNodeModules, ensureComposer } from './dependencies.mjs';
import { ensureWordPress } from './wordpress.mjs';
import { ensureSiteFiles } from './site-files.mjs';
import { ensureBuild } from './build.mjs';
import { ensureSeededSite } from './seed.mjs';

export function ensureAll( {
	seedCount,
	build = true,
	forceBuild = false,
} = {} ) {
	ensurePhp();
	ensureNodeModules();
	ensureComposer();
	ensureWordPress();
	ensureSiteFiles();
	if ( build ) {
		ensureBuild( { force: forceBuild } );
	}
	// DB and WP_VERSION (paths.mjs) pick the engine and the core; on MariaDB this starts the server.
	return ensureSeededSite( { seedCount } );
}
