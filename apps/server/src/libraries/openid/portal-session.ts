import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { type KoaContextWithOIDC, interactionPolicy } from 'oidc-provider';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import type { AppContext } from '../../context.ts';
import { moveGrantLinkToSession } from '../../queries/openid.ts';
import { type Auth, authenticate } from '../platform/sessions.ts';
import { followLoadedSessions, newSession, useSession } from './provider-internals.ts';
import { portalSignInOf } from './step-up.ts';

type ProviderSession = InstanceType<Provider['Session']>;
type Grant = InstanceType<Provider['Grant']>;

/** The portal session of a request to the provider: the portal's session cookie is on the same origin. */
export async function portalSessionOf(ctx: AppContext, cookieHeader: string | undefined): Promise<Auth | null> {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE_TOKEN}=([^;]+)`));
  return match ? authenticate(ctx, decodeURIComponent(match[1]!)) : null;
}

/** The portal session of one request, looked up once for the session binding and the policy's check. */
const portalOfRequest = new WeakMap<IncomingMessage, Promise<Auth | null>>();

function portalOf(ctx: AppContext, koa: KoaContextWithOIDC): Promise<Auth | null> {
  let portal = portalOfRequest.get(koa.req);
  if (!portal) {
    portal = portalSessionOf(ctx, koa.get('cookie'));
    portalOfRequest.set(koa.req, portal);
  }
  return portal;
}

/**
 * The `login` prompt's check that the provider's session is the portal session's: none (it idled out,
 * expired, was signed out or revoked in "My sessions") or another person's asks for the portal's
 * screen, and `prompt=none` learns `login_required`. A sign-in that has just been through the screen
 * (`result.login`) was made with a live portal session.
 */
export function portalSessionCheck(ctx: AppContext) {
  return new interactionPolicy.Check(
    'portal_session',
    'the portal session has ended',
    'login_required',
    async (koa: KoaContextWithOIDC) => {
      if (koa.oidc.result?.login) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const portal = await portalOf(ctx, koa);
      return portal && String(portal.user.id) === koa.oidc.session?.accountId
        ? interactionPolicy.Check.NO_NEED_TO_PROMPT
        : interactionPolicy.Check.REQUEST_PROMPT;
    },
  );
}

/**
 * The provider's session of a browser at an authorization request follows its live portal session, so
 * that a product signs the person in silently (`prompt=none`) right after a portal sign-in:
 * - none, or the same person's: signed in as the portal's person, at the portal session's sign-in
 *   unless a step-up within this portal session is more recent (its `amr` and `acr` stay);
 * - another person's: a new provider session signed in as the portal's person, the old one left to
 *   expire (back-channel logout still reaches the products of its grants when those end).
 */
async function followPortalSession(
  ctx: AppContext,
  provider: Provider,
  koa: KoaContextWithOIDC,
  session: ProviderSession,
): Promise<ProviderSession> {
  const portal = await portalOf(ctx, koa);
  if (!portal) return session;
  const accountId = String(portal.user.id);
  const signedIn = Math.floor(portal.signedInAt / 1000);
  if (session.accountId === accountId && (session.loginTs ?? 0) >= signedIn) return session;

  const bound = session.accountId && session.accountId !== accountId ? newSession(provider) : session;
  bound.loginAccount({ accountId, loginTs: signedIn, ...portalSignInOf(portal) });
  useSession(koa, bound, bound !== session);
  return bound;
}

/**
 * The grant a request of a live portal session goes on with belongs to that session from then on: a
 * product's sign-in renewed after an earlier portal session idled out ends, with its tokens and
 * back-channel logout, when the current one ends. Wraps the provider's `loadExistingGrant`.
 */
export async function followedGrant(
  ctx: AppContext,
  koa: KoaContextWithOIDC,
  grant: Grant | undefined,
): Promise<Grant | undefined> {
  const portal = grant ? await portalOf(ctx, koa) : null;
  if (grant?.jti && portal && String(portal.user.id) === grant.accountId) {
    await moveGrantLinkToSession(ctx.db, grant.jti, portal.sessionId);
  }
  return grant;
}

/**
 * Installs the binding: the provider loads a browser's session with `Session.get` at the start of an
 * authorization request, before it reads the account and the grant. A middleware of `provider.use`
 * runs before that too, but could hand over neither a session whose record is gone (the portal's
 * sign-out deletes it) nor a new browser's: only the session the request itself loads carries over.
 */
export function bindToPortalSession(ctx: AppContext, provider: Provider): void {
  followLoadedSessions(provider, (koa, session) =>
    koa.oidc?.route === 'authorization' ? followPortalSession(ctx, provider, koa, session) : Promise.resolve(session),
  );
}
