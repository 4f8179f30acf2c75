import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { JSON_BODY_LIMIT_BYTES } from '@portal/shared/constants';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/database.ts';
import { webhookTopic } from './libraries/integrations/webhooks/webhook-topic.ts';
import { watchProvider } from './libraries/openid/events.ts';
import { OpenIdService } from './libraries/openid/service.ts';
import { OutboxMessenger } from './libraries/outbox/outbox-messenger.ts';
import { OutboxWorker } from './libraries/outbox/outbox-worker.ts';
import { answeredWorkDone } from './libraries/platform/after-answer.ts';
import { boundPasswordWork, choosePasswordHashCost } from './libraries/platform/passwords.ts';
import { redisThrottleStore } from './libraries/platform/redis-throttle-store.ts';
import { schedulePurge } from './libraries/platform/retention.ts';
import { databaseThrottleStore } from './libraries/platform/throttle-store.ts';
import { countingRefusals } from './libraries/platform/throttle.ts';
import { scheduleGrantReminders } from './libraries/sites/reminders.ts';
import { scheduleSupportSweep } from './libraries/support/support-sweep.ts';
import { DevOutbox } from './messaging/dev-outbox.ts';
import { routeMessages } from './messaging/router.ts';
import { createSmsWebhook } from './messaging/sms-webhook.ts';
import { createSmtpMailer } from './messaging/smtp-mailer.ts';
import { administratorAudience } from './plugins/audiences/administrator.ts';
import { apiKeyAudience } from './plugins/audiences/api-key.ts';
import { productClientAudience } from './plugins/audiences/product-client.ts';
import { signedInAudience } from './plugins/audiences/signed-in.ts';
import { deadlinePlugin } from './plugins/deadline.ts';
import { type UndeclaredCode, declaredCodesPlugin } from './plugins/declared-codes.ts';
import { DevLogController, envelopeCodePlugin } from './plugins/dev-log.ts';
import { drainPlugin } from './plugins/drain.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { compressionPlugin } from './plugins/external/compression.ts';
import { requestRatePlugin } from './plugins/external/rate-limit.ts';
import { createLogger, requestIdPlugin } from './plugins/logger.ts';
import { createMetrics, metricsPlugin, metricsRoutes } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { serverOptions } from './plugins/server-options.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from './plugins/validation.ts';
import { contractRoutes } from './routes/contract-routes.ts';
import { openidProviderRoutes } from './routes/openid/provider-routes.ts';
import { webAppRoutes } from './routes/web/web-app-routes.ts';

export interface BuildOptions {
  config: Config;
  database: Db;
  /** Tests move time with this; the server uses the wall clock. */
  now?: () => number;
  /** The server passes its own logger, which it also gives the database; tests pass false. */
  logger?: boolean | FastifyBaseLogger;
  /** Development: one `request` record a request (plugins/dev-log.ts) instead of Fastify's two. */
  requestLines?: boolean;
  /** Tests: told of every answer whose code its call does not declare (plugins/declared-codes.ts). */
  onUndeclaredCode?: (found: UndeclaredCode) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages (codes, notices) through the outbox (libraries/outbox/outbox-messenger.ts). */
    messenger: OutboxMessenger;
    /** Does the outbox's rows after their transactions commit (libraries/outbox/outbox-worker.ts). */
    outboxWorker: OutboxWorker;
    outbox: DevOutbox | null;
    /** The shared store of short-lived state when REDIS_URL is set (several server processes). */
    redis: Redis | null;
    /** The OpenID provider of this process (docs/openid-provider.md). */
    openid: OpenIdService;
  }
}

/** The whole portal as a Fastify instance, without listening: the server and the tests build the same app. */
export async function buildApp({
  config,
  database,
  now = Date.now,
  logger = true,
  requestLines = false,
  onUndeclaredCode,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger === true ? createLogger(config.logLevel) : logger } : {}),
    ...(requestLines ? { logController: new DevLogController() } : {}),
    ...serverOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // 256-bit tokens never need this, and it keeps bad input from growing the router's work
    routerOptions: { maxParamLength: 200 },
  });
  if (requestLines) await app.register(envelopeCodePlugin);
  if (onUndeclaredCode) await app.register(declaredCodesPlugin, { report: onUndeclaredCode });

  boundPasswordWork(config.requestTimeoutMs);
  choosePasswordHashCost(config.passwordHashCost);
  // with several server processes the short-lived shared state (request rates, throttles) lives in Redis
  // loaded only where configured: a single process without Redis does not hold the client
  const redis = config.redisUrl
    ? (await import('./libraries/platform/redis-client.ts')).createRedisClient(config.redisUrl, config.requestTimeoutMs)
    : null;
  // ioredis reconnects by itself; without a listener each failed attempt would be an unhandled 'error' event
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis unreachable, reconnecting'));
  const throttles = redis ? redisThrottleStore(redis, config.redisKeyPrefix) : databaseThrottleStore(database);
  const metrics = config.metricsPort !== null || config.metricsToken !== null ? createMetrics(database) : null;
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    log: app.log,
    now,
    throttles: metrics ? countingRefusals(throttles, metrics) : throttles,
    ...(metrics ? { metrics } : {}),
  };
  app.decorate('ctx', ctx);
  const openid = new OpenIdService(ctx, (provider) => watchProvider(ctx, provider));
  app.decorate('openid', openid);
  ctx.productSessions = openid.productSessions();
  const purge = schedulePurge(ctx, config.purgeIntervalMinutes);
  app.addHook('onClose', async () => purge.stop());
  // beside the purge, at its pace: reminders a week and a day ahead need no finer clock
  const reminders = scheduleGrantReminders(ctx, config.purgeIntervalMinutes);
  app.addHook('onClose', async () => reminders.stop());
  // a support window's sessions end within seconds of its end, in whichever process sweeps first
  const supportSweep = scheduleSupportSweep(ctx);
  app.addHook('onClose', async () => supportSweep.stop());

  // the outbox's rows (messages, webhook deliveries) are done by a worker in every server process
  const outboxWorker = new OutboxWorker(ctx);
  ctx.outbox = outboxWorker;
  outboxWorker.handle(webhookTopic(ctx));
  app.decorate('outboxWorker', outboxWorker);
  app.addHook('onClose', async () => outboxWorker.close());

  const outbox = config.devOutbox ? new DevOutbox(app.log) : null;
  app.decorate('outbox', outbox);
  app.decorate(
    'messenger',
    new OutboxMessenger(
      ctx,
      outboxWorker,
      routeMessages({
        sms: config.smsWebhookUrl ? createSmsWebhook(config.smsWebhookUrl) : null,
        email: config.smtp ? createSmtpMailer(config.smtp.url, config.smtp.from) : null,
        fallback: outbox,
      }),
    ),
  );
  ctx.messenger = app.messenger;
  app.addHook('onClose', async () => app.messenger.close());
  // run before the hook above (the last added runs first): what was started after an answer may send
  app.addHook('onClose', () => answeredWorkDone(ctx));

  // JSON only (multipart is known only to the icon upload's own plugin): any other body is refused with 415
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);

  await app.register(envelopePlugin);
  await app.register(requestIdPlugin);
  await app.register(deadlinePlugin, { timeoutMs: config.requestTimeoutMs });
  if (metrics) await app.register(metricsPlugin, { metrics, config });
  await app.register(requestContextPlugin);
  await app.register(drainPlugin);
  await app.register(securityHeadersPlugin);
  // with several server processes the request-rate counters must be shared: Redis when configured
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(requestRatePlugin, { ctx, redis });
  await app.register(apiKeyAudience);
  await app.register(signedInAudience);
  await app.register(administratorAudience);
  await app.register(productClientAudience);

  // before the compression, whose hook only reaches the routes registered after it: the web app's files
  // are sent as the build compressed them (or as they are), never compressed again per request
  await app.register(webAppRoutes, {
    webDist: config.webDist,
    mainDomain: config.mainDomain,
    productUrls: config.productUrls,
  });
  await app.register(compressionPlugin);
  await app.register(openapiPlugin, { config });

  await app.register(openidProviderRoutes, { openid });
  await app.register(contractRoutes, { openid, outbox });
  if (metrics && config.metricsToken) await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  // rows left by a process that stopped (or written before this one started) are found at once
  app.addHook('onReady', async () => outboxWorker.start());
  return app;
}
