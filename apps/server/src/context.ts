import type { BaseLogger } from 'pino';
import type { LoginRequest } from '@portal/shared/api/auth';
import type { ProductCode } from '@portal/shared/products';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { OutboxTopic } from './db/schema.ts';
import type { ThrottleStore } from './libraries/platform/throttle-store.ts';
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
  /** One try of an outbox row (a message, a webhook delivery): done, due again, or given up. */
  outboxTry(topic: OutboxTopic, outcome: 'delivered' | 'retry' | 'dead'): void;
  /** A request refused by one of the throttles, by the name of the limit. */
  throttled(limit: string): void;
  /** The OpenID provider: a product's sign-in (by client), a token issued (by grant type), a refresh
   *  refused (by client). */
  openid(event: 'sign-in' | 'token' | 'refresh-failure', label: string): void;
}

/** How libraries and the messaging log: pino's levels, on the request's line (with its id) or the
 *  app's. */
export type Logger = Pick<BaseLogger, 'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>;

/** Ends the sessions the products opened through the OpenID provider: told after the portal's own
 *  change has been written, it sends the back-channel logouts in the background. */
export interface ProductSessions {
  /** The product sessions begun in a portal session that was signed out or revoked. */
  endForPortalSession(portalSessionId: number): void;
  /** The same for many portal sessions at once (the person signed out all others): set-based, in
   *  bounded steps. */
  endForPortalSessions(portalSessionIds: number[]): void;
  /** The same, waited for (the operator's command line that removed a support person ends when
   *  their products are told); answers how many products were told. */
  endForPortalSessionsNow(portalSessionIds: number[]): Promise<number>;
  /** Every product session of a person (their password changed or was reset). */
  endForUser(userId: number): void;
  /** A person's product sessions in one company (they were removed from it). */
  endForMember(userId: number, enterpriseId: number): void;
  /** Every product session of these products in a company that lost their right, waited for (the
   *  operator's command line ends when they are ended); answers how many products were told. */
  endForCompanyProducts(enterpriseId: number, productCodes: ProductCode[]): Promise<number>;
}

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
  /** The server's messages through the outbox, for security notifications (libraries/account-security/security-notices.ts); absent
   *  outside the server (the command line), where nobody is notified. */
  messenger?: Messenger;
  /** The outbox's worker in this process, told when a row was written so that it looks at once;
   *  absent outside the server (the command line): the server's poll finds what it writes. */
  outbox?: { nudge(): void };
  /** The OpenID provider's sessions of the products; absent outside the server (the command line). */
  productSessions?: ProductSessions;
  now(): number;
}
