import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdministrator } from '../../libraries/company/settings-access.ts';
import { callerOf } from '../calls.ts';

/**
 * The gate of administrators' calls: an administrator of the session's current company, which has the
 * settings centre. It runs at preParsing, after the session's gate and before the body is parsed or
 * validated, so that anyone else is refused with 1000403 whatever they send, and never gets to
 * stream an upload. The request is decorated with `administrator` by the key's gate, registered first.
 */
export const administratorAudience = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request) => {
    if (request.routeOptions.config.call?.audience !== 'administrator') return;
    // a company API key's gate (api-key.ts) found the administrator already
    if (request.administrator) return;
    request.administrator = await requireAdministrator(app.ctx, callerOf(request));
  });
});
