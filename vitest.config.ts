import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web app's aliases (vite.config.ts), for the unit tests of browser modules that need no DOM.
const resolve = {
  alias: {
    '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    '@': fileURLToPath(new URL('./src/web', import.meta.url)),
  },
};

// API tests run on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
// The fault project runs on both by itself (PostgreSQL cases skip, saying so, without TEST_DATABASE_URL).
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      ...databases.map((db) => ({
        resolve,
        test: {
          name: db,
          include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      })),
      // Crash and fault tests: real server child processes (tests/support/server-process.ts), one file
      // at a time and after the in-process projects, so the servers do not fight them for the cores.
      {
        test: {
          name: 'fault',
          include: ['tests/fault/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
    ],
    passWithNoTests: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
