import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/database.ts';
import { databaseThrottleStore } from '../src/libraries/platform/throttle-store.ts';

/**
 * What the server's libraries need to write beside a running server, as its command line does: the
 * server's configuration for its address and database (and `env`: any other setting the write reads),
 * and no metrics, messages or logs.
 */
export function fixtureContext(
  db: Pick<Db, 'db' | 'engine'>,
  server: { publicUrl: string; databaseUrl: string; env?: Record<string, string> },
) {
  return {
    config: loadConfig({
      ...server.env,
      PUBLIC_URL: server.publicUrl,
      DATABASE_URL: server.databaseUrl,
      LOG_LEVEL: 'silent',
    }),
    db: db.db,
    engine: db.engine,
    log: pino({ level: 'silent' }),
    now: Date.now,
    throttles: databaseThrottleStore(db),
  } satisfies AppContext;
}
