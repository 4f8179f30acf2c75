import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { findGrantLink, findLatestGrantLink, insertGrantLink } from '../../queries/openid.ts';
import { portalSessionOf } from './portal-session.ts';
import { GRANT_TTL_MS } from './provider.ts';

type Grant = InstanceType<Provider['Grant']>;

/**
 * A grant is made in one company, and its tokens say that company for their whole life: a sign-in
 * for another company gets a grant of its own instead of changing the company of one whose tokens
 * are out there. The grant `grantId` is reused only by the same person in the same company.
 */
export async function grantInCompany(
  ctx: AppContext,
  provider: Provider,
  grantId: string | undefined,
  accountId: string,
  enterpriseId: number | null,
): Promise<Grant | undefined> {
  const grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== accountId) return undefined;
  const link = await findGrantLink(ctx.db, grant.jti);
  return link && link.enterprise_id === enterpriseId ? grant : undefined;
}

/**
 * The provider's `loadExistingGrant`: the library's own choice (the grant an interaction just made,
 * else the one the session holds for the client), except that a request naming a company
 * (`company_id`) does not get the grant of another company. It then has no grant, and the person
 * goes through the portal's screen for the company it names.
 */
export async function existingGrant(ctx: AppContext, oidc: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { result, session, client, params, provider } = oidc.oidc;
  const made = result?.consent?.grantId;
  if (made) return provider.Grant.find(made);
  const named = params?.company_id;
  const grantId = session?.grantIdFor(client!.clientId);
  if (!grantId) {
    // a person at the screen chooses again (a company, a consent); only a silent request, which cannot
    // ask, goes on with the choice made in another browser
    const silent = String(params?.prompt ?? '')
      .split(' ')
      .includes('none');
    return silent ? grantOfAnotherBrowser(ctx, oidc, named === undefined ? undefined : String(named)) : undefined;
  }
  if (named !== undefined) {
    const link = await findGrantLink(ctx.db, grantId);
    if (link?.enterprise_id == null || String(link.enterprise_id) !== String(named)) return undefined;
  }
  return provider.Grant.find(grantId);
}

/**
 * A silent request from a browser the product has not signed in from yet, with a live portal session: the person's newest
 * grant to the client (in the company the request names, if any), made in another browser, stands for
 * their consent and company. It is copied into a grant of this browser's portal session, so that a
 * product signs a plainly signed-in person in silently in any browser, and each browser's grant still
 * ends with its own portal session.
 */
async function grantOfAnotherBrowser(
  ctx: AppContext,
  oidc: KoaContextWithOIDC,
  named: string | undefined,
): Promise<Grant | undefined> {
  const { session, client, provider } = oidc.oidc;
  const accountId = session?.accountId;
  if (!accountId || !client || (named !== undefined && !/^\d{1,15}$/.test(named))) return undefined;
  const portal = await portalSessionOf(ctx, oidc.get('cookie'));
  if (!portal || String(portal.user.id) !== accountId) return undefined;
  const link = await findLatestGrantLink(ctx.db, {
    userId: portal.user.id,
    clientId: client.clientId,
    enterpriseId: named === undefined ? undefined : Number(named),
    now: ctx.now(),
  });
  const source = link ? await provider.Grant.find(link.grant_id) : undefined;
  if (!link || !source || source.accountId !== accountId) return undefined;
  const copy = new provider.Grant({ accountId, clientId: client.clientId });
  if (source.openid?.scope) copy.addOIDCScope(source.openid.scope);
  if (source.openid?.claims?.length) copy.addOIDCClaims(source.openid.claims);
  for (const [resource, scope] of Object.entries(source.resources ?? {})) copy.addResourceScope(resource, scope);
  const grantId = await copy.save();
  await insertGrantLink(ctx.db, {
    grant_id: grantId,
    client_id: client.clientId,
    user_id: portal.user.id,
    enterprise_id: link.enterprise_id,
    portal_session_id: portal.sessionId,
    expires_at: ctx.now() + GRANT_TTL_MS,
  });
  return copy;
}
