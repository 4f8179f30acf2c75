import { type ProductCode, isProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import type { InvitationRow } from '../../queries/invitations.ts';
import {
  deleteEnterpriseProducts,
  findProductsByCode,
  insertEnterpriseProducts,
  listEnterpriseProducts,
} from '../../queries/products.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { companyTransaction, lockCompanies } from '../platform/company-transaction.ts';
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

/**
 * Gives or takes a company's product rights in `db`, the transaction of the change, and records what
 * it changed as an event (none when the company held them as asked already): the products' own
 * endpoints learn of it, those of a product taken away included.
 */
export async function changeProductRights(
  ctx: AppContext,
  db: Executor,
  enterpriseId: number,
  change: { grant: number[] } | { revoke: number[] },
): Promise<void> {
  // two operators changing one company at once would each see the other's rights half-applied
  await lockCompanies(db, [enterpriseId]);
  const codesOf = async () =>
    (await listEnterpriseProducts(db, [enterpriseId])).map((product) => product.code as ProductCode);
  const before = await codesOf();
  if ('grant' in change) await insertEnterpriseProducts(db, enterpriseId, change.grant, ctx.now());
  else await deleteEnterpriseProducts(db, enterpriseId, change.revoke);
  const after = await codesOf();
  const added = after.filter((code) => !before.includes(code));
  const removed = before.filter((code) => !after.includes(code));
  if (!added.length && !removed.length) return;
  await recordEvent(ctx, db, {
    enterpriseId,
    type: 'company.product_rights_changed',
    data: { products: after, added, removed },
  });
}

/** Gives an enterprise (by domain) rights to products (by code). */
export async function grantProducts(ctx: AppContext, domain: string, codes: string[]): Promise<void> {
  const { enterpriseId, productIds } = await resolve(ctx, domain, codes);
  await companyTransaction(ctx, [enterpriseId], (trx) =>
    changeProductRights(ctx, trx, enterpriseId, { grant: productIds }),
  );
}

/** Takes rights away; the company's people are signed out of those products' sessions begun through
 *  the OpenID provider (the shared-cookie products check the rights on their next call themselves). */
export async function revokeProducts(ctx: AppContext, domain: string, codes: string[]): Promise<void> {
  const { enterpriseId, productIds } = await resolve(ctx, domain, codes);
  await companyTransaction(ctx, [enterpriseId], (trx) =>
    changeProductRights(ctx, trx, enterpriseId, { revoke: productIds }),
  );
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
  await changeProductRights(ctx, db, enterpriseId, { grant: products.map((p) => p.id) });
}
