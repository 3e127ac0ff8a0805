// Bundles the daemon into two files:
// - dist/ringback.mjs: the CLI entry. It holds the Stop hook and imports only Node built-ins,
//   so `ringback hook …` starts as fast as bare node and survives deleted node_modules.
//   Every other command loads dist/daemon.mjs on demand.
// - dist/daemon.mjs: everything else; third-party packages stay external (node_modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Our own workspaces are bundled in; third-party packages stay in node_modules (CommonJS
// packages such as ws cannot be bundled into ESM). The relay is not among them: it is a process
// of its own (relay/dist/relay.mjs) that `ringback relay` and `ringback up` start.
const thirdParty = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@ringback/'));
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/cli/entry.ts'],
    outfile: 'dist/ringback.mjs',
    banner: { js: '#!/usr/bin/env node' },
    // Only built-ins may be imported; daemon.mjs is loaded at run time by path.
    external: ['./daemon.mjs'],
    sourcemap: false,
  }),
  build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/daemon.mjs',
    external: thirdParty,
  }),
]);
