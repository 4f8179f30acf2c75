import { configDefaults, defineProject } from 'vitest/config';

/**
 * The reliability suite: the real server as its own process, over real HTTP, on the engine that
 * DATABASE_URL names (SQLite otherwise). Separate from `npm test` because it starts servers, kills
 * them and races them; `npm run test:reliability` runs it.
 */
export default defineProject({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    // several server processes of one installation need PostgreSQL and Redis (SQLite is refused with
    // more than one): those files belong to the run on PostgreSQL, which CI makes as well. The demo
    // tenant is the embedded database's: its first-start file belongs to the run on SQLite
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL?.startsWith('postgres')
        ? ['demo-first-start.test.ts']
        : [
            'multi-process.test.ts',
            'cluster-metrics.test.ts',
            'cluster-handoff.test.ts',
            'openid-processes.test.ts',
            'openid-client-auth-throttle.test.ts',
            'webhooks-processes.test.ts',
            'api-key-processes.test.ts',
            'company-write-processes.test.ts',
            'support-access-processes.test.ts',
          ]),
    ],
    globalSetup: ['support/build-server.ts'],
    environment: 'node',
    // each file starts servers of its own; two at a time on a 2-core machine
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
