import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Content-Security-Policy of the route's HTML answers, when not the web app's. */
    contentSecurityPolicy?: string;
  }
}

export type PolicyDirectives = Record<string, string[]>;

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

/** The web app's policy: antd writes its styles at run time. */
const WEB_APP_POLICY = contentSecurityPolicy({
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
});

/** Helmet's defaults that protect any answer: no MIME sniffing (a JSON answer is never run as a
 *  script), HTTPS only, no referrer, no reading by other sites' pages, no framing by other sites. */
const EVERY_ANSWER = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** Helmet's defaults that only a page reads: a browsing context of its own, no DNS prefetching, the
 *  old browsers' XSS filter and download and cross-domain behaviours off. Cross-Origin-Embedder-Policy
 *  stays unset: the products on the main domain open the portal in frames. */
const HTML_ANSWER = {
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
