import { defineConfig } from 'vitest/config';

// API tests run on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: databases.map((db) => ({
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
    passWithNoTests: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
