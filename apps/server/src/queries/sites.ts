import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { SitesTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';
import { likePattern } from './members.ts';

export type SiteRow = Selectable<SitesTable>;

/** A site by its public id, whoever owns it (the caller checks that the company may see it). */
export function findSiteByPublicId(db: Executor, publicId: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** A site of this owner only: another company's is undefined, as one that does not exist. */
export function findOwnSite(db: Executor, enterpriseId: number, publicId: string): Promise<SiteRow | undefined> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('public_id', '=', publicId)
    .where(ofCompany('sites', enterpriseId))
    .executeTakeFirst();
}

export function findSiteById(db: Executor, id: number): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countLiveSites(db: Executor, enterpriseId: number): Promise<number> {
  const { held } = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where(ofCompany('sites', enterpriseId))
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(held);
}

/** Whether another live site of the owner has the name (`except`: the site being renamed). */
export async function liveSiteNameTaken(
  db: Executor,
  enterpriseId: number,
  name: string,
  except?: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sites')
    .select('id')
    .where(ofCompany('sites', enterpriseId))
    .where('name', '=', name)
    .where('retired_at', 'is', null)
    .$if(except !== undefined, (q) => q.where('id', '<>', except!))
    .executeTakeFirst();
  return row !== undefined;
}

export function insertSite(db: Executor, values: Omit<Insertable<SitesTable>, 'id'>): Promise<SiteRow> {
  return db.insertInto('sites').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSite(
  db: Executor,
  id: number,
  change: Omit<Updateable<SitesTable>, 'id' | 'public_id' | 'enterprise_id' | 'created_at'>,
): Promise<SiteRow> {
  return db.updateTable('sites').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Up to `limit` of an owner's sites in the order they were made, after the site `after` (its id)
 * when given; `keyword` matches part of the name or region (`lower()` on both sides: LIKE ignores
 * case on SQLite but not on PostgreSQL).
 */
export function listOwnSites(
  db: Executor,
  enterpriseId: number,
  options: { keyword?: string | undefined; status: 'live' | 'retired' | 'all'; after?: number; limit: number },
): Promise<SiteRow[]> {
  const { keyword, status, after } = options;
  return db
    .selectFrom('sites')
    .selectAll()
    .where(ofCompany('sites', enterpriseId))
    .$if(status === 'live', (q) => q.where('retired_at', 'is', null))
    .$if(status === 'retired', (q) => q.where('retired_at', 'is not', null))
    .$if(keyword !== undefined, (q) =>
      q.where((eb) => {
        const pattern = likePattern(keyword!);
        return eb.or([
          sql<boolean>`lower(${sql.ref('name')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${sql.ref('region')}) like ${pattern} escape '\\'`,
        ]);
      }),
    )
    .$if(after !== undefined, (q) => q.where('id', '>', after!))
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

/** The companies a change of sites names, by id: their names and domains for events and audit rows. */
export function listCompaniesByIds(db: Executor, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('enterprises')
    .select(['id', 'full_name as name', 'domain'])
    .where('id', 'in', [...ids])
    .execute();
}
