// Bundles the daemon into two files, with every third-party package inside:
// - ringback.mjs: the CLI entry. It holds the hooks and imports only Node built-ins, so
//   `ringback hook …` starts as fast as bare node and survives deleted node_modules.
//   Every other command loads daemon.mjs on demand, by path.
// - daemon.mjs: everything else. Bundled whole, it starts about a second sooner than when it
//   loads its packages from node_modules (TypeBox alone is some 700 ES modules, each resolved and
//   compiled on its own), and it runs where there is no node_modules (the packaged app).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const daemonDir = fileURLToPath(new URL('..', import.meta.url));

/** Writes ringback.mjs and daemon.mjs into `outDir` (with source maps when asked). */
export async function bundleDaemon({ outDir, sourcemap }) {
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
      sourcemap: sourcemap ? 'linked' : false,
      // CommonJS packages (ws, fastify's helpers) call require(); ESM output has none of its own.
      banner: {
        js: "import { createRequire as __ringbackRequire } from 'node:module'; const require = __ringbackRequire(import.meta.url);",
      },
    }),
  ]);
}
