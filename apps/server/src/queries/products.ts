import type { ProductCode } from '@portal/shared/products';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

/** Products the given enterprises have rights to, in catalogue order. */
export function listEnterpriseProducts(db: Executor, enterpriseIds: number[]) {
  if (enterpriseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('enterprise_products')
    .innerJoin('products', 'products.id', 'enterprise_products.product_id')
    .select([
      'enterprise_products.enterprise_id as enterpriseId',
      'products.id',
      'products.code',
      'products.entry_path as entryPath',
    ])
    .where(ofCompany('enterprise_products', enterpriseIds))
    .orderBy('products.sort_order')
    .execute();
}

export function findProductsByCode(db: Executor, codes: ProductCode[]) {
  // `in ()` is a syntax error on PostgreSQL
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'code']).where('code', 'in', codes).execute();
}

/** Grants rights; granting one the enterprise already has is a no-op. */
export async function insertEnterpriseProducts(db: Executor, enterpriseId: number, productIds: number[], now: number) {
  if (productIds.length === 0) return;
  await db
    .insertInto('enterprise_products')
    .values(productIds.map((productId) => ({ enterprise_id: enterpriseId, product_id: productId, granted_at: now })))
    .onConflict((oc) => oc.columns(['enterprise_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteEnterpriseProducts(db: Executor, enterpriseId: number, productIds: number[]) {
  if (productIds.length === 0) return;
  await db
    .deleteFrom('enterprise_products')
    .where(ofCompany('enterprise_products', enterpriseId))
    .where('product_id', 'in', productIds)
    .execute();
}
