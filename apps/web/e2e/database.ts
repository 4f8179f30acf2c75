import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { type Db, openDatabase } from '../../server/src/db/database.ts';
import type { Database } from '../../server/src/db/schema.ts';

/**
 * The running e2e server's database, for setting a scene faster than its screens would (people,
 * product rights, an expired link) or for ageing what no clock of the test can move. SQLite lets this
 * process write beside the server: each writer waits its turn for the lock.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const DATABASE = fileURLToPath(new URL(`../test-results/e2e-${PORT}.db`, import.meta.url));

let opened: Db | undefined;

/** One connection for the whole worker, opened on first use. */
export function database(): Kysely<Database> {
  return connection().db;
}

/** The connection with its engine, for the server's helpers that take both (a company transaction). */
export function connection(): Db {
  opened ??= openDatabase({ kind: 'sqlite', file: DATABASE });
  return opened;
}
