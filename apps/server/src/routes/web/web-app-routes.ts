import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyInstance } from 'fastify';
import { sendFailure } from '../../plugins/envelope.ts';

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The built web app with history fallback: any GET outside /api that is not a file gets index.html.
 *  The main domain is handed to the app in a meta tag, so one build serves every deployment. */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { webDist: string | null; mainDomain: string | null },
) {
  const { webDist, mainDomain } = options;
  let indexHtml: string | null = null;
  if (webDist) {
    const raw = readFileSync(join(webDist, 'index.html'), 'utf8');
    const meta = mainDomain ? `<meta name="portal:main-domain" content="${escapeAttribute(mainDomain)}">` : '';
    indexHtml = raw.replace('</head>', `${meta}</head>`);
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, path) {
        // hashed file names under assets/ never change content; anything else is revalidated
        const immutable = path.startsWith(join(webDist, 'assets'));
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendFailure(request, reply, ErrorCode.NotFound);
  });
}
