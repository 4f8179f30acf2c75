import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { DISCOVERY_PATH, OIDC_PREFIX, OIDC_ROUTES } from '../../libraries/openid/provider.ts';
import { type PublishedDocument, publishedDocument, stillCurrent } from '../../libraries/openid/published-documents.ts';
import { withRequestReads } from '../../libraries/openid/request-reads.ts';
import type { OpenIdService } from '../../libraries/openid/service.ts';
import { REQUEST_ID_HEADER } from '../../plugins/logger.ts';
import { EVERY_ANSWER, HTML_ANSWER, PROVIDER_POLICY } from '../../plugins/security-headers.ts';

/** The provider's documents answered from memory (published-documents.ts), and how long a client
 *  may keep each: the keys well within the time a published key waits before it signs (a rotation's
 *  interval); discovery, which names no key, as long as a process waits to look at the key set. */
const PUBLISHED = { [OIDC_ROUTES.jwks]: 300, [DISCOVERY_PATH]: 60 };

/** The portal's headers on every answer of the provider. Its answers bypass Fastify's onSend hooks
 *  (the reply is hijacked), and their type is known only once the provider has answered: a page's
 *  headers go on all of them, which an answer in JSON does not read. */
const PROVIDER_ANSWER = { ...EVERY_ANSWER, ...HTML_ANSWER, 'content-security-policy': PROVIDER_POLICY };

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/**
 * What the portal adds to the provider's answers once it has made them: the hash of each inline style
 * of a page in its policy (the library adds those of its own scripts), and for an address under
 * /oidc/ that it does not serve, an OAuth error in JSON instead of Koa's plain "Not Found".
 */
async function completeAnswer(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.status === 404 && ctx.body == null) {
    ctx.body = { error: 'invalid_request', error_description: 'unrecognized route or not allowed method' };
    ctx.status = 404;
    return;
  }
  if (typeof ctx.body !== 'string' || !ctx.response.is('html')) return;
  const hashes = [...ctx.body.matchAll(INLINE_STYLE)].map(
    ([, style]) => `'sha256-${createHash('sha256').update(style!).digest('base64')}'`,
  );
  const policy = ctx.response.get('content-security-policy');
  if (hashes.length && policy) {
    ctx.set('content-security-policy', policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 ${hashes.join(' ')}`));
  }
}

/**
 * The OpenID provider's own endpoints (docs/openid-provider.md): discovery at the issuer's
 * `/.well-known/openid-configuration`, everything else under `/oidc/`. The provider is a Koa app: its
 * requests are handed over as they came, their bodies unread.
 */
export async function openidProviderRoutes(app: FastifyInstance, { openid }: { openid: OpenIdService }) {
  const handlers = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const issuer = new URL(app.ctx.config.oidcIssuer);
  app.removeAllContentTypeParsers();
  // the provider reads the bodies itself (forms and JSON)
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handlerOf = (provider: Provider) => {
    let handler = handlers.get(provider);
    if (!handler) {
      provider.use(completeAnswer);
      handlers.set(provider, (handler = provider.callback()));
    }
    return handler;
  };
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const handler = handlerOf(await openid.provider());
    // the provider builds its absolute URLs (discovery, the resume address of a sign-in, the sign-out
    // form) from the request's host and protocol, the forwarded ones included (provider.proxy): they
    // are the issuer's, whatever a request names. The client's address is the one Fastify read
    // (forwarded only under TRUST_PROXY), for the provider's throttle of failed client authentication
    const headers = request.raw.headers;
    headers.host = issuer.host;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
    for (const [name, value] of Object.entries(PROVIDER_ANSWER)) reply.raw.setHeader(name, value);
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    reply.hijack();
    await withRequestReads(() => handler(request.raw, reply.raw));
  };

  // each provider's documents, asked of it once: a new provider (new keys) asks again
  const documents = new WeakMap<Provider, Map<string, Promise<PublishedDocument>>>();
  const documentOf = (provider: Provider, path: string) => {
    let byPath = documents.get(provider);
    if (!byPath) documents.set(provider, (byPath = new Map()));
    let document = byPath.get(path);
    if (!document) {
      document = publishedDocument(handlerOf(provider), path, issuer);
      // a failure is not kept: the next request asks again
      document.catch(() => byPath.delete(path));
      byPath.set(path, document);
    }
    return document;
  };
  const publish = (path: string, maxAge: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const document = await documentOf(await openid.provider(), path);
    if (document.status !== 200) return handOver(request, reply);
    const fresh = stillCurrent(request.headers['if-none-match'], document.etag);
    reply.hijack();
    reply.raw.writeHead(fresh ? 304 : 200, {
      ...PROVIDER_ANSWER,
      ...(fresh ? {} : document.headers),
      [REQUEST_ID_HEADER]: request.id,
      etag: document.etag,
      'cache-control': `public, max-age=${maxAge}`,
      ...(fresh ? {} : { 'content-length': Buffer.byteLength(document.body) }),
    });
    reply.raw.end(fresh ? undefined : document.body);
  };

  // the API description lists the provider's endpoints by name (plugins/openapi.ts), not this catch-all
  const hidden = { schema: { hide: true } };
  app.all(`${OIDC_PREFIX}/*`, hidden, handOver);
  for (const [path, maxAge] of Object.entries(PUBLISHED)) app.get(path, hidden, publish(path, maxAge));
}
