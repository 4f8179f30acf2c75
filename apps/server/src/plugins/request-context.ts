import type { Language } from '@portal/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '@portal/shared/constants';
import { COOKIE_LANG } from '@portal/shared/cookies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { Auth } from '../libraries/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: Auth | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const entry of header.split(',')) {
    const tag = entry.split(';')[0]!.trim().toLowerCase();
    const match = LANGUAGES.find((l) => l.toLowerCase() === tag || l.slice(0, 2) === tag.slice(0, 2));
    if (match) return match;
  }
  return undefined;
}

/** The language of a response: the language cookie the products share, else the browser's. The auth
 *  hook refines it with the signed-in user's saved language when there is no cookie. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const cookie = cookieValue(request, COOKIE_LANG);
    request.lang = isLanguage(cookie)
      ? cookie
      : (fromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE);
  });
});
