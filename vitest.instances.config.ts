import { defineConfig } from 'vitest/config';

// The two-instance check (e2e/instances): the built server, twice, on PostgreSQL and Redis.
export default defineConfig({
  test: {
    include: ['e2e/instances/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
