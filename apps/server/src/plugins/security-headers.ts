import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EARLY_INPUT_SCRIPT } from '@portal/shared/early-input-script';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Content-Security-Policy of the route's HTML answers, when not the web app's. */
    contentSecurityPolicy?: string;
  }
}

/** A directive's sources; null leaves out one of Helmet's defaults. */
export type PolicyDirectives = Record<string, string[] | null>;

/** A policy's header value as Helmet writes it: Helmet's defaults (no plugins, no inline scripts,
 *  no framing by other sites...) with the given directives over them; computed once, at start. */
export function contentSecurityPolicy(directives: PolicyDirectives): string {
  let header = '';
  const response = { setHeader: (_name: string, value: string) => (header = value) };
  helmet.contentSecurityPolicy({ directives: { ...directives, upgradeInsecureRequests: null } })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {},
  );
  return header;
}

/** The prerendered screens' one inline script, by its hash: it makes their controls work before the
 *  app's files have run (@portal/shared/early-input-script). */
const EARLY_INPUT_HASH = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** The web app's policy: antd writes its styles at run time. */
const WEB_APP_POLICY = contentSecurityPolicy({
  scriptSrc: ["'self'", EARLY_INPUT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
});

/** The OpenID provider's pages (libraries/openid/pages.ts, and the library's form_post page): no
 *  inline script or style but those the answer names by hash (routes/openid/provider-routes.ts), and
 *  forms that may go on to a product: form_post sends the code to the product's redirect URI, and the
 *  sign-out confirmation's form is answered with a redirect to the product's post-logout URI. */
export const PROVIDER_POLICY = contentSecurityPolicy({
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  formAction: null,
});

/** Helmet's defaults that protect any answer: no MIME sniffing (a JSON answer is never run as a
 *  script), HTTPS only, no referrer, no reading by other sites' pages, no framing by other sites. */
export const EVERY_ANSWER = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** Helmet's defaults that only a page reads: a browsing context of its own, no DNS prefetching, the
 *  old browsers' XSS filter and download and cross-domain behaviours off. Cross-Origin-Embedder-Policy
 *  stays unset: the products on the main domain open the portal in frames. */
export const HTML_ANSWER = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/**
 * The security headers, decided once at start rather than by Helmet on every request: those that
 * protect any answer on all of them, and the Content-Security-Policy with the page-only headers on
 * HTML answers alone (an API's JSON runs no scripts). A route may name its own policy in its config.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(EVERY_ANSWER);
    if (isHtml(reply.getHeader('content-type'))) {
      reply.headers(HTML_ANSWER);
      reply.header('content-security-policy', request.routeOptions.config.contentSecurityPolicy ?? WEB_APP_POLICY);
    }
    done(null, payload);
  });
});
