import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import type { AppContext } from '../../context.ts';
import { servesProductServers } from '../../libraries/openid/provider.ts';
import { ipKey } from '../../libraries/platform/ip-key.ts';
import { tooManyAttempts } from '../../libraries/platform/throttle.ts';

/** The per-address request rate of every call. With several server processes the counters must be
 *  shared: in Redis when it is configured. */
export const requestRatePlugin = fp(
  async (app: FastifyInstance, { ctx, redis }: { ctx: AppContext; redis: Redis | null }) => {
    await app.register(rateLimit, {
      global: true,
      ...(redis ? { redis, nameSpace: `${ctx.config.redisKeyPrefix}request-rate:` } : {}),
      max: REQUESTS_PER_IP_MINUTE,
      // one client as the app's own per-IP limits see it: an IPv4 address, or an IPv6 client's whole /64
      keyGenerator: (request) => ipKey(request.ip),
      // the web app's own files (some 45 on a first visit) would use up an office's requests; the OpenID
      // provider's endpoints of products' servers answer every person of a product from one address, and
      // so does the decision point (its clients' failed authentications have their own limits)
      allowList: (request) =>
        request.routeOptions.config.webAppFile === true ||
        request.routeOptions.config.call?.audience === 'productClient' ||
        servesProductServers(request.url),
      timeWindow: '1 minute',
      onExceeded: () => ctx.metrics?.throttled('request-rate'),
      errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
    });
  },
);
