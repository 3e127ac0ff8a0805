import { defineConfig } from 'vitest/config';

/**
 * Two test files at a time. On the 2-core machines the suite runs on, vitest's default is one
 * (cores − 1), which leaves a core idle while a cross-process test waits on its relay, daemon or
 * browser; two keep both cores busy and put the suite within its 20 minutes.
 */
const FILES_AT_ONCE = 2;

/**
 * Packages every test file loads, pre-bundled once per run by esbuild. A test file runs in a fresh
 * process, and loading these from node_modules costs it about a second of CPU (TypeBox alone is some
 * 700 ES modules, each resolved and compiled on its own); bundled, a fraction of that.
 */
const PREBUNDLED = [
  'typebox',
  'typebox/compile',
  '@fastify/type-provider-typebox',
  'fastify',
  'openai',
  'undici',
  'msw',
  'msw/node',
];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
    // A PostgreSQL server for the relay's PostgreSQL tests when none is named (see the file).
    globalSetup: ['test/src/support/postgres-global-setup.ts'],
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['*/src/**/*.test.ts', '*/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**', 'test/src/**'],
          // A unit test runs in milliseconds; this is a backstop for a machine busy with other work.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cross-process',
          include: ['test/src/**/*.test.ts'],
          // Real processes and a real browser on a busy 2-core machine: every step waits for its
          // condition with its own deadline, and this total only stops a test that hangs. It is
          // sized so that a slow machine never reaches it while the steps still make progress.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll waits for a page or a process to change; its 1 s default is a fixed total
          // that a busy machine exceeds.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
