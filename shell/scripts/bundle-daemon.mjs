// The daemon as the packaged app ships it (dist/daemon/, copied beside the app as a resource):
// the same two files as daemon/dist (ringback.mjs, the CLI and Stop hook; daemon.mjs, everything
// else, loaded by path), but with every third-party package bundled in, because a packaged app
// has no node_modules for the login service's `node ringback.mjs run` to load them from.
// Run by `npm run package` only: the daemon's own build stays as it is.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const daemonDir = fileURLToPath(new URL('../../daemon/', import.meta.url));
// The output folder: shell/dist/daemon, or the one named on the command line.
const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/daemon', import.meta.url)));
const common = {
  absWorkingDir: daemonDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/cli/entry.ts'],
    outfile: join(outDir, 'ringback.mjs'),
    banner: { js: '#!/usr/bin/env node' },
    external: ['./daemon.mjs'],
  }),
  build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: join(outDir, 'daemon.mjs'),
    // CommonJS packages (ws, fastify's helpers) call require(); ESM output has none of its own.
    banner: {
      js: "import { createRequire as __ringbackRequire } from 'node:module'; const require = __ringbackRequire(import.meta.url);",
    },
  }),
]);
