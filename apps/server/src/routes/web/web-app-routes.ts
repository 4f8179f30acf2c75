import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { DEFAULT_THEME_MODE, LANGUAGES, type Language, THEME_MODES, type ThemeMode } from '@portal/shared/constants';
import { COOKIE_THEME, COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { PRODUCTS } from '@portal/shared/products';
import { type ProductEntry, productEntryOf } from '../../libraries/portal/product-entry.ts';
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

/**
 * index.html written in `lang`: the app starts in the language its document names when the browser has
 * no language cookie, so every page of the app follows the one rule the prerendered pages follow
 * (the cookie, else the browser's language, else Chinese).
 */
function inLanguage(html: string, lang: Language): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const rest = attributes.replace(/\s+lang="[^"]*"/i, '');
    return `<html lang="${lang}"${rest}>`;
  });
}

/** The smaller first. */
const COMPRESSIONS = ['br', 'gzip'] as const;

type Form = (typeof COMPRESSIONS)[number] | 'identity';

interface Forms {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A quick brotli for a document's first request: brotli's hardest took about 0.1 s per document,
 *  against milliseconds at this one, some 15 % larger. */
const QUICK_BROTLI = 5;

let hardestInTurn: Promise<void> = Promise.resolve();

/**
 * A page of the build, the same for every request that gets it: read and compressed when first asked
 * for, quickly, and then again as hard as brotli goes in the background, the better form replacing the
 * quick one. Nothing is done at start: the 37 documents compressed there held the first answer for
 * seconds and kept some 70 MiB more in the idle process, most of them for screens no one had asked for.
 */
function lazyDocument(file: string, finish: (html: string) => string): (form: Form) => Promise<string | Buffer> {
  let forms: Promise<Forms> | undefined;
  async function load(): Promise<Forms> {
    const html = finish(await readFile(file, 'utf8'));
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI } }),
      gzipped(html, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const loaded = { identity: html, br, gzip: gz };
    // one at a time: each of brotli's hardest compressions holds a large window of memory while it
    // runs; a failure keeps the quick form
    hardestInTurn = hardestInTurn
      .then(() => brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }))
      .then(
        (best) => void (loaded.br = best),
        () => {},
      );
    return loaded;
  }
  return (form) => {
    // a read that failed (a build replaced under the running server) is tried again next time
    forms ??= load().catch((error: unknown) => {
      forms = undefined;
      throw error;
    });
    return forms.then((loaded) => loaded[form]);
  };
}

type Document = ReturnType<typeof lazyDocument>;

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
    // the prerendered screens are sent on their own paths, with the main domain in them
    allowedPath: (path) => !path.startsWith('/prerendered/'),
    setHeaders(res, path) {
      // hashed file names under assets/ never change content; anything else is revalidated
      const immutable = path.startsWith(join(webDist, 'assets'));
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // the encoding sent depends on the request's Accept-Encoding; shared caches must know
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/**
 * The screens before sign-in that the build prerenders (apps/web/vite.config.ts), by their path:
 * dist/prerendered/<screen>/<lang>-<theme>.html.
 */
const PRERENDERED_SCREENS: Record<string, string> = {
  '/login': 'login',
  '/forget_password': 'forget-password',
  '/register-invalidity': 'register-invalidity',
};

type ScreenDocuments = Map<`${Language}-${ThemeMode}`, Document>;

/** A build without them (an older one, or a test's) serves index.html on those paths too. */
function prerenderedScreens(webDist: string, finish: (html: string) => string): Map<string, ScreenDocuments> {
  const screens = new Map<string, ScreenDocuments>();
  for (const [path, name] of Object.entries(PRERENDERED_SCREENS)) {
    const variants = LANGUAGES.flatMap((lang) => THEME_MODES.map((mode) => `${lang}-${mode}` as const));
    const files = variants.map((variant) => join(webDist, 'prerendered', name, `${variant}.html`));
    if (!files.every((file) => existsSync(file))) continue;
    screens.set(path, new Map(variants.map((variant, i) => [variant, lazyDocument(files[i]!, finish)])));
  }
  return screens;
}

function themeCookie(request: FastifyRequest): ThemeMode {
  const value = request.cookies[COOKIE_THEME];
  return (THEME_MODES as readonly (string | undefined)[]).includes(value) ? (value as ThemeMode) : DEFAULT_THEME_MODE;
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

  let indexHtml: Map<Language, Document> | null = null;
  let screens = new Map<string, ScreenDocuments>();
  if (webDist) {
    const meta = mainDomain ? `<meta name="portal:main-domain" content="${escapeAttribute(mainDomain)}">` : '';
    const finish = (html: string) => html.replace('</head>', `${meta}</head>`);
    const index = join(webDist, 'index.html');
    indexHtml = new Map(LANGUAGES.map((lang) => [lang, lazyDocument(index, (html) => inLanguage(finish(html), lang))]));
    screens = prerenderedScreens(webDist, finish);
    await app.register(webAppFiles, { webDist });
  }

  /**
   * A prerendered screen in the person's language (cookie, else Accept-Language, else the default) and
   * theme (cookie, else the default); none with a session, whose sign-in page moves on at once and is
   * drawn by the browser.
   */
  function documentOf(request: FastifyRequest, path: string): Document | undefined {
    const documents = screens.get(path);
    if (!documents || request.cookies[COOKIE_TOKEN]) return undefined;
    return documents.get(`${request.lang}-${themeCookie(request)}`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // /metrics is no page of the app: with the metrics off, an operator's scraper pointed at it must
    // see a 404 rather than index.html with a 200, which it would take for a working target
    const page = !path.startsWith(`${API_PREFIX}/`) && path !== METRICS_PATH;
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && page) {
      const screen = documentOf(request, path);
      const html = screen ?? indexHtml.get(request.lang)!;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // every page's language comes from the cookie and Accept-Language (and a prerendered one's theme
        // from its cookie): one rule for every entry page
        .header('vary', 'accept-encoding, accept-language, cookie');
      // asked one at a time: the negotiator breaks a tie by the client's order, and browsers list gzip first
      const encoding = COMPRESSIONS.find((name) => request.encodings([name, 'identity']) === name);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(await html(encoding ?? 'identity'));
    }
    return sendFailure(request, reply, ErrorCode.NotFound);
  });
}
