import type Provider from 'oidc-provider';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import type { AppContext } from '../../context.ts';
import { revokeSession } from '../../queries/sessions.ts';
import { recordAudit } from '../platform/audit.ts';
import { authenticate } from '../platform/sessions.ts';

function cookieValue(header: string | undefined, name: string): string | null {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`));
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The portal's token cookie expired, as the web app writes it (lib/cookies.ts): host-only, and on the
 *  main domain when one is configured. */
function expiredTokenCookies(mainDomain: string | null): string[] {
  const expired = `${COOKIE_TOKEN}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`;
  return mainDomain ? [expired, `${expired}; Domain=${mainDomain}`] : [expired];
}

/**
 * What the portal does on the provider's events: a product's "sign out" (RP-initiated logout) signs
 * the person out of the portal too, and so out of every other product; the operators' metrics count
 * sign-ins by client, tokens issued and refresh failures.
 */
export function watchProvider(ctx: AppContext, provider: Provider): void {
  // the confirmed sign-outs by their request: whether the browser's portal session was ended
  const portalSignOuts = new WeakMap<object, Promise<boolean>>();
  provider.on('end_session.success', (koa) => {
    // without `logout=yes` the person chose "stay signed in": out of that product only
    if (!koa.oidc.params?.logout) return;
    const token = cookieValue(koa.get('cookie'), COOKIE_TOKEN);
    // the person whose provider session ends: the browser's portal session may be someone else's now
    // (a refused person signed in with another account, and the provider signs the first one out at
    // the resume), and that one stays signed in
    const accountId = koa.oidc.session?.accountId;
    if (!token) return;
    const ended = (async () => {
      const session = await authenticate(ctx, token);
      if (!session || (accountId !== undefined && String(session.user.id) !== accountId)) return false;
      await revokeSession(ctx.db, session.sessionId, ctx.now());
      await recordAudit(ctx, {
        action: 'logout',
        userId: session.user.id,
        enterpriseId: session.enterpriseId,
        ip: koa.ip,
      });
      ctx.productSessions?.endForPortalSession(session.sessionId);
      return true;
    })().catch((error: unknown) => {
      ctx.log.error({ err: error }, 'signing out of the portal after a product failed');
      return false;
    });
    portalSignOuts.set(koa, ended);
  });
  // The answer to the confirmed sign-out expires the portal's token cookie too: left in place, it made
  // the next portal visit greet the person with "login expired" although they had signed out.
  provider.use(async (koa, next) => {
    await next();
    const ended = portalSignOuts.get(koa);
    if (ended && (await ended))
      for (const cookie of expiredTokenCookies(ctx.config.mainDomain)) koa.append('Set-Cookie', cookie);
  });
  provider.on('authorization.success', (koa) => ctx.metrics?.openid('sign-in', koa.oidc.client?.clientId ?? 'unknown'));
  provider.on('grant.success', (koa) => ctx.metrics?.openid('token', String(koa.oidc.params?.grant_type ?? 'unknown')));
  provider.on('grant.error', (koa) => {
    if (koa.oidc.params?.grant_type === 'refresh_token')
      ctx.metrics?.openid('refresh-failure', koa.oidc.client?.clientId ?? 'unknown');
  });
  provider.on('server_error', (_koa, error) => ctx.log.error({ err: error }, 'OpenID provider error'));
}
