import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import { type Auth, authenticate } from '../../libraries/sessions.ts';
import { languageCookie } from '../request-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `required`: 1000401 without a live session; `optional`: the session when there is one. */
    auth?: 'required' | 'optional';
    /** Reachable by an account without a verified phone after the cut-off date
     *  (docs/personal-centre.md#phone-verification); also by a member who must set up two-step sign-in,
     *  since these calls only settle the account. */
    uncertifiedAllowed?: boolean;
    /** Reachable by a member whose company requires two-step sign-in before it is set up. */
    twoStepSetupAllowed?: boolean;
  }
}

/** `Authorization: Bearer <token>`, or the bare token as the cookie-sharing products send it. */
function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  // the scheme is case-insensitive (RFC 9110, section 11.1): `bearer` and `BEARER` are Bearer too
  const token = header.replace(/^bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/** Whether the route's call needs a session, or reads one when sent. */
function sessionMode(request: FastifyRequest): 'required' | 'optional' | undefined {
  const { call, auth } = request.routeOptions.config;
  if (!call) return auth;
  if (call.audience === 'signedIn' || call.audience === 'administrator') return 'required';
  return call.session;
}

/** The gate of signed-in calls (and the session of those that read one when sent). Runs at preParsing: after the request-rate limiter (an onRequest hook), so that a flood of bad
 *  tokens is throttled before it reaches the database, and before the body is parsed or validated. */
export const signedInAudience = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request) => {
    const mode = sessionMode(request);
    if (!mode) return;
    const token = tokenFromHeader(request.headers.authorization);
    request.auth = token ? await authenticate(app.ctx, token) : null;
    if (!request.auth) {
      if (mode === 'required') throw new AppError(ErrorCode.Unauthorized);
      return;
    }
    const { user } = request.auth;
    if (!languageCookie(request)) request.lang = user.lang_code;
    const { config } = request.routeOptions;
    const settling = config.uncertifiedAllowed || config.call?.beforeAccountSettled;
    const cutOff = app.ctx.now() > app.ctx.config.phoneCertifyCutoffMs;
    if (cutOff && !user.phone_certified && !settling) {
      throw new AppError(ErrorCode.PhoneVerificationRequired);
    }
    // a company of the member requires two-step sign-in: a password alone reaches its set-up only
    if (
      mode === 'required' &&
      request.auth.twoStepRequired &&
      user.totp_enabled_at === null &&
      !config.twoStepSetupAllowed &&
      !config.call?.duringTwoStepSetup &&
      !settling
    ) {
      throw new AppError(ErrorCode.TwoStepSetupRequired);
    }
  });
});

/**
 * The session of a route declared with `auth: 'required'`, typed as present. The hook has already
 * refused such a request without one; a route that forgot the declaration refuses it here, with the
 * same 1000401, rather than reaching its library without a session.
 */
export function sessionOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError(ErrorCode.Unauthorized);
  return request.auth;
}
