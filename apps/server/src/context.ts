import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ThrottleStore } from './libraries/throttle-store.ts';

/** What libraries need from the running app; `now` is injectable so that tests can move time. */
export interface AppContext {
  config: Config;
  db: Db['db'];
  engine: Db['engine'];
  log: FastifyBaseLogger;
  /** Throttling counters: the database, or Redis when configured. */
  throttles: ThrottleStore;
  now(): number;
}
