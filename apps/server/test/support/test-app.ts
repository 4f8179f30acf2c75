import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { type Db, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { reportUndeclaredCode } from './undeclared-codes.ts';

/** The engine under test: PostgreSQL when DATABASE_URL names one (CI's second run), else SQLite. */
export const ENGINE = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: Db;
  config: Config['database'];
  drop(): Promise<void>;
}

/** A database of its own for one test file: a temporary SQLite file, or `portal_test_<random>` on
 *  the PostgreSQL server, dropped afterwards so that runs never see each other's data. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (ENGINE === 'postgres' && adminUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = { kind: 'postgres' as const, url: url.toString() };
    return {
      database: openDatabase(config),
      config,
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        // pg's pool.end() resolves before its clients have closed their sockets; a forced drop while
        // they close kills them with 57P01, which surfaces as an unhandled error of the test file
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = { kind: 'sqlite' as const, file: join(dir, 'portal.db') };
  return { database: openDatabase(config), config, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestApp {
  app: FastifyInstance;
  /** Moves the app's clock forward: sessions, codes and links expire without waiting. */
  clock: { advance(ms: number): void };
  database: Db;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** The test apps' configuration: codes in the development outbox, no log, and password hashes next to
 *  free (password-cost.test.ts proves the production cost). */
const TEST_ENV = { PORTAL_DEV_OUTBOX: '1', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' };
/** An app configured as production hashes as production does: the cheap cost is refused there. */
const testEnvFor = (env: Record<string, string>) =>
  env.NODE_ENV === 'production' ? { ...TEST_ENV, PASSWORD_HASH_COST: 'standard', ...env } : { ...TEST_ENV, ...env };

export async function startTestApp(
  env: Record<string, string> = {},
  webDist: string | null = null,
  /** Sees every statement the app runs (support/statements.ts). */
  observer?: KyselyPlugin,
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  await migrateToLatest(testDb.database);
  let offset = 0;
  const app = await buildApp({
    config: loadConfig(testEnvFor(env), webDist),
    database: observer ? { ...testDb.database, db: testDb.database.db.withPlugin(observer) } : testDb.database,
    now: () => Date.now() + offset,
    logger: false,
    onUndeclaredCode: reportUndeclaredCode,
  });
  return {
    app,
    clock: { advance: (ms) => void (offset += ms) },
    database: testDb.database,
    testDb,
    async close() {
      await app.close();
      await testDb.database.close();
      await testDb.drop();
    },
  };
}

/** A second app on the same database, as after a restart of the server. */
export async function restartApp(previous: TestApp): Promise<FastifyInstance> {
  return buildApp({
    config: loadConfig(TEST_ENV, null),
    database: openDatabase(previous.testDb.config),
    logger: false,
    onUndeclaredCode: reportUndeclaredCode,
  });
}

/** Another server process on the same database, running beside the first one with a clock of its own. */
export async function startSideApp(
  previous: TestApp,
  env: Record<string, string> = {},
): Promise<Pick<TestApp, 'app' | 'clock'> & { close(): Promise<void> }> {
  let offset = 0;
  const database = openDatabase(previous.testDb.config);
  const app = await buildApp({
    config: loadConfig(testEnvFor(env), null),
    database,
    now: () => Date.now() + offset,
    logger: false,
    onUndeclaredCode: reportUndeclaredCode,
  });
  return {
    app,
    clock: { advance: (ms) => void (offset += ms) },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
