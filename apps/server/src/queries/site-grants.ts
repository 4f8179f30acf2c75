import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { SiteAssignmentsTable, SiteGrantsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type SiteGrantRow = Selectable<SiteGrantsTable>;
export type SiteAssignmentRow = Selectable<SiteAssignmentsTable>;

/** A grant as the chain view and the events name it: with both companies' names and domains. */
export type NamedGrantRow = SiteGrantRow & {
  grantorName: string;
  grantorDomain: string;
  granteeName: string;
  granteeDomain: string;
};

function namedGrants(db: Executor) {
  return db
    .selectFrom('site_grants')
    .innerJoin('enterprises as grantor', 'grantor.id', 'site_grants.grantor_enterprise_id')
    .innerJoin('enterprises as grantee', 'grantee.id', 'site_grants.grantee_enterprise_id')
    .selectAll('site_grants')
    .select([
      'grantor.full_name as grantorName',
      'grantor.domain as grantorDomain',
      'grantee.full_name as granteeName',
      'grantee.domain as granteeDomain',
    ]);
}

export function findGrantByPublicId(db: Executor, publicId: string): Promise<NamedGrantRow | undefined> {
  return namedGrants(db).where('site_grants.public_id', '=', publicId).executeTakeFirst();
}

export function findGrantById(db: Executor, id: number): Promise<NamedGrantRow | undefined> {
  return namedGrants(db).where('site_grants.id', '=', id).executeTakeFirst();
}

/** Every grant ever made on the site, in the order they were made: a parent always before its children. */
export function listGrantsOfSite(db: Executor, siteId: number): Promise<NamedGrantRow[]> {
  return namedGrants(db).where('site_grants.site_id', '=', siteId).orderBy('site_grants.id').execute();
}

/** The site's grants not revoked on the row, whatever their end or chain: the ones a company holds
 *  in the sense of the one-live-grant-per-company index. */
export function listUnrevokedGrantsOfSite(db: Executor, siteId: number): Promise<SiteGrantRow[]> {
  return db
    .selectFrom('site_grants')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countUnrevokedGrantsOfSite(db: Executor, siteId: number): Promise<number> {
  const { held } = await db
    .selectFrom('site_grants')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where('site_id', '=', siteId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(held);
}

export function insertGrant(db: Executor, values: Omit<Insertable<SiteGrantsTable>, 'id'>): Promise<SiteGrantRow> {
  return db.insertInto('site_grants').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Revokes the grants not revoked yet among `ids`; the descendants of a revoked grant stay as they
 *  are, ended by the rule of the chain. */
export async function revokeGrants(db: Executor, ids: number[], at: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('site_grants')
    .set({ revoked_at: at })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setGrantEnd(db: Executor, id: number, endsAt: number | null): Promise<void> {
  await db.updateTable('site_grants').set({ ends_at: endsAt }).where('id', '=', id).execute();
}

/** One link of a chain: the grant and where it stands in its own right. */
export interface ChainLink {
  id: number;
  parent_grant_id: number | null;
  grantor_enterprise_id: number;
  grantee_enterprise_id: number;
  template: SiteGrantRow['template'];
  may_share: number;
  starts_at: number;
  ends_at: number | null;
  revoked_at: number | null;
  /** 1 for the grant asked about, one more for each grant above it. */
  height: number;
}

/**
 * The grant and every grant above it, up to the owner's (the grant asked about first), read in one
 * statement (`with recursive`, on both engines), and whether the chain is in effect at `at`: every
 * link started, not ended, not revoked, and the site not retired. A grant is effective only while
 * every grant above it is, so this is read at every share-on and assignment, never remembered.
 */
export async function activeGrantChain(
  db: Executor,
  grantId: number,
  at: number,
): Promise<{ chain: ChainLink[]; active: boolean; siteRetired: boolean }> {
  const { rows } = await sql<ChainLink & { site_retired_at: number | null }>`
    with recursive chain as (
      select g.*, 1 as height from site_grants g where g.id = ${grantId}
      union all
      select p.*, chain.height + 1 from site_grants p join chain on p.id = chain.parent_grant_id
      where chain.height < 64
    )
    select chain.id, chain.parent_grant_id, chain.grantor_enterprise_id, chain.grantee_enterprise_id,
      chain.template, chain.may_share, chain.starts_at, chain.ends_at, chain.revoked_at, chain.height,
      sites.retired_at as site_retired_at
    from chain join sites on sites.id = chain.site_id
    order by chain.height`.execute(db);
  const chain = rows.map(({ site_retired_at: _retired, ...link }) => ({
    ...link,
    height: Number(link.height),
    may_share: Number(link.may_share),
  }));
  const siteRetired = rows.length > 0 && rows[0]!.site_retired_at !== null;
  const reachesOwner = chain.length > 0 && chain[chain.length - 1]!.parent_grant_id === null;
  const active =
    reachesOwner &&
    !siteRetired &&
    chain.every(
      (link) =>
        link.starts_at <= at &&
        (link.ends_at === null || at < link.ends_at) &&
        (link.revoked_at === null || at < link.revoked_at),
    );
  return { chain, active, siteRetired };
}

// ---- assignments ----

export type NamedAssignmentRow = SiteAssignmentRow & { userName: string | null; departmentName: string | null };

function namedAssignments(db: Executor) {
  return db
    .selectFrom('site_assignments')
    .leftJoin('users', 'users.id', 'site_assignments.user_id')
    .leftJoin('departments', 'departments.id', 'site_assignments.department_id')
    .selectAll('site_assignments')
    .select(['users.nickname as userName', 'departments.name as departmentName']);
}

/** The assignments of a grant (`grantId`) or of an owner's own site (`siteId`), oldest first. */
export function listAssignments(
  db: Executor,
  holder: { grantId: number } | { siteId: number },
): Promise<NamedAssignmentRow[]> {
  return namedAssignments(db)
    .$if('grantId' in holder, (q) => q.where('site_assignments.grant_id', '=', (holder as { grantId: number }).grantId))
    .$if('siteId' in holder, (q) => q.where('site_assignments.site_id', '=', (holder as { siteId: number }).siteId))
    .orderBy('site_assignments.id')
    .execute();
}

export function findAssignmentById(db: Executor, id: number): Promise<NamedAssignmentRow | undefined> {
  return namedAssignments(db).where('site_assignments.id', '=', id).executeTakeFirst();
}

/** Whether the person or department holds the grant or own site already. */
export async function assignmentExists(
  db: Executor,
  holder: { grant_id: number | null; site_id: number | null },
  assignee: { user_id: number | null; department_id: number | null },
): Promise<boolean> {
  const row = await db
    .selectFrom('site_assignments')
    .select('id')
    .where(holder.grant_id !== null ? 'grant_id' : 'site_id', '=', (holder.grant_id ?? holder.site_id)!)
    .where(assignee.user_id !== null ? 'user_id' : 'department_id', '=', (assignee.user_id ?? assignee.department_id)!)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertAssignment(
  db: Executor,
  values: Omit<Insertable<SiteAssignmentsTable>, 'id'>,
): Promise<SiteAssignmentRow> {
  return db.insertInto('site_assignments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAssignment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('site_assignments').where('id', '=', id).execute();
}

// ---- the company's grants (shared with us) ----

/** The grants held by the company, with their sites and owners, newest first, before the grant `before`
 *  (its id); `pattern` (a LIKE pattern) on the site's name. */
export function listGrantsHeldBy(
  db: Executor,
  enterpriseId: number,
  options: { pattern?: string; before?: number; limit: number },
) {
  const { pattern, before } = options;
  return namedGrants(db)
    .innerJoin('sites', 'sites.id', 'site_grants.site_id')
    .innerJoin('enterprises as owner', 'owner.id', 'sites.enterprise_id')
    .select([
      'sites.public_id as sitePublicId',
      'sites.name as siteName',
      'sites.kind as siteKind',
      'sites.region as siteRegion',
      'sites.time_zone as siteTimeZone',
      'sites.rated_power_kw as siteRatedPowerKw',
      'sites.rated_energy_kwh as siteRatedEnergyKwh',
      'sites.product_codes as siteProductCodes',
      'sites.retired_at as siteRetiredAt',
      'owner.full_name as ownerName',
      'owner.domain as ownerDomain',
    ])
    .where('site_grants.grantee_enterprise_id', '=', enterpriseId)
    .$if(pattern !== undefined, (q) =>
      q.where(sql<boolean>`lower(${sql.ref('sites.name')}) like ${pattern} escape '\\'`),
    )
    .$if(before !== undefined, (q) => q.where('site_grants.id', '<', before!))
    .orderBy('site_grants.id', 'desc')
    .limit(options.limit)
    .execute();
}

// ---- reminders ----

/** Grants not revoked whose end falls in [from, to): the reminders' and expiries' candidates. */
export function listGrantsEndingBetween(db: Executor, from: number, to: number, limit: number) {
  return db
    .selectFrom('site_grants')
    .selectAll()
    .where('revoked_at', 'is', null)
    .where('ends_at', '>=', from)
    .where('ends_at', '<', to)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
}

/** Takes the reminder of a grant at a lead time; false when it was taken already (by any process). */
export async function claimReminder(db: Executor, grantId: number, daysBefore: number, at: number): Promise<boolean> {
  const inserted = await db
    .insertInto('site_grant_reminders')
    .values({ grant_id: grantId, days_before: daysBefore, sent_at: at })
    .onConflict((oc) => oc.columns(['grant_id', 'days_before']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Grants whose end has passed and whose expiry is not recorded yet (lead time 0), oldest end first. */
export function listUnrecordedExpiries(db: Executor, now: number, limit: number) {
  return db
    .selectFrom('site_grants')
    .leftJoin('site_grant_reminders', (join) =>
      join.onRef('site_grant_reminders.grant_id', '=', 'site_grants.id').on('site_grant_reminders.days_before', '=', 0),
    )
    .selectAll('site_grants')
    .where('site_grant_reminders.grant_id', 'is', null)
    .where('site_grants.revoked_at', 'is', null)
    .where('site_grants.ends_at', '<=', now)
    .orderBy('site_grants.ends_at')
    .limit(limit)
    .execute();
}

/** Deletes a person's assignments in one company: under the grants it holds and on the sites it owns. */
export async function deleteAssignmentsOfMember(db: Executor, enterpriseId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('site_assignments')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb(
          'grant_id',
          'in',
          eb.selectFrom('site_grants').select('id').where('grantee_enterprise_id', '=', enterpriseId),
        ),
        eb('site_id', 'in', eb.selectFrom('sites').select('id').where(ofCompany('sites', enterpriseId))),
      ]),
    )
    .execute();
}
