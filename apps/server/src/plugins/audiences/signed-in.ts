import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionNeedOf } from '@portal/shared/api/contract/define';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import { authenticate } from '../../libraries/platform/sessions.ts';
import { languageCookie } from '../request-context.ts';
import { authorizationToken } from './authorization-token.ts';

/** A session token's shape: anything else is not looked up. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The gate of signed-in calls (and the session of those that read one when sent). Runs at preParsing: after the request-rate limiter (an onRequest hook), so that a flood of bad
 *  tokens is throttled before it reaches the database, and before the body is parsed or validated. */
export const signedInAudience = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request) => {
    const { call } = request.routeOptions.config;
    const mode = call && sessionNeedOf(call);
    // a company API key's gate (api-key.ts) let the request through as its company's administrator
    if (!call || !mode || request.administrator) return;
    const sent = authorizationToken(request.headers.authorization);
    const token = sent && SESSION_TOKEN.test(sent) ? sent : null;
    request.auth = token ? await authenticate(app.ctx, token, request.routeOptions.config.sessionRead) : null;
    if (!request.auth) {
      if (mode === 'required') throw new AppError(ErrorCode.Unauthorized);
      return;
    }
    const { user } = request.auth;
    if (!languageCookie(request)) request.lang = user.lang_code;
    // the one gate of what the platform's support may not do in a company that let it in
    // (docs/support-access.md#what-support-may-not-do): every call that changes security, grants,
    // keys, webhooks or credentials, or approves, says so in its declaration
    if (request.auth.support && call.notForSupport) throw new AppError(ErrorCode.SupportRefused);
    const settling = call.beforeAccountSettled;
    const cutOff = app.ctx.now() > app.ctx.config.phoneCertifyCutoffMs;
    if (cutOff && !user.phone_certified && !settling) {
      throw new AppError(ErrorCode.PhoneVerificationRequired);
    }
    // a company of the member requires two-step sign-in: a password alone reaches its set-up only
    if (
      mode === 'required' &&
      request.auth.twoStepRequired &&
      user.totp_enabled_at === null &&
      !call.duringTwoStepSetup &&
      !settling
    ) {
      throw new AppError(ErrorCode.TwoStepSetupRequired);
    }
  });
});
