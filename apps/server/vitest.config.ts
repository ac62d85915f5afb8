import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // PostgreSQL's own machinery (notifications, leases) is tested in the PostgreSQL run only.
    include: [
      'src/**/*.test.ts',
      'test/*.test.ts',
      ...(process.env.TEST_DATABASE_URL ? ['test/postgres/*.test.ts'] : []),
    ],
    // Who may call what is decided before any statement runs (plugins/access.ts and each route's
    // own-data checks): the access matrix, a minute of the run, proves the same on both databases.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? ['test/access-matrix.test.ts'] : []),
    ],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
