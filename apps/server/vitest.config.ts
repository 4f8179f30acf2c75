import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // a test whose calls answer codes their declarations do not list fails
    setupFiles: ['./test/support/undeclared-codes.ts'],
    // argon2 and real databases: generous per-test time on a 2-core machine
    testTimeout: 10_000,
    hookTimeout: 60_000,
  },
});
