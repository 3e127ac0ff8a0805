// Bundles the relay into dist/relay.mjs, its own process: `ringback relay` and `ringback up`
// start it, so the daemon never carries the relay or SQLite. Third-party packages stay in
// node_modules (better-sqlite3 is native; CommonJS packages cannot be bundled into ESM).
// The thread that encrypts and sends Web Push requests is bundled beside it (dist/push-sender-thread.mjs),
// where src/push/push-sender.ts looks for it once built.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { relay: 'src/cli/entry.ts', 'push-sender-thread': 'src/push/push-sender-thread.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@ringback/')),
});
