import fastifyAccepts from '@fastify/accepts';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@portal/shared/constants';
import { DEFAULT_LANGUAGE, isLanguage } from '@portal/shared/constants';
import { COOKIE_LANG } from '@portal/shared/cookies';
import type { AppContext } from '../context.ts';
import { pageLanguage } from '../libraries/platform/page-language.ts';
import type { Auth } from '../libraries/platform/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: Auth | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The outcome by Accept-Language header: browsers send a handful of distinct values, and negotiating
 *  one again on every request costs more than the rest of reading a request's language. Bounded, as
 *  the header is the client's to choose. */
const NEGOTIATED = new Map<string, Language>();
const NEGOTIATED_KEPT = 500;

/** The language cookie the products share, if it names one of ours. */
export function languageCookie(request: FastifyRequest): Language | undefined {
  // requests refused before routing have not been through the cookie parser's hook
  const cookies = request.cookies ?? request.server.parseCookie(request.headers.cookie ?? '');
  const value = cookies[COOKIE_LANG];
  return isLanguage(value) ? value : undefined;
}

/** The language cookie, else the browser's preference (Accept-Language), else the default. */
function requestLanguage(request: FastifyRequest): Language {
  const cookie = languageCookie(request);
  if (cookie) return cookie;
  const header = request.headers['accept-language'];
  // without a preference the negotiator would pick the first offered, which is the default
  if (!header) return DEFAULT_LANGUAGE;
  let language = NEGOTIATED.get(header);
  if (!language) {
    language = pageLanguage(undefined, header, (offered) => request.language(offered));
    if (NEGOTIATED.size >= NEGOTIATED_KEPT) NEGOTIATED.clear();
    NEGOTIATED.set(header, language);
  }
  return language;
}

/** The language of a response. The auth hook refines it with the signed-in user's saved language when
 *  there is no language cookie. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCookie);
  await app.register(fastifyAccepts);
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = requestLanguage(request);
    done();
  });
});
