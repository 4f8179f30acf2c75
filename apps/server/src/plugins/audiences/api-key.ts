import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionNeedOf } from '@portal/shared/api/contract/define';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import { administratorOfKey, isApiKeyToken } from '../../libraries/integrations/api-keys.ts';
import { authorizationToken } from './authorization-token.ts';

/**
 * The gate of company API keys (`Authorization: Bearer pak_...`, or the bare key as sessions may be). On a call that names a key scope
 * (`apiKey` in its declaration) a live key with that scope acts as an administrator of its company:
 * the administrator's gate then takes it as found. A key is never a session: on any other call that
 * needs or reads one (personal, portal, settings, the keys themselves) it is 1009201, whatever the
 * key, so that the machine learns the call is not for keys rather than that a session ended. Runs at
 * preParsing, before the sessions' gate, and after the per-address request rate (an onRequest hook).
 */
export const apiKeyAudience = fp(async (app: FastifyInstance) => {
  app.decorateRequest('administrator', null);
  app.addHook('preParsing', async (request) => {
    const { call } = request.routeOptions.config;
    // a call that reads no session reads no key either: the header means nothing to it
    if (!call || !sessionNeedOf(call)) return;
    const token = authorizationToken(request.headers.authorization);
    if (token === null || !isApiKeyToken(token)) return;
    if (!call.apiKey) throw new AppError(ErrorCode.ApiKeyCallRefused);
    request.administrator = await administratorOfKey(app.ctx, token, call.apiKey, request.ip);
  });
});
