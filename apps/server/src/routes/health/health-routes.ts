import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { operationCalls as calls } from '@portal/shared/api/contract/operations';
import { PROBE_TIMEOUT_MS } from '@portal/shared/api/contract/operations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { RETRY_AFTER_SECONDS } from '../../plugins/envelope.ts';

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
 * (it can serve: the database answers, and Redis when configured).
 */
export function healthHandlers(app: FastifyInstance) {
  // outside /api/, where no-store is not the default: a cached probe would tell an old state
  const uncached = { 'cache-control': 'no-store' };

  return {
    health: ({ reply }) => {
      reply.headers(uncached);
      return { status: 'alive' as const };
    },
    readiness: async ({ reply }) => {
      reply.headers(uncached);
      const { redis } = app;
      const [database, redisState] = await Promise.all([
        answersInTime(() => sql`select 1`.execute(app.ctx.db)),
        redis
          ? answersInTime(() => (redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(redis.status))))
          : ('none' as const),
      ]);
      const data = { database, redis: redisState };
      if (database === 'up' && redisState !== 'down') return data;
      throw new AppError(ErrorCode.ServiceUnavailable, data, { retryAfterMs: RETRY_AFTER_SECONDS * 1000 });
    },
  } satisfies Partial<Handlers<typeof calls>>;
}
