import { defineConfig } from 'vitest/config';

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
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
