#!/usr/bin/env node
// The `ringback` command as npm links it (`npx ringback`). npm links a bin only if its file
// exists at install time, before `prepare` has built dist/, so this committed launcher stands
// in for the bundle. Agents' hooks run dist/ringback.mjs directly.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/ringback.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('ringback is not built yet: run `npm run build` in the checkout\n');
  process.exit(1);
}
await import(bundle.href);
