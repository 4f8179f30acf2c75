import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { ensureKeys } from '../libraries/openid/signing-keys.ts';
import { type Db, isDatabaseUnavailable, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const DATABASE_RETRY_MS = 1_000;

/** The database as configured, without its password: for the messages of start-up. */
function describeDatabase(database: Config['database']): string {
  if (database.kind === 'sqlite') return `sqlite:${database.file}`;
  const url = new URL(database.url);
  url.username = '';
  url.password = '';
  return url.toString();
}

/**
 * Start-up waits for the database (it may be starting too, after a restart of both) and applies the
 * migrations; if that takes longer than STARTUP_TIMEOUT_SECONDS the process ends with one line that
 * names the database, instead of hanging without a word. Errors that show the database reachable
 * but refusing (a wrong password, no such database) end the start at once.
 */
export async function prepareDatabase(config: Config, database: Db, log: FastifyBaseLogger): Promise<string[]> {
  let waitingFor = 'did not answer';
  let lastError = '';
  const abandon = setTimeout(() => {
    const seconds = config.startupTimeoutMs / 1000;
    const detail = lastError ? `; last error: ${lastError}` : '';
    console.error(
      `Start-up abandoned: the database ${describeDatabase(config.database)} ${waitingFor} within ${seconds} s (STARTUP_TIMEOUT_SECONDS${detail})`,
    );
    process.exit(1);
  }, config.startupTimeoutMs);
  try {
    for (;;) {
      try {
        await sql`select 1`.execute(database.db);
        break;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        if (!lastError) log.warn({ err: error }, 'the database does not answer yet; waiting for it');
        lastError = error instanceof Error ? error.message : String(error);
        await sleep(DATABASE_RETRY_MS);
      }
    }
    waitingFor = 'did not finish the migrations';
    const applied = await migrate(config, database, log);
    // the OpenID provider's keys, before the server listens: made on the first request instead, they
    // would hold it (and the requests beside it) for the second an RSA key takes
    waitingFor = "did not store the OpenID provider's keys";
    await ensureKeys({ db: database.db, config, now: Date.now });
    return applied;
  } finally {
    clearTimeout(abandon);
  }
}

/** Migrations may rightly run longer than any request: on PostgreSQL they get connections of their
 *  own, without the statement limits. SQLite's one connection has no limit but its lock wait. */
async function migrate(config: Config, database: Db, log: FastifyBaseLogger): Promise<string[]> {
  if (config.database.kind !== 'postgres') return migrateToLatest(database);
  const unlimited = openDatabase(config.database, { log, connectTimeoutMs: config.databaseTimeoutMs });
  try {
    return await migrateToLatest(unlimited);
  } finally {
    await unlimited.close();
  }
}
