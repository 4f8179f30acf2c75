import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/plugins/logger.ts';
import { createTestDatabase } from './test-app.ts';

export interface TracedApp {
  app: FastifyInstance;
  /** Every line the app wrote, at every level. */
  lines: string[];
  close(): Promise<void>;
}

/**
 * An app on a database of its own whose log lines are all kept, at trace level, as production would
 * write them with its most talkative setting: for the tests that look for a secret in them.
 */
export async function startTracedApp(env: Record<string, string>, webDist: string | null = null): Promise<TracedApp> {
  const testDb = await createTestDatabase();
  await migrateToLatest(testDb.database);
  const lines: string[] = [];
  const app = await buildApp({
    config: loadConfig({ PASSWORD_HASH_COST: 'test', ...env }, webDist),
    database: testDb.database,
    logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
  });
  return {
    app,
    lines,
    async close() {
      await app.close();
      await testDb.database.close();
      await testDb.drop();
    },
  };
}
