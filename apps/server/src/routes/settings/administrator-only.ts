import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { type Administrator, requireAdministrator } from '../../libraries/settings-access.ts';
import { failureAnswers } from '../../plugins/validation.ts';

/** The first words of every administrator call's description. */
export const ADMINISTRATOR_ONLY =
  "The session's current company; administrators of a company with the `settcntr` product only (others, and every administrator of a company without it: 1000403 with `redirect-page: 001`; no session: 1000401).";

/**
 * Makes every route of the (encapsulated) plugin an administrator's: the gate runs at preParsing, after
 * the session hook and before the body is parsed or validated, so that anyone else is refused with
 * 1000403 whatever they send, and never gets to stream an upload. Each route's schema says so.
 */
export function administratorOnly(app: FastifyInstance): void {
  // a new schema object: routes share their response objects
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, response: { ...failureAnswers(403), ...(route.schema?.response as object) } };
  });
  app.addHook('preParsing', async (request) => {
    request.administrator = await requireAdministrator(app.ctx, request.auth, request.ip);
  });
}

/** The administrator the gate of `administratorOnly` found, typed as present; a route outside such a
 *  plugin has none and is refused as the gate would refuse it. */
export function administratorOf(request: FastifyRequest): Administrator {
  if (!request.administrator) throw new AppError(ErrorCode.Forbidden);
  return request.administrator;
}
