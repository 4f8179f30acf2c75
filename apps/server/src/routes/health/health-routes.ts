import { apiPaths } from '@portal/shared/api/paths';
import { envelopeSchema } from '@portal/shared/api/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok, sendUnavailable } from '../../plugins/envelope.ts';

/** A probe answers within this, well inside the usual probe timeouts of orchestrators and balancers. */
const PROBE_TIMEOUT_MS = 2_000;

const dependencyState = z.enum(['up', 'down']);
const readinessSchema = z.object({
  database: dependencyState,
  /** `none` without REDIS_URL. */
  redis: z.enum(['up', 'down', 'none']),
});

async function answersInTime(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), PROBE_TIMEOUT_MS)));
  const answered = check().then(
    () => 'up' as const,
    () => 'down' as const,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for orchestrators and load balancers: `/healthz` (the process is alive) and `/readyz`
 * (it can serve: the database answers, and Redis when configured). Asked every few seconds, so they
 * are not counted by the request-rate limit, need no session, and never fall through to the web app.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: false } as const;

  r.get(
    apiPaths.health,
    {
      config,
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process runs and answers',
        response: { 200: envelopeSchema(z.object({ status: z.literal('alive') })) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'alive' as const });
    },
  );

  r.get(
    apiPaths.readiness,
    {
      config,
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers, and Redis when REDIS_URL is set',
        description: `1000503 (HTTP 503) with the same \`data\` when one of them does not answer within ${PROBE_TIMEOUT_MS / 1000} s, and while the server shuts down.`,
        response: { 200: envelopeSchema(readinessSchema) },
      },
    },
    async (request, reply) => {
      const { redis } = app;
      const [database, redisState] = await Promise.all([
        answersInTime(() => sql`select 1`.execute(app.ctx.db)),
        redis
          ? answersInTime(() => (redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(redis.status))))
          : ('none' as const),
      ]);
      const data = { database, redis: redisState };
      reply.header('cache-control', 'no-store');
      if (database === 'up' && redisState !== 'down') return ok(data);
      return sendUnavailable(request, reply, data);
    },
  );
}
