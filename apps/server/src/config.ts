import { existsSync } from 'node:fs';
import { z } from 'zod';
import { HTTP_TIMEOUT_MS } from '@portal/shared/constants';
import { isProductCode } from '@portal/shared/products';
import { type AllowedHost, parseAllowedHosts } from './libraries/integrations/webhooks/allowed-hosts.ts';

/** Environment -> validated configuration. Operators' files set these names
 *  (docs/operators.md#configuration): renaming one breaks a deployment. */
/** A switch whose default depends on the environment: unset or empty leaves the choice to it. */
const optionalFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

/** An optional value whose empty form means unset, as a blank line in an env file gives it. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or postgres://...')
    .default('sqlite:./data/portal.db'),
  PUBLIC_URL: z.url().optional(),
  MAIN_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as example.com')
    .optional(),
  // unset or empty: the environment's default (on outside production)
  PORTAL_DEV_OUTBOX: optionalFlag,
  API_DOCS: optionalFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be smtp://... or smtps://...')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_WEBHOOK_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be redis://...')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'must be letters, digits, ":", "_" or "-"')
    .default('portal:'),
  TRUST_PROXY: z.string().optional(),
  METRICS_PORT: unsetWhenEmpty(z.coerce.number().int('must be a port number').min(1).max(65535)),
  METRICS_TOKEN: unsetWhenEmpty(
    z.string().regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 visible ASCII characters, without spaces'),
  ),
  TOTP_SECRET_KEY: unsetWhenEmpty(
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes: openssl rand -hex 32)'),
  ),
  // the OpenID provider's issuer, when it is not PUBLIC_URL (docs/openid-provider.md)
  OIDC_ISSUER: z.url().optional(),
  OIDC_KEYS_SECRET: unsetWhenEmpty(
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes: openssl rand -hex 32)'),
  ),
  // encrypts what the outbox keeps secret at rest: queued messages (codes) and webhook signing secrets
  OUTBOX_SECRET: unsetWhenEmpty(
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes: openssl rand -hex 32)'),
  ),
  // receivers a webhook may reach although their address is private: host[:port][@company|company],
  // comma-separated (libraries/integrations/webhooks/allowed-hosts.ts), read by loadConfig
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  // a webhook delivery still failing this long after its event is given up (dead; it can be sent again)
  WEBHOOK_GIVE_UP_HOURS: positive(72),
  // an endpoint whose deliveries have failed this long without one success is disabled
  WEBHOOK_DISABLE_AFTER_DAYS: positive(5),
  PRODUCT_URLS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {};
      try {
        const parsed = z.record(z.string(), z.string().min(1)).parse(JSON.parse(raw));
        const unknown = Object.keys(parsed).filter((code) => !isProductCode(code));
        if (unknown.length) throw new Error(`unknown product code ${unknown.join(', ')}`);
        return parsed;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `must be a JSON map of product code to URL (${String(error)})` });
        return z.NEVER;
      }
    }),
  SESSION_IDLE_HOURS: positive(12),
  SESSION_MAX_DAYS: positive(7),
  AUDIT_RETENTION_DAYS: positive(365),
  SESSION_RETENTION_DAYS: positive(30),
  PURGE_INTERVAL_MINUTES: positive(60),
  PHONE_CERTIFY_DEADLINE: z.iso.date('must be a date such as 2025-06-30').default('2025-06-30'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['lines', 'json']).optional(),
  REQUEST_TIMEOUT_SECONDS: positive(20).refine(
    (seconds) => seconds * 1000 < HTTP_TIMEOUT_MS,
    `must be below the web app's own limit of ${HTTP_TIMEOUT_MS / 1000} s, so that it receives the answer`,
  ),
  DATABASE_TIMEOUT_SECONDS: positive(5),
  STARTUP_TIMEOUT_SECONDS: positive(30),
  SHUTDOWN_TIMEOUT_SECONDS: positive(10),
  // `test` makes argon2 next to free for test runs; refused in production
  PASSWORD_HASH_COST: unsetWhenEmpty(z.enum(['standard', 'test'])),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number of server processes')
    .min(1, 'must be 1 or more server processes')
    .default(1),
});

export type Config = {
  production: boolean;
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  mainDomain: string | null;
  devOutbox: boolean;
  /** The OpenAPI description and its browser at /api/docs. */
  apiDocs: boolean;
  smtp: { url: string; from: string } | null;
  smsWebhookUrl: string | null;
  redisUrl: string | null;
  /** Namespaces this portal's keys, so that one Redis can serve several installations. */
  redisKeyPrefix: string;
  trustProxy: string | boolean;
  /** The Prometheus metrics on a listener of their own, never reachable through the public balancer. */
  metricsPort: number | null;
  /** The bearer token that /metrics asks for; with it /metrics also answers on the main port. */
  metricsToken: string | null;
  productUrls: Record<string, string>;
  /** The OpenID provider's issuer: PUBLIC_URL unless OIDC_ISSUER names another. */
  oidcIssuer: string;
  /** AES-256 key for the provider's signing keys at rest; null: stored as they are. */
  oidcKeysSecret: Buffer | null;
  /** AES-256 key for queued messages and webhook secrets at rest; null: stored as they are. */
  outboxSecret: Buffer | null;
  /** Receivers (host and port, for every company or some) a webhook may reach although their address is private. */
  webhookAllowedHosts: AllowedHost[];
  /** How long after its event a failing webhook delivery is given up. */
  webhookGiveUpMs: number;
  /** How long an endpoint may fail without one success before it is disabled and its company told. */
  webhookDisableAfterMs: number;
  /** AES-256 key for the authenticator secrets at rest; null: stored as they are. */
  totpSecretKey: Buffer | null;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** How long audit events, and ended sessions, are kept before the scheduled purge deletes them. */
  auditRetentionDays: number;
  sessionRetentionDays: number;
  purgeIntervalMinutes: number;
  /** Epoch ms at which uncertified accounts lose access (end of the deadline day, UTC+8). */
  phoneCertifyDeadline: string;
  phoneCertifyCutoffMs: number;
  logLevel: string;
  /** One short line a request for a person at a terminal, or JSON records for a collector (production's default). */
  logFormat: 'lines' | 'json';
  webDist: string | null;
  /** Every request is answered within this; work that takes longer is answered with 1000503. */
  requestTimeoutMs: number;
  /** How long the server waits for the database to connect, for one statement, or for SQLite's lock. */
  databaseTimeoutMs: number;
  /** How long start-up waits for the database before giving up. */
  startupTimeoutMs: number;
  /** How long a shutdown may drain before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Server processes on this machine, forked by the cluster primary (dist/cluster.js). */
  webConcurrency: number;
  /** argon2id's parameters for new password hashes: the OWASP minimum, or a cheap one for tests. */
  passwordHashCost: 'standard' | 'test';
};

export class ConfigError extends Error {}

/** Fewer distinct bytes than this in a 32-byte key: not the output of `openssl rand -hex 32` (which
 *  has some 30), but zeros, one byte repeated or a short pattern, which anyone may guess. */
const RANDOM_KEY_MIN_DISTINCT_BYTES = 16;

/** Why a production key is not one, or null: each key must be random, and the two must differ. */
function weakKey(name: string, hex: string, other: { name: string; hex: string | undefined }): string | null {
  const distinct = new Set(Buffer.from(hex, 'hex')).size;
  if (distinct < RANDOM_KEY_MIN_DISTINCT_BYTES)
    return `${name} is not a random key (${distinct === 1 ? 'one byte repeated' : `a pattern of ${distinct} distinct bytes`}): make one with openssl rand -hex 32`;
  if (other.hex?.toLowerCase() === hex.toLowerCase())
    return `${name} and ${other.name} are the same key: each needs its own (openssl rand -hex 32), so that one leaked does not open the other`;
  return null;
}

/** Why an address cannot be the portal's in production, or null: HTTPS, and nothing after the path
 *  (an issuer is compared as written: a query or fragment would be in every token's `iss`). */
function unfitAddress(name: string, url: string): string | null {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:')
    return `${name} must be an https:// address in production (got ${parsed.protocol}//): sessions, tokens and the OpenID provider's issuer depend on it`;
  if (parsed.search || parsed.hash || url.includes('?') || url.includes('#'))
    return `${name} must not have a query or fragment (${url}): it is the OpenID provider's issuer, compared as written`;
  return null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, webDist: string | null = null): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const database = e.DATABASE_URL.startsWith('sqlite:')
    ? { kind: 'sqlite' as const, file: e.DATABASE_URL.slice('sqlite:'.length) }
    : { kind: 'postgres' as const, url: e.DATABASE_URL };

  if (production) {
    if (e.PORTAL_DEV_OUTBOX) throw new ConfigError('PORTAL_DEV_OUTBOX is refused with NODE_ENV=production');
    if (!e.SMTP_URL || !e.MAIL_FROM) throw new ConfigError('NODE_ENV=production requires SMTP_URL and MAIL_FROM');
    if (!e.SMS_WEBHOOK_URL) throw new ConfigError('NODE_ENV=production requires SMS_WEBHOOK_URL');
    // a stolen database would give up its passwords to a laptop
    if (e.PASSWORD_HASH_COST === 'test')
      throw new ConfigError('PASSWORD_HASH_COST=test is refused with NODE_ENV=production: it is for test runs alone');
    // without it the two-step secrets would sit in the database as they are, one dump from every second factor
    if (!e.TOTP_SECRET_KEY)
      throw new ConfigError(
        'NODE_ENV=production requires TOTP_SECRET_KEY (64 hexadecimal characters: openssl rand -hex 32), which encrypts the two-step secrets at rest',
      );
    // a database dump would otherwise let anyone sign tokens every product trusts
    if (!e.OIDC_KEYS_SECRET)
      throw new ConfigError(
        "NODE_ENV=production requires OIDC_KEYS_SECRET (64 hexadecimal characters: openssl rand -hex 32), which encrypts the OpenID provider's signing keys at rest",
      );
    // queued codes and webhook signing secrets would otherwise be one dump away
    if (!e.OUTBOX_SECRET)
      throw new ConfigError(
        'NODE_ENV=production requires OUTBOX_SECRET (64 hexadecimal characters: openssl rand -hex 32), which encrypts queued messages and webhook secrets at rest',
      );
    const weak =
      weakKey('TOTP_SECRET_KEY', e.TOTP_SECRET_KEY, { name: 'OIDC_KEYS_SECRET', hex: e.OIDC_KEYS_SECRET }) ??
      weakKey('OIDC_KEYS_SECRET', e.OIDC_KEYS_SECRET, { name: 'TOTP_SECRET_KEY', hex: undefined }) ??
      weakKey('OUTBOX_SECRET', e.OUTBOX_SECRET, { name: 'OIDC_KEYS_SECRET', hex: e.OIDC_KEYS_SECRET }) ??
      weakKey('OUTBOX_SECRET', e.OUTBOX_SECRET, { name: 'TOTP_SECRET_KEY', hex: e.TOTP_SECRET_KEY });
    if (weak) throw new ConfigError(weak);
    // the default, http://localhost:<PORT>, is no address of a portal people reach
    if (!e.PUBLIC_URL)
      throw new ConfigError('NODE_ENV=production requires PUBLIC_URL, the https:// address people reach the portal at');
    const unfit =
      unfitAddress('PUBLIC_URL', e.PUBLIC_URL) ?? (e.OIDC_ISSUER && unfitAddress('OIDC_ISSUER', e.OIDC_ISSUER));
    if (unfit) throw new ConfigError(unfit);
  }
  if (e.SMTP_URL && !e.MAIL_FROM) throw new ConfigError('SMTP_URL needs MAIL_FROM');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new ConfigError('METRICS_PORT must differ from PORT, so that the metrics stay off the public port');
  // the workers share the main port: each scrape would reach one worker and its counters alone.
  // METRICS_PORT works with several, the primary answering it with the sum over the workers
  if (e.WEB_CONCURRENCY > 1 && e.METRICS_TOKEN !== undefined)
    throw new ConfigError(
      `METRICS_TOKEN needs WEB_CONCURRENCY=1: it serves /metrics on the main port, which the ${e.WEB_CONCURRENCY} server processes share, so each scrape would reach one of them with its own counters; unset it and use METRICS_PORT, where the metrics are summed over every process`,
    );
  // SQLite has one writer, and the database throttles rely on its one connection in one process;
  // without Redis, each process would keep request rates of its own
  if (e.WEB_CONCURRENCY > 1 && (database.kind !== 'postgres' || !e.REDIS_URL)) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${e.WEB_CONCURRENCY} (several server processes) requires DATABASE_URL=postgres://... and REDIS_URL; set WEB_CONCURRENCY=1 or unset it to run one process`,
    );
  }

  let webhookAllowedHosts: AllowedHost[];
  try {
    webhookAllowedHosts = parseAllowedHosts(e.WEBHOOK_ALLOWED_HOSTS ?? '', production);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }

  const trust = e.TRUST_PROXY?.trim();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    database,
    publicUrl,
    oidcIssuer: (e.OIDC_ISSUER ?? publicUrl).replace(/\/$/, ''),
    oidcKeysSecret: e.OIDC_KEYS_SECRET ? Buffer.from(e.OIDC_KEYS_SECRET, 'hex') : null,
    outboxSecret: e.OUTBOX_SECRET ? Buffer.from(e.OUTBOX_SECRET, 'hex') : null,
    webhookAllowedHosts,
    webhookGiveUpMs: e.WEBHOOK_GIVE_UP_HOURS * 3_600_000,
    webhookDisableAfterMs: e.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000,
    mainDomain: e.MAIN_DOMAIN ?? null,
    // whatever the database: development against PostgreSQL or another SQLite file needs its codes too
    devOutbox: e.PORTAL_DEV_OUTBOX ?? !production,
    apiDocs: e.API_DOCS ?? !production,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    smsWebhookUrl: e.SMS_WEBHOOK_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: !trust ? false : trust === 'true' ? true : trust,
    metricsPort: e.METRICS_PORT ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    productUrls: e.PRODUCT_URLS,
    // encrypts the authenticator secrets at rest (AES-256-GCM); without it they are stored as they are
    totpSecretKey: e.TOTP_SECRET_KEY ? Buffer.from(e.TOTP_SECRET_KEY, 'hex') : null,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    sessionRetentionDays: e.SESSION_RETENTION_DAYS,
    purgeIntervalMinutes: e.PURGE_INTERVAL_MINUTES,
    phoneCertifyDeadline: e.PHONE_CERTIFY_DEADLINE,
    phoneCertifyCutoffMs: Date.parse(`${e.PHONE_CERTIFY_DEADLINE}T23:59:59.999+08:00`),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'lines'),
    webDist: webDist && existsSync(webDist) ? webDist : null,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_SECONDS * 1000,
    startupTimeoutMs: e.STARTUP_TIMEOUT_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    webConcurrency: e.WEB_CONCURRENCY,
    passwordHashCost: e.PASSWORD_HASH_COST ?? 'standard',
  };
}
