import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { type Config, ConfigError } from './config.ts';
import { type Db, isDatabaseUnavailable, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './libraries/demo-seed.ts';
import { createLogger } from './plugins/logger.ts';
import { runtimeConfig } from './runtime.ts';

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
async function prepareDatabase(config: Config, database: Db, log: FastifyBaseLogger): Promise<string[]> {
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
    return await migrate(config, database, log);
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

/**
 * Stops accepting connections, lets the requests in flight finish (what arrives meanwhile on a
 * kept-alive connection is answered with 1000503, and every answer closes its connection), runs the
 * app's onClose hooks (message delivery, Redis), closes the database and exits. If that takes longer
 * than SHUTDOWN_TIMEOUT_SECONDS, the process exits anyway, with status 1.
 */
async function shutDown(app: FastifyInstance, database: Db, config: Config, signal: string): Promise<never> {
  const seconds = config.shutdownTimeoutMs / 1000;
  app.log.info(`${signal} received: draining, for at most ${seconds} s`);
  setTimeout(() => {
    app.log.error(`shutdown did not finish within ${seconds} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('closed');
  process.exit(0);
}

async function main() {
  const config = runtimeConfig();
  const log = createLogger(config.logLevel);
  const database = openDatabase(config.database, {
    log,
    connectTimeoutMs: config.databaseTimeoutMs,
    statementTimeoutMs: config.databaseTimeoutMs,
    idleTransactionTimeoutMs: config.requestTimeoutMs,
  });
  const applied = await prepareDatabase(config, database, log);
  const app = await buildApp({ config, database, logger: log });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (!config.webDist)
    app.log.warn('web app not built (apps/web/dist missing): serving the API only; run `npm run build`');

  // the demo tenant, only on the first start of an empty embedded database, never in production
  if (config.database.kind === 'sqlite' && !config.production && applied.includes('0001-initial')) {
    const demo = await seedDemo(app.ctx);
    if (demo.created) {
      const lines = demo.accounts.map(
        (a) => `    account ${a.account} / password ${a.password}  (phone ${a.phone}, email ${a.email})`,
      );
      // plain text on purpose: this is the quick start's instruction to a person, not a log record
      console.log(
        `\nDemo tenant created. Open ${config.publicUrl} and sign in with the Account tab:\n${lines.join('\n')}\n`,
      );
    }
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // once: the same signal again ends the process at once (a second Ctrl-C)
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void shutDown(app, database, config, signal);
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `portal ready at ${config.publicUrl}${config.devOutbox ? ' (development outbox on: /api/dev/outbox?to=)' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
