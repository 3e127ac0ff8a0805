import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*/src/**/*.test.ts', '*/src/**/*.test.tsx', 'test/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A PostgreSQL server for the relay's PostgreSQL tests when none is named (see the file).
    globalSetup: ['test/src/support/postgres-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
