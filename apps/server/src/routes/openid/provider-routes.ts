import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { DISCOVERY_PATH, OIDC_PREFIX, OIDC_ROUTES } from '../../libraries/openid/provider.ts';
import type { OpenIdService } from '../../libraries/openid/service.ts';

/** How long verifiers may keep the published keys: well within the time a published key waits
 *  before it signs (a rotation's interval). */
const JWKS_MAX_AGE_SECONDS = 300;

/**
 * The OpenID provider's own endpoints (docs/openid-provider.md): discovery at the issuer's
 * `/.well-known/openid-configuration`, everything else under `/oidc/`. The provider is a Koa app: its
 * requests are handed over as they came, their bodies unread.
 */
export async function openidProviderRoutes(app: FastifyInstance, { openid }: { openid: OpenIdService }) {
  const handlers = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  app.removeAllContentTypeParsers();
  // the provider reads the bodies itself (forms and JSON)
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = await openid.provider();
    let handler = handlers.get(provider);
    if (!handler) handlers.set(provider, (handler = provider.callback()));
    if (request.url.startsWith(OIDC_ROUTES.jwks)) {
      reply.raw.setHeader('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    }
    reply.hijack();
    await handler(request.raw, reply.raw);
  };
  // the API description lists the provider's endpoints by name (plugins/openapi.ts), not this catch-all
  const hidden = { schema: { hide: true } };
  app.all(`${OIDC_PREFIX}/*`, hidden, handOver);
  app.get(DISCOVERY_PATH, hidden, handOver);
}
