import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../app-error.ts';
import type { Config } from '../config.ts';
import { statementName } from './named-statements.ts';
import type { Database } from './schema.ts';
import { partialIndexColumns, steadyPlan } from './steady-plans.ts';

export type Engine = 'sqlite' | 'postgres';
/** PostgreSQL's connection pool at one moment: connections open, of which idle, and queries waiting
 *  for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  /** Null on SQLite, whose one connection is not pooled. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Where lost connections are reported; without it they are dropped silently (still without harm). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** How long a connection may take to open. */
  connectTimeoutMs?: number;
  /** How long one statement may run (or wait for SQLite's write lock). None for the command line and
   *  migrations, which may rightly run longer than any request. */
  statementTimeoutMs?: number;
  /** A transaction idle this long belongs to a request that has been given up on: PostgreSQL ends
   *  its session, so that its locks do not outlive it. */
  idleTransactionTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** SQLite's wait for the write lock when no statement limit is given, as it always was. */
const DEFAULT_SQLITE_BUSY_MS = 5_000;
/** SQLite's own wait for a lock, which holds the event loop: long enough for a checkpoint or another
 *  process's short commit, and the longest pause any request sees. Longer waits are the driver's, off
 *  the loop. */
const SQLITE_BLOCKING_BUSY_MS = 3;
/** The first and the longest pause between tries for a lock held by another process. */
const SQLITE_RETRY_FIRST_MS = 2;
const SQLITE_RETRY_MAX_MS = 50;
/** The client-side limit exceeds the server-side one, so that a slow statement ends with the server's
 *  clean cancellation, and only a database that does not answer at all meets the client's. */
const QUERY_TIMEOUT_GRACE_MS = 1_000;
/** PostgreSQL connections per server process. Two per core kept the cores as busy in the bench, but
 *  four here let the pool's queue (ten statements a connection) refuse a burst of 50 guesses at one
 *  code with 1000503 (reliability/throttle-races): ten, so that such a burst waits its turn. */
export const POSTGRES_POOL_SIZE = 10;
/** Statements that may wait for each connection of the pool: a few milliseconds each. */
const POOL_QUEUE_PER_CONNECTION = 10;
/** Asked of a client turned away while the pool's queue is full: it empties within seconds. */
const RETRY_AFTER_MS = 5_000;

/** 1000503 for a load the database cannot serve in time: a refusal of the moment, not an outage, so
 *  it is answered without a log line (thousands of them would add to the load). */
const overloaded = () => new AppError(ErrorCode.ServiceUnavailable, null, { retryAfterMs: RETRY_AFTER_MS });
/** Probes of idle connections, so that a peer that vanished without a reset is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

// int8 columns hold epoch milliseconds, well inside Number's exact range
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** SQLSTATEs of a database that is going away, starting, overloaded or too slow, rather than of a bad
 *  statement: admin_shutdown, crash_shutdown, cannot_connect_now, query_canceled (the statement
 *  timeout), too_many_connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** pg and pg-pool report their own timeouts and a lost connection with these messages and no code. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
];

/**
 * Whether an error says that the database cannot be reached or did not answer in time (worth a
 * retry shortly), as opposed to a fault of the statement or of the data.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATES.has(code) || NETWORK_ERRORS.has(code)) return true;
      // class 08: connection exception
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
      if (code.startsWith('SQLITE_BUSY')) return true;
    }
    if (PG_CONNECTION_MESSAGES.some((message) => current.message.includes(message))) return true;
  }
  return false;
}

/**
 * A result whose rows pg no longer holds. With pg's client-side deadline (`query_timeout`) each query
 * is tied to a timer, and the rows pg collects into its result outlive the young generation's
 * collections though they are soon garbage: they are moved to the old generation, which grows by
 * every row read until a full collection (a heap profile of a 1M-event audit export: nine tenths
 * of what only full collections reclaimed were pg's rows, 150 MiB of growth). In an array of their
 * own, handed on while pg's is emptied, they die young. Several statements in one text answer
 * with one result each, which are handed on as they are.
 */
function rowsOfTheirOwn(result: pg.QueryResult): pg.QueryResult {
  if (Array.isArray(result)) return result;
  const { rows } = result;
  result.rows = [];
  return { ...result, rows };
}

/**
 * Kysely's view of the pool. A connection that failed while lent out (lost, or a statement without
 * an answer in time) is handed back as broken, so that the pool closes it instead of lending it to the
 * next request: pg keeps a connection whose statement it stopped waiting for, stuck behind it. Later
 * statements on it (the ROLLBACK of its transaction) fail at once with the same error.
 */
function discardingBrokenConnections(pool: pg.Pool, maxWaiting: number): PostgresPool {
  return {
    async connect() {
      // a longer queue is not served in time: each waiting request would take its turn only to run out
      // of time on its next statement, and none would be answered; refused at once, the rest are
      if (pool.waitingCount >= maxWaiting) throw overloaded();
      const client = await pool.connect();
      let failure: Error | undefined;
      const onError = (error: Error) => void (failure ??= error);
      client.on('error', onError);
      let stale = false;
      const lent = {
        async query(text: string, parameters: readonly unknown[]) {
          if (failure) throw failure;
          const values = [...parameters];
          const name = stale ? undefined : statementName(text);
          try {
            return rowsOfTheirOwn(await (name ? client.query({ name, text, values }) : client.query(text, values)));
          } catch (error) {
            if (isDatabaseUnavailable(error)) failure ??= error as Error;
            // a migration changed a table under a statement this connection keeps prepared: the
            // statement runs unprepared, and the connection is closed when it is handed back
            if (name && (error as { code?: unknown }).code === CACHED_PLAN_CHANGED) {
              stale = true;
              return rowsOfTheirOwn(await client.query(text, values));
            }
            throw error;
          }
        },
        release() {
          client.off('error', onError);
          client.release(failure ?? stale);
        },
      };
      // Kysely passes a cursor only when it is given a cursor class to stream with, and it is given none
      return lent as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
    // what Kysely cancels a statement with (a connection of its own, on the pool's settings)
    // (pg-pool sets Client on every pool; @types/pg does not declare it)
    Client: (pool as unknown as Pick<PostgresPool, 'Client'>).Client,
    options: pool.options,
  };
}

/** feature_not_supported: "cached plan must not change result type", from a statement prepared before
 *  a migration changed a table it reads. */
const CACHED_PLAN_CHANGED = '0A000';

/** Enough for every statement the server writes (a few per distinct `in (...)` length included);
 *  beyond it the least recently used is dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement it runs, and preparing costs more than running a
 * short one. The connection is the only one and Kysely lends it to one query at a time, so a prepared
 * statement can be kept by its SQL text and run again (SQLite re-prepares it by itself after a schema
 * change), with its parameters written so that SQLite does not plan it again at each run
 * (steady-plans.ts).
 */
export function reusingStatements(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  // read again outside transactions only: the dialect's transactions hold the write lock from their
  // start, but in one begun deferred on the connection a read would take its snapshot before its first
  // write, which then fails at once (SQLITE_BUSY_SNAPSHOT) if another process wrote in between
  let conditionColumns = partialIndexColumns(sqlite);
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // a Map iterates in insertion order: re-inserting keeps the oldest use first
        statements.delete(text);
      } else {
        if (!sqlite.inTransaction) conditionColumns = partialIndexColumns(sqlite);
        statement = sqlite.prepare(steadyPlan(text, conditionColumns));
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
    close: () => void sqlite.close(),
  };
}

/**
 * SQLite's connection, trying a statement again while another process holds the lock it needs
 * (SQLITE_BUSY) for up to `waitMs`, with growing pauses between tries. SQLite's own busy wait would
 * sleep on the event loop, and every other request with it. The extended codes (SQLITE_BUSY_SNAPSHOT:
 * the transaction read data that has since changed) are not tried again: only a new transaction
 * could succeed.
 */
function waitingForLocks(connection: DatabaseConnection, waitMs: number): DatabaseConnection {
  return {
    async executeQuery(query) {
      const giveUpAt = performance.now() + waitMs;
      for (let pause = SQLITE_RETRY_FIRST_MS; ; pause = Math.min(pause * 2, SQLITE_RETRY_MAX_MS)) {
        try {
          // Kysely's SQLite connection throws synchronously: awaited here, inside the try
          return await connection.executeQuery(query);
        } catch (error) {
          const busy = (error as { code?: unknown }).code === 'SQLITE_BUSY';
          if (!busy || performance.now() + pause > giveUpAt) throw error;
          await sleep(pause);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Kysely's SQLite dialect whose one connection waits for other processes' locks off the event loop. */
class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    let connection: DatabaseConnection | undefined;
    // the driver lends its one connection to one query at a time; the wrapper is made once
    return {
      init: () => driver.init(),
      acquireConnection: async () => {
        const lent = await driver.acquireConnection();
        connection ??= waitingForLocks(lent, this.waitMs);
        return connection;
      },
      // a deferred transaction reads at a snapshot, and its first write fails at once when another
      // process wrote since (SQLITE_BUSY_SNAPSHOT); taking the write lock at its start waits instead
      beginTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('begin immediate'))),
      commitTransaction: (c) => driver.commitTransaction(c),
      rollbackTransaction: (c) => driver.rollbackTransaction(c),
      savepoint: (c, name, compile) => driver.savepoint!(c, name, compile),
      rollbackToSavepoint: (c, name, compile) => driver.rollbackToSavepoint!(c, name, compile),
      releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(c, name, compile),
      releaseConnection: (c) => driver.releaseConnection(c),
      destroy: () => driver.destroy(),
    };
  }
}

export function openDatabase(database: Config['database'], options: DatabaseOptions = {}): Db {
  const { log, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS, statementTimeoutMs, idleTransactionTimeoutMs } = options;
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      ...(statementTimeoutMs
        ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS }
        : {}),
      ...(idleTransactionTimeoutMs ? { idle_in_transaction_session_timeout: idleTransactionTimeoutMs } : {}),
    });
    // A connection reports its loss (reset, restart, pg_terminate_backend) as an 'error' event, lent out
    // or idle; without a listener that event ends the process. The request of the moment gets the error
    // through its statement, and the pool opens a new connection for the next one.
    pool.on('connect', (client) =>
      client.on('error', (error) => log?.warn({ err: error }, 'database connection lost; it will be replaced')),
    );
    // the pool repeats the error of an idle connection after removing it; its own listener has logged it
    pool.on('error', () => {});
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: discardingBrokenConnections(pool, POSTGRES_POOL_SIZE * POOL_QUEUE_PER_CONNECTION),
      }),
    });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine: 'postgres', poolStats, close: () => db.destroy() };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BLOCKING_BUSY_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  const dialect = new LockWaitingSqliteDialect(
    { database: reusingStatements(sqlite) },
    statementTimeoutMs ?? DEFAULT_SQLITE_BUSY_MS,
  );
  const db = new Kysely<Database>({ dialect });
  return { db, engine: 'sqlite', poolStats: () => null, close: () => db.destroy() };
}
