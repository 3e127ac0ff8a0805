// Bundles the relay into dist/relay.mjs, its own process: `ringback relay` and `ringback up`
// start it, so the daemon never carries the relay or SQLite. Third-party packages are bundled in:
// loaded from node_modules they cost about a second of CPU at every start (TypeBox alone is some
// 700 ES modules, each resolved and compiled on its own). better-sqlite3 stays in node_modules
// (it finds its native addon beside its own files), and pg's optional native driver is never used.
// The thread that encrypts and sends Web Push requests is bundled beside it (dist/push-sender-thread.mjs),
// where src/push/push-sender.ts looks for it once built.
import { build } from 'esbuild';

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
  banner: {
    // CommonJS packages (fastify's helpers, pg, web-push) call require(); ESM output has none.
    js: "#!/usr/bin/env node\nimport { createRequire as __ringbackRequire } from 'node:module'; const require = __ringbackRequire(import.meta.url);",
  },
  external: ['better-sqlite3', 'pg-native'],
});
