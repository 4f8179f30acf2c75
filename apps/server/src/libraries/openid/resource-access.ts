import { type KoaContextWithOIDC, errors } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { findGrantLink } from '../../queries/openid.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { resourcesOfClient } from './clients.ts';
import { checkDeviceSite } from './device-flow.ts';
import { requestedScopes } from './provider-internals.ts';
import { clientMetadata, productOfClient, productOfResource } from './provider.ts';

/** The scope of a product's API: what a person consents to when a product asks for a token for it. */
export const PRODUCT_SCOPE = 'product';

type Client = NonNullable<KoaContextWithOIDC['oidc']['client']>;

const sameResource = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/**
 * Whether `client` may have an access token for `resource` here and now (RFC 8707), asked by the
 * provider at the authorization endpoint, at the token endpoint and at every refresh: the resource is
 * a product's API among the client's resources (its own product's, or the list the operator set); a
 * sign-in asks for it with the `product` scope; and a person's token needs the grant's consent to that
 * scope for it and a company that has the resource's product right at the moment of issue. Anything
 * else is `invalid_target`, and the client gets no token for the resource. Answers the seconds a
 * device's access to its site lasts (device-flow.ts), null for any other token.
 */
export async function checkResourceAccess(
  ctx: AppContext,
  oidc: KoaContextWithOIDC,
  resource: string,
  client: Client,
): Promise<number | null> {
  const product = productOfResource(ctx, resource);
  const own = productOfClient(client);
  if (
    !product ||
    !own ||
    !resourcesOfClient(ctx, own, clientMetadata(client).resources).some((r) => sameResource(r, resource))
  )
    throw new errors.InvalidTarget('the client may not ask for this resource');

  if (oidc.oidc.route !== 'token') {
    // without the scope the token would carry none, yet still open the API to the client: the
    // person consents to `product` for the resource, or the client gets no token for it
    if (!requestedScopes(oidc).has(PRODUCT_SCOPE))
      throw new errors.InvalidTarget(`a resource is asked for with the ${PRODUCT_SCOPE} scope`);
    return null;
  }

  const grant = oidc.oidc.entities.Grant;
  // client credentials: the client's own token, in no person's or company's name
  if (!grant) return null;
  if (!grant.getResourceScopeFiltered(resource, [PRODUCT_SCOPE]))
    throw new errors.InvalidTarget(`the ${PRODUCT_SCOPE} scope was not granted for this resource`);
  const link = grant.jti ? await findGrantLink(ctx.db, grant.jti) : undefined;
  const rights = link?.enterprise_id ? await listEnterpriseProducts(ctx.db, [link.enterprise_id]) : [];
  if (!rights.some((right) => right.code === product))
    throw new errors.InvalidTarget("the company has no right to the resource's product");
  return checkDeviceSite(ctx, oidc, grant, product);
}
