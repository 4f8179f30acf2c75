import type { BaseLogger } from 'pino';
import type { LoginRequest } from '@portal/shared/api/auth';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ThrottleStore } from './libraries/throttle-store.ts';
import type { Messenger, OutgoingMessage } from './messaging/messenger.ts';

/** How a sign-in try ended: `failure` is a wrong password or code, or an unknown identifier. */
export type SignInOutcome = 'success' | 'failure' | 'disabled' | 'throttled';

/** The events the libraries count for the operators' metrics (plugins/metrics.ts). */
export interface Metrics {
  signIn(method: LoginRequest['loginType'] | 'passkey', outcome: SignInOutcome): void;
  /** A code's message handed over to its transport. */
  codeSent(channel: OutgoingMessage['channel']): void;
  /** One failed try of a transport (SMS provider, SMTP server), retried or not. */
  providerFailure(channel: OutgoingMessage['channel']): void;
  /** A request refused by one of the throttles, by the name of the limit. */
  throttled(limit: string): void;
}

/** How libraries and the messaging log: pino's levels, on the request's line (with its id) or the
 *  app's. */
export type Logger = Pick<BaseLogger, 'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>;

/** What libraries need from the running app; `now` is injectable so that tests can move time. */
export interface AppContext {
  config: Config;
  db: Db['db'];
  engine: Db['engine'];
  log: Logger;
  /** Throttling counters: the database, or Redis when configured. */
  throttles: ThrottleStore;
  /** Only when the server exposes metrics (METRICS_PORT or METRICS_TOKEN): otherwise, and outside the
   *  server (the command line), nothing is counted. */
  metrics?: Metrics;
  /** The server's delivery queue, for security notifications (libraries/security-notices.ts); absent
   *  outside the server (the command line), where nobody is notified. */
  messenger?: Messenger;
  now(): number;
}
