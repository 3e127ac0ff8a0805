// Bundles the desktop shell into two CommonJS files Electron loads without node_modules:
// - dist/main.cjs: the main process, with our workspaces bundled in;
// - dist/preload.cjs: the preload. A sandboxed preload cannot load modules, so it must be one
//   CommonJS file whose only require is `electron`.
// Needs no Electron binary: `npm test` builds it on machines that have none.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The output folder: dist, or the one named first on the command line (a test builds into a temp dir).
const outDir = process.argv[2] ?? 'dist';

const common = {
  bundle: true,
  format: 'cjs',
  external: ['electron'],
  sourcemap: false,
  logLevel: 'warning',
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/main/main.ts'],
    outfile: `${outDir}/main.cjs`,
    platform: 'node',
    // Electron 41 runs Node 24.
    target: 'node22',
  }),
  build({
    ...common,
    entryPoints: ['src/preload/preload.ts'],
    outfile: `${outDir}/preload.cjs`,
    platform: 'browser',
    target: 'chrome130',
  }),
]);
