import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { findGrantLink } from '../../queries/openid.ts';

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
  const grantId = session?.grantIdFor(client!.clientId);
  if (!grantId) return undefined;
  const named = params?.company_id;
  if (named !== undefined) {
    const link = await findGrantLink(ctx.db, grantId);
    if (link?.enterprise_id == null || String(link.enterprise_id) !== String(named)) return undefined;
  }
  return provider.Grant.find(grantId);
}
