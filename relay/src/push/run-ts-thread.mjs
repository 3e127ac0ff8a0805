// Runs a TypeScript worker thread from source (tests and benchmarks run the relay with tsx or
// vitest, whose loaders do not reach worker threads). The built relay starts its bundled .mjs
// threads directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
