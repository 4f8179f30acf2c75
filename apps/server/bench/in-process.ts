/**
 * The portal inside the bench's own process, as the server runs it (its PostgreSQL pool with the
 * configured statement timeout, its one SQLite connection), on a database of the bench's own, with
 * the client in the same process: any stall of the event loop shows in the client's latency. For the
 * cases that run the server's own libraries beside its calls (the purge) or seed through its fixtures.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { contract } from '@portal/shared/api/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, type Engine, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PASSWORD } from '../test/support/fixtures.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import { randomClientAddress } from './load.ts';

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface InProcessPortal {
  app: App;
  /** http://127.0.0.1:<port> */
  base: string;
  /** "SQLite" or "PostgreSQL", for the figures' names. */
  label: string;
  /** A connection of its own, without the server's statement timeout: seeds write millions of rows a
   *  statement. */
  seeder: Db;
  close(): Promise<void>;
}

export const engineLabel = (engine: Engine) => (engine === 'postgres' ? 'PostgreSQL' : 'SQLite');

/**
 * A migrated database of its own (`serverUrl` names the PostgreSQL server for 'postgres'), `seed` run on
 * it before the portal starts (rows with ids of their own go in before the portal adds any), then the
 * portal listening on a free port; `env` adds to its configuration.
 */
export async function startInProcessPortal(
  engine: Engine,
  serverUrl: string | undefined,
  seed?: (seeder: Db) => Promise<void>,
  env: Record<string, string> = {},
): Promise<InProcessPortal> {
  let bench: BenchDatabase;
  if (engine === 'postgres') {
    if (!serverUrl) throw new Error('PostgreSQL needs DATABASE_URL naming a server');
    bench = await temporaryPostgres(serverUrl);
  } else bench = temporarySqlite();
  const config = loadConfig(
    {
      DATABASE_URL: bench.url,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '127.0.0.1',
      PASSWORD_HASH_COST: 'test',
      // the cases run the purge themselves, not the timer
      PURGE_INTERVAL_MINUTES: '1440',
      ...env,
    },
    null,
  );
  const database = openDatabase(config.database, {
    connectTimeoutMs: config.databaseTimeoutMs,
    statementTimeoutMs: config.databaseTimeoutMs,
  });
  const seeder = openDatabase(config.database);
  const closeDatabases = async () => {
    await seeder.close();
    await database.close();
    await bench.drop();
  };
  try {
    await migrateToLatest(database);
    await seed?.(seeder);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      app,
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      label: engineLabel(engine),
      seeder,
      async close() {
        try {
          await app.close();
        } finally {
          await closeDatabases();
        }
      },
    };
  } catch (error) {
    await closeDatabases();
    throw error;
  }
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A call of the portal as a client from an address of its own makes it; its data, or it throws with
 *  the refusal. */
export async function call<T = unknown>(
  base: string,
  path: string,
  { token, method = 'GET', body }: { token?: string; method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      'x-forwarded-for': randomClientAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0) throw new Error(`${method} ${path} refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A password sign-in of a fixture's account (their PASSWORD): the session's token. */
export async function signInAs(base: string, account: string): Promise<string> {
  const data = await call<{ token: string }>(base, contract.login.path, {
    method: 'POST',
    body: { loginType: 'password', identifierType: 'account', identifier: account, password: PASSWORD },
  });
  return data.token;
}

/** `GET user/current` in a closed loop until `until` settles: each read's latency in ms. */
export async function readsUntil(base: string, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  const stop = () => void (done = true);
  // its failure is its awaiter's to handle
  void until.then(stop, stop);
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await call(base, contract.currentUser.path, { token });
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** `measure` `times` times in sequence after `warmup` unmeasured runs: each run's ms. */
export async function timeRuns(measure: () => Promise<unknown>, times: number, warmup = 2): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < warmup + times; i++) {
    const started = performance.now();
    await measure();
    if (i >= warmup) runs.push(performance.now() - started);
  }
  return runs;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const round = (value: number) => Math.round(value * 10) / 10;
