// The daemon's build: dist/ringback.mjs and dist/daemon.mjs (see bundle.mjs).
import { fileURLToPath } from 'node:url';
import { bundleDaemon } from './bundle.mjs';

await bundleDaemon({ outDir: fileURLToPath(new URL('../dist', import.meta.url)), sourcemap: true });
