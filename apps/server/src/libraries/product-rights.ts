import { isProductCode } from '@portal/shared/products';
import type { AppContext } from '../context.ts';
import { findEnterpriseByDomain } from '../queries/enterprises.ts';
import type { Executor } from '../queries/executor.ts';
import type { InvitationRow } from '../queries/invitations.ts';
import { deleteEnterpriseProducts, findProductsByCode, insertEnterpriseProducts } from '../queries/products.ts';
import { invitedProducts } from './invitations.ts';

export class UnknownNameError extends Error {}

async function resolve(ctx: AppContext, domain: string, codes: string[]) {
  const enterprise = await findEnterpriseByDomain(ctx.db, domain);
  if (!enterprise) throw new UnknownNameError(`unknown enterprise: ${domain}`);
  const known = codes.filter(isProductCode);
  const unknown = codes.filter((c) => !isProductCode(c));
  if (unknown.length) throw new UnknownNameError(`unknown product code: ${unknown.join(', ')}`);
  const products = await findProductsByCode(ctx.db, known);
  return { enterpriseId: enterprise.id, productIds: products.map((p) => p.id) };
}

/** Gives an enterprise (by domain) rights to products (by code). */
export async function grantProducts(ctx: AppContext, domain: string, codes: string[]): Promise<void> {
  const { enterpriseId, productIds } = await resolve(ctx, domain, codes);
  await insertEnterpriseProducts(ctx.db, enterpriseId, productIds, ctx.now());
}

/** Takes rights away; the company's people are signed out of those products' sessions begun through
 *  the OpenID provider (the shared-cookie products check the rights on their next call themselves). */
export async function revokeProducts(ctx: AppContext, domain: string, codes: string[]): Promise<void> {
  const { enterpriseId, productIds } = await resolve(ctx, domain, codes);
  await deleteEnterpriseProducts(ctx.db, enterpriseId, productIds);
  await ctx.productSessions?.endForCompanyProducts(enterpriseId, codes.filter(isProductCode));
}

/** Gives a company registered through an `admin` or `owner` link the products the link names. */
export async function grantInvitedProducts(
  ctx: AppContext,
  db: Executor,
  enterpriseId: number,
  invitation: InvitationRow,
): Promise<void> {
  const products = await findProductsByCode(db, invitedProducts(invitation));
  await insertEnterpriseProducts(
    db,
    enterpriseId,
    products.map((p) => p.id),
    ctx.now(),
  );
}
