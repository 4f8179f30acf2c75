import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Database, MembershipsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

export type MembershipRow = Selectable<MembershipsTable>;

export function findMembership(db: Executor, enterpriseId: number, userId: number): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where(ofCompany('memberships', enterpriseId))
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A user's companies in the order they joined them. */
export function listUserEnterprises(db: Executor, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
    .select([
      'enterprises.id as enterpriseId',
      'enterprises.full_name as fullName',
      'enterprises.abbreviation as abbreviation',
      'enterprises.domain as domain',
      'memberships.role as role',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.joined_at')
    .orderBy('enterprises.id')
    .execute();
}

export async function insertMembership(db: Executor, values: Insertable<MembershipsTable>): Promise<void> {
  await db.insertInto('memberships').values(values).execute();
}

/** The columns of a user's companies with their products, one row per company and product. */
const COMPANY_PRODUCT_COLUMNS = [
  'enterprises.id as enterpriseId',
  'enterprises.full_name as fullName',
  'enterprises.abbreviation as abbreviation',
  'enterprises.domain as domain',
  'memberships.role as role',
  'products.id as productId',
  'products.code as productCode',
  'products.entry_path as entryPath',
] as const;

/** A user's companies with their products, for the user `users.id` of the enclosing query: the
 *  session's read, which so brings them in its own statement. */
export function companiesOfSessionUser(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('memberships')
    .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
    .leftJoin('enterprise_products', 'enterprise_products.enterprise_id', 'memberships.enterprise_id')
    .leftJoin('products', 'products.id', 'enterprise_products.product_id')
    .select(COMPANY_PRODUCT_COLUMNS)
    .whereRef('memberships.user_id', '=', 'users.id')
    .orderBy('memberships.joined_at')
    .orderBy('enterprises.id')
    .orderBy('products.sort_order');
}

export type CompanyProductRow = Awaited<ReturnType<typeof listUserEnterprisesWithProducts>>[number];

const enterprisesWithProducts = compiledOnce(
  (db, userId: number) =>
    db
      .selectFrom('memberships')
      .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
      .leftJoin('enterprise_products', 'enterprise_products.enterprise_id', 'memberships.enterprise_id')
      .leftJoin('products', 'products.id', 'enterprise_products.product_id')
      .select(COMPANY_PRODUCT_COLUMNS)
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.joined_at')
      .orderBy('enterprises.id')
      .orderBy('products.sort_order'),
  [-1],
);

/** A user's companies in the order they joined them, each with the products it has rights to in
 *  catalogue order: one row per company and product, or one with null product fields for a company
 *  without any. One statement, as the portal reads it on every page. */
export async function listUserEnterprisesWithProducts(db: Executor, userId: number) {
  return (await enterprisesWithProducts(db, userId).execute(db)).rows;
}
