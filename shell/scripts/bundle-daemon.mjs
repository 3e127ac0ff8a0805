// The daemon as the packaged app ships it (dist/daemon/, copied beside the app as a resource):
// the daemon's own two self-contained files (ringback.mjs, the CLI and hooks; daemon.mjs,
// everything else, loaded by path), without source maps. A packaged app has no node_modules,
// which the daemon's bundle does not need.
// Run by `npm run package` only.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDaemon } from '../../daemon/scripts/bundle.mjs';

// The output folder: shell/dist/daemon, or the one named on the command line.
const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/daemon', import.meta.url)));
await bundleDaemon({ outDir, sourcemap: false });
