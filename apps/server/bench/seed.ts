/**
 * The data the figures are measured on, written straight into the database in a few batched
 * transactions: 1,000 companies with their default department and branding, 20,000 users (or the
 * sizes given), the companies' product rights and memberships. Every user has the same password hash,
 * made once with the portal's own argon2id parameters, so that seeding takes seconds and every
 * sign-in costs what a real one costs.
 */
import { sql } from 'kysely';
import { translate } from '@portal/shared/locales/catalog';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hashPassword } from '../src/libraries/platform/passwords.ts';
import { userRow } from '../test-kit/users.ts';

export const COMPANIES = 1_000;
export const USERS = 20_000;
export const PASSWORD = 'Bench-2026-secret';
/** Every tenth user is also in a second company, as in the portal's companion-company cases. */
const SECOND_COMPANY_EVERY = 10;
const BATCH_ROWS = 500;

export const accountOf = (user: number) => `bench${user}`;

/** Users 10, 20, 30 ... belong to two companies: the ones portal/info is read for. */
export function twoCompanyUsers(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i + 1) * SECOND_COMPANY_EVERY);
}

/** Whether company `id` holds the product at `index` of the catalogue's order: four or five of the
 *  seven each, varying from company to company. */
export const holdsProduct = (id: number, index: number) => (id + index) % 3 !== 0;

/** Users 1, 2, 3 ... in one company only whose company holds the product at `index`. */
export function oneCompanyUsersHolding(index: number, count: number, companies = COMPANIES): number[] {
  const users: number[] = [];
  for (let user = 1; users.length < count; user++)
    if (user % SECOND_COMPANY_EVERY !== 0 && holdsProduct(companyOf(user, companies), index)) users.push(user);
  return users;
}

function companyOf(user: number, companies: number): number {
  return ((user - 1) % companies) + 1;
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) yield rows.slice(i, i + BATCH_ROWS);
}

/** How many companies and users: the bench's figures are on COMPANIES and USERS, the growth case seeds
 *  other sizes. */
export interface PlatformSize {
  companies: number;
  users: number;
}

export interface Seeded {
  passwordHash: string;
  seconds: number;
}

export async function migrateAndSeed(
  database: Db,
  { companies, users }: PlatformSize = { companies: COMPANIES, users: USERS },
): Promise<Seeded> {
  const { db, engine } = database;
  const started = Date.now();
  await migrateToLatest(database);
  const passwordHash = await hashPassword(PASSWORD);
  const now = Date.now();
  const products = await db.selectFrom('products').select('id').orderBy('sort_order').execute();
  const companyIds = Array.from({ length: companies }, (_, i) => i + 1);
  const userIds = Array.from({ length: users }, (_, i) => i + 1);

  await db.transaction().execute(async (trx) => {
    for (const part of batches(companyIds)) {
      await trx
        .insertInto('enterprises')
        .values(
          part.map((id) => ({
            id,
            kind: 'common' as const,
            abbreviation: `Bench${id}`,
            full_name: `Bench Company ${id} Ltd`,
            credit_code: `91330100BENCH${String(id).padStart(5, '0')}`,
            domain: `bench${id}`,
            parent_enterprise_id: null,
            created_at: now,
          })),
        )
        .execute();
      // the default department takes its company's id, so that memberships can name it directly
      await trx
        .insertInto('departments')
        .values(
          part.map((id) => ({
            id,
            enterprise_id: id,
            name: `Bench${id}`,
            parent_id: null,
            is_default: 1,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('personalizations')
        .values(
          part.map((id) => ({
            enterprise_id: id,
            platform_name: `Bench${id}`,
            platform_name_cn: translate('zh-CN', 'common.platformTitle'),
            platform_name_en: translate('en-US', 'common.platformTitle'),
            language_type: 'zh-CN' as const,
            icon: null,
            icon_type: null,
            icon_version: 0,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('enterprise_products')
        .values(
          part.flatMap((id) =>
            products
              .filter((_, index) => holdsProduct(id, index))
              .map((product) => ({ enterprise_id: id, product_id: product.id, granted_at: now })),
          ),
        )
        .execute();
    }

    for (const part of batches(userIds)) {
      await trx
        .insertInto('users')
        .values(
          part.map((id) =>
            userRow({
              id,
              account: accountOf(id),
              nickname: `Bench User ${id}`,
              // 136...: apart from the demo tenant's 138 phones, which the bench's portal seeds on its first
              // start, and from the test fixtures' 139 ones, which the growth figures add beside the seed
              phone: String(13_600_000_000 + id),
              email: `bench${id}@example.com`,
              passwordHash,
              at: now,
            }),
          ),
        )
        .execute();
      await trx
        .insertInto('memberships')
        .values(
          part.flatMap((id) => {
            const first = companyOf(id, companies);
            // the first user of each company administers it
            const rows = [
              {
                enterprise_id: first,
                user_id: id,
                role: id <= companies ? ('admin' as const) : ('member' as const),
                department_id: first,
                joined_at: now,
              },
            ];
            if (id % SECOND_COMPANY_EVERY === 0 && companies > 1) {
              const second = ((first - 1 + Math.floor(companies / 2)) % companies) + 1;
              rows.push({ enterprise_id: second, user_id: id, role: 'member', department_id: second, joined_at: now });
            }
            return rows;
          }),
        )
        .execute();
    }

    if (engine === 'postgres') {
      // ids were given explicitly: the sequences move past them for the rows the portal adds
      for (const table of ['enterprises', 'departments', 'users'] as const) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          trx,
        );
      }
    }
  });
  // the planner's statistics, as autovacuum gathers them on a database in use: without them, just
  // after the seed, PostgreSQL plans the companies' joins as scans of whole tables
  if (engine === 'postgres') await sql`analyze`.execute(db);
  return { passwordHash, seconds: (Date.now() - started) / 1000 };
}
