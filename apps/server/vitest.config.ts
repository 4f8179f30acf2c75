import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // argon2 and real databases: generous per-test time on a 2-core machine
    testTimeout: 10_000,
    hookTimeout: 60_000,
  },
});
