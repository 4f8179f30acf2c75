import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { PRODUCTS } from '@portal/shared/products';
import { type ProductEntry, productEntryOf } from '../../libraries/product-entry.ts';
import { sendFailure } from '../../plugins/envelope.ts';
import { METRICS_PATH } from '../../plugins/metrics.ts';

/** The configured location with the request's query string (`productId`, ...) added to its own. */
function withQuery(target: string, query: string): string {
  if (!query) return target;
  // before a fragment, which the browser keeps to itself
  const hashAt = target.indexOf('#');
  const [base, hash] = hashAt === -1 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

/** The web app's pages for a browser that may not open the product: sign-in, or no access
 *  (docs/portal-and-products.md#opening-a-product). */
const PAGE_OF: Record<Exclude<ProductEntry, 'product'>, string> = { 'sign-in': '/login', 'no-right': '/noAuth' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the built web app: never counted by the request-rate limit. */
    webAppFile?: boolean;
  }
}

/** The smaller first. */
const COMPRESSIONS = ['br', 'gzip'] as const;

interface IndexHtml {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

/** index.html is the same for every request: compressed once, at start, as hard as each format goes. */
function compressedOnce(html: string): IndexHtml {
  return {
    identity: html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** The build's files, each a route of its own, marked so that the request-rate limit lets them by. */
async function webAppFiles(app: FastifyInstance, { webDist }: { webDist: string }) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, webAppFile: true };
  });
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    cacheControl: false,
    // the build writes .br and .gz beside each asset worth compressing; they are sent as they are
    preCompressed: true,
    setHeaders(res, path) {
      // hashed file names under assets/ never change content; anything else is revalidated
      const immutable = path.startsWith(join(webDist, 'assets'));
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // the encoding sent depends on the request's Accept-Encoding; shared caches must know
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/** The built web app with history fallback: any GET outside /api that is not a file gets index.html.
 *  The main domain is handed to the app in a meta tag, so one build serves every deployment.
 *  A product whose location `PRODUCT_URLS` names opens there instead: its entry path answers a 302
 *  to that location, keeping the query string, for a session (the `token` cookie) whose current
 *  company has the right to the product; otherwise to the web app's sign-in or NoAuth page. The
 *  others keep the web app's own page. */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { webDist: string | null; mainDomain: string | null; productUrls: Record<string, string> },
) {
  const { webDist, mainDomain, productUrls } = options;
  for (const product of PRODUCTS) {
    const target = productUrls[product.code];
    if (!target) continue;
    app.get(product.entryPath, { schema: { hide: true } }, async (request, reply) => {
      const entry = await productEntryOf(app.ctx, request.cookies[COOKIE_TOKEN], product.code);
      // the answer depends on the session: no cache may keep it for another browser
      reply.header('cache-control', 'no-store');
      if (entry !== 'product') return reply.redirect(PAGE_OF[entry], 302);
      const queryAt = request.url.indexOf('?');
      return reply.redirect(withQuery(target, queryAt === -1 ? '' : request.url.slice(queryAt + 1)), 302);
    });
  }

  let indexHtml: IndexHtml | null = null;
  if (webDist) {
    const raw = readFileSync(join(webDist, 'index.html'), 'utf8');
    const meta = mainDomain ? `<meta name="portal:main-domain" content="${escapeAttribute(mainDomain)}">` : '';
    indexHtml = compressedOnce(raw.replace('</head>', `${meta}</head>`));
    await app.register(webAppFiles, { webDist });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // /metrics is no page of the app: with the metrics off, an operator's scraper pointed at it must
    // see a 404 rather than index.html with a 200, which it would take for a working target
    const page = !path.startsWith(`${API_PREFIX}/`) && path !== METRICS_PATH;
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && page) {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // asked one at a time: the negotiator breaks a tie by the client's order, and browsers list gzip first
      const encoding = COMPRESSIONS.find((name) => request.encodings([name, 'identity']) === name);
      if (encoding) return reply.header('content-encoding', encoding).send(indexHtml[encoding]);
      return reply.send(indexHtml.identity);
    }
    return sendFailure(request, reply, ErrorCode.NotFound);
  });
}
