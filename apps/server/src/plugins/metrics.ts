import { createHash, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { Config } from '../config.ts';
import type { Metrics } from '../context.ts';
import type { Db } from '../db/database.ts';
import { outboxBacklog } from '../queries/outbox.ts';
import { sendFailure } from './envelope.ts';

export const METRICS_PATH = '/metrics';

/** Up to the request timeout (20 s by default): a password check alone takes tens of milliseconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/** The operators' metrics of one app, on a registry of its own: several apps in one process (the
 *  tests) never share a counter. */
export interface PortalMetrics extends Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
}

export function createMetrics(database: Pick<Db, 'db' | 'engine' | 'poolStats'>): PortalMetrics {
  const registry = new Registry();
  // the event loop's delay, the process's CPU and memory, the heap and the garbage collector
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: "Time to answer a request, by method, route pattern (never the request's own path) and status code",
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in tries by method (password, code, passkey) and outcome (success, failure, disabled, throttled)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const codesSent = new Counter({
    name: 'portal_codes_sent_total',
    help: 'Verification codes handed over to their transport, by channel (sms, email)',
    labelNames: ['channel'] as const,
    registers,
  });
  const providerFailures = new Counter({
    name: 'portal_message_delivery_failures_total',
    help: "Failed tries of a message's transport (SMS provider, SMTP server), by channel",
    labelNames: ['channel'] as const,
    registers,
  });
  const throttled = new Counter({
    name: 'portal_throttled_total',
    help: 'Requests refused by a throttle, by limit',
    labelNames: ['limit'] as const,
    registers,
  });
  const openidSignIns = new Counter({
    name: 'portal_oidc_sign_ins_total',
    help: "Products' sign-ins through the OpenID provider (authorization codes issued), by client",
    labelNames: ['client'] as const,
    registers,
  });
  const openidTokens = new Counter({
    name: 'portal_oidc_tokens_issued_total',
    help: "The OpenID provider's token endpoint answers with tokens, by grant type",
    labelNames: ['grant_type'] as const,
    registers,
  });
  const openidRefreshFailures = new Counter({
    name: 'portal_oidc_refresh_failures_total',
    help: 'Refresh tokens refused by the OpenID provider (expired, revoked, reused), by client',
    labelNames: ['client'] as const,
    registers,
  });

  const outboxTries = new Counter({
    name: 'portal_outbox_tries_total',
    help: 'Tries of outbox rows (messages, webhook deliveries), by topic and outcome (delivered, retry, dead)',
    labelNames: ['topic', 'outcome'] as const,
    registers,
  });
  const stats = () => database.poolStats();
  new Gauge({
    name: 'portal_db_connections',
    help: "Database connections open (SQLite's one connection: always 1)",
    registers,
    collect() {
      this.set(stats()?.total ?? 1);
    },
  });
  if (database.engine === 'postgres') {
    new Gauge({
      name: 'portal_db_connections_idle',
      help: 'Open database connections that no query is using',
      registers,
      collect() {
        this.set(stats()?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'portal_db_waiting_queries',
      help: 'Queries waiting for a database connection (the pool is at its size)',
      registers,
      collect() {
        this.set(stats()?.waiting ?? 0);
      },
    });
  }

  // read at each scrape, so that every process reports the same shared outbox; made after the pool's
  // gauges, whose values a scrape reads first, before this query takes a connection
  const backlog = () => outboxBacklog(database.db);
  new Gauge({
    name: 'portal_outbox_depth',
    help: 'Outbox rows waiting to be done, by topic',
    labelNames: ['topic'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { topic, depth } of await backlog()) this.set({ topic }, depth);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox row waiting to be done, by topic',
    labelNames: ['topic'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { topic, oldest } of await backlog()) this.set({ topic }, (Date.now() - oldest) / 1000);
    },
  });

  return {
    registry,
    requestDuration,
    signIn: (method, outcome) => signIns.inc({ method, outcome }),
    codeSent: (channel) => codesSent.inc({ channel }),
    providerFailure: (channel) => providerFailures.inc({ channel }),
    throttled: (limit) => throttled.inc({ limit }),
    outboxTry: (topic, outcome) => outboxTries.inc({ topic, outcome }),
    openid: (event, label) => {
      if (event === 'sign-in') openidSignIns.inc({ client: label });
      else if (event === 'token') openidTokens.inc({ grant_type: label });
      else openidRefreshFailures.inc({ client: label });
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token, compared in constant time. */
function bearsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(authorization ?? '');
  return Boolean(match && timingSafeEqual(digest(match[1]!), digest(token)));
}

/** What a scrape gets: the text and its content type. */
type Collect = () => Promise<{ type: string; body: string }>;

/** The metrics listener's answer: on it there is nothing but /metrics. */
async function answerOnMetricsPort(
  collect: Collect,
  token: string | null,
  request: IncomingMessage,
): Promise<{ status: number; type: string; body: string }> {
  const path = (request.url ?? '').split('?')[0];
  if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
    return { status: 404, type: 'text/plain; charset=utf-8', body: 'not found\n' };
  if (token && !bearsToken(request.headers.authorization, token))
    return { status: 401, type: 'text/plain; charset=utf-8', body: 'the metrics token is missing or wrong\n' };
  return { status: 200, ...(await collect()) };
}

/** The metrics listener on METRICS_PORT at HOST, once it listens. */
async function listenForScrapes(
  config: Pick<Config, 'host' | 'metricsToken'> & { metricsPort: number },
  collect: Collect,
  log: FastifyBaseLogger,
): Promise<Server> {
  const server = createServer((request, response) => {
    answerOnMetricsPort(collect, config.metricsToken, request).then(
      ({ status, type, body }) => {
        response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics not collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * In a worker of the cluster (cluster.ts), from its first moment: prom-client's aggregation asks every
 * connected worker and waits for each answer, so one that is still starting answers with nothing (the
 * global registry, empty) instead of holding the scrape until the aggregation gives up.
 */
export function answerClusterScrapes(): void {
  new AggregatorRegistry();
}

/**
 * The primary of several workers serves METRICS_PORT itself: each scrape asks every worker for its
 * app's metrics and answers their sum (counters and histograms added up; prom-client's own rule for
 * Node's metrics, such as the event loop's delay averaged). A worker started again after a death
 * starts its counters from zero, which Prometheus reads as a counter reset.
 */
export async function serveClusterMetrics(config: Config, log: FastifyBaseLogger): Promise<void> {
  if (config.metricsPort === null) return;
  const aggregator = new AggregatorRegistry();
  await listenForScrapes(
    { ...config, metricsPort: config.metricsPort },
    async () => ({
      type: aggregator.contentType,
      body: await aggregator.clusterMetrics(),
    }),
    log,
  );
}

/**
 * Times every request by its route (registered before the routes), and opens the metrics listener on
 * METRICS_PORT when the app gets ready: apart from the public port, so that the load balancer never
 * reaches it. The token, when set, is asked there too. In a worker of several, the primary holds
 * METRICS_PORT and this app's registry is what the worker answers it with.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, config }: { metrics: PortalMetrics; config: Config }) => {
    // a callback, not an async function: a promise per request for a synchronous observation
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestDuration.observe(
        {
          method: request.method,
          // the route's pattern (`referral/info/:id`), never the path itself: no ids or tokens in labels
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const { metricsPort } = config;
    if (metricsPort === null) return;
    if (config.webConcurrency > 1) {
      AggregatorRegistry.setRegistries([metrics.registry]);
      return;
    }
    const collect: Collect = async () => ({
      type: metrics.registry.contentType,
      body: await metrics.registry.metrics(),
    });
    let listener: Server | null = null;
    app.addHook('onReady', async () => {
      listener = await listenForScrapes({ ...config, metricsPort }, collect, app.log);
    });
    app.addHook('onClose', async () => {
      if (!listener) return;
      const closed = new Promise((resolve) => listener!.close(resolve));
      // a scraper keeps its connection open between scrapes
      listener.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics' },
);

/** /metrics on the main port, only with METRICS_TOKEN, and only for its bearer. Registered after the
 *  compression, which makes the text a few times smaller. */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: PortalMetrics; token: string },
) {
  app.get(
    METRICS_PATH,
    // operational, in Prometheus's format rather than the envelope, and asked for by the metrics
    // token rather than a session: not part of the API description
    { schema: { hide: true } },
    async (request, reply) => {
      if (!bearsToken(request.headers.authorization, token))
        return sendFailure(request, reply.header('www-authenticate', 'Bearer'), ErrorCode.Unauthorized);
      reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    },
  );
}
