import { type Insertable, type Selectable, sql } from 'kysely';
import type { SupportAccessTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type SupportAccessRow = Selectable<SupportAccessTable>;

export async function insertSupportStaff(db: Executor, userId: number, enterpriseId: number, now: number) {
  await db
    .insertInto('support_staff')
    .values({ user_id: userId, enterprise_id: enterpriseId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ enterprise_id: enterpriseId }))
    .execute();
}

export async function deleteSupportStaff(db: Executor, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('support_staff').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listSupportStaff(db: Executor) {
  return db
    .selectFrom('support_staff')
    .innerJoin('users', 'users.id', 'support_staff.user_id')
    .innerJoin('enterprises', 'enterprises.id', 'support_staff.enterprise_id')
    .select([
      'users.id as userId',
      'users.nickname as name',
      'users.account as account',
      'enterprises.domain as domain',
      'support_staff.created_at as since',
    ])
    .orderBy('users.id')
    .execute();
}

/** The support staff member, if the person is one, with the support company they belong to now. */
export function findSupportStaff(db: Executor, userId: number) {
  return db
    .selectFrom('support_staff')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'support_staff.user_id')
        .onRef('memberships.enterprise_id', '=', 'support_staff.enterprise_id'),
    )
    .select(['support_staff.user_id', 'support_staff.enterprise_id'])
    .where('support_staff.user_id', '=', userId)
    .executeTakeFirst();
}

/** The company's window not yet ended (it may have passed its end and wait for the sweep). */
export function findOpenSupportAccess(db: Executor, enterpriseId: number): Promise<SupportAccessRow | undefined> {
  return db
    .selectFrom('support_access')
    .selectAll()
    .where(ofCompany('support_access', enterpriseId))
    .where('revoked_at', 'is', null)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

export async function insertSupportAccess(db: Executor, row: Insertable<SupportAccessTable>): Promise<number> {
  const inserted = await db.insertInto('support_access').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Limits a window to these sites of its company. */
export async function insertSupportAccessSites(db: Executor, accessId: number, siteIds: number[]) {
  if (!siteIds.length) return;
  await db
    .insertInto('support_access_sites')
    .values(siteIds.map((siteId) => ({ access_id: accessId, site_id: siteId })))
    .execute();
}

/** The sites a window is limited to, by name; none: the whole company. */
export function listSupportAccessSites(db: Executor, accessId: number) {
  return db
    .selectFrom('support_access_sites')
    .innerJoin('sites', 'sites.id', 'support_access_sites.site_id')
    .select(['sites.public_id as siteId', 'sites.name as name'])
    .where('support_access_sites.access_id', '=', accessId)
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
}

/** Ends a window once: false when another request or process ended it first. */
export async function endSupportAccess(
  db: Executor,
  id: number,
  now: number,
  revokedBy: number | null | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('support_access')
    .set(revokedBy === undefined ? { ended_at: now } : { ended_at: now, revoked_at: now, revoked_by: revokedBy })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Windows past their end whose sessions are not ended yet. */
export function listPassedSupportAccess(db: Executor, now: number, limit: number) {
  return db
    .selectFrom('support_access')
    .select(['id', 'enterprise_id', 'ends_at'])
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
}

/** The live windows of every company, for a support person's launcher. */
export function listLiveSupportAccess(db: Executor, now: number) {
  return db
    .selectFrom('support_access')
    .innerJoin('enterprises', 'enterprises.id', 'support_access.enterprise_id')
    .select([
      'support_access.id as accessId',
      'enterprises.id as enterpriseId',
      'enterprises.full_name as name',
      'support_access.ends_at as endsAt',
    ])
    .where('support_access.ended_at', 'is', null)
    .where('support_access.revoked_at', 'is', null)
    .where('support_access.ends_at', '>', now)
    .orderBy('support_access.ends_at')
    .execute();
}

export async function insertSupportSession(db: Executor, sessionId: number, accessId: number, now: number) {
  await db
    .insertInto('support_sessions')
    .values({ session_id: sessionId, access_id: accessId, created_at: now })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ access_id: accessId, created_at: now }))
    .execute();
}

/** Revokes the portal sessions entered under a window and answers their ids. */
export async function revokeSupportSessions(db: Executor, accessId: number, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('id', 'in', (eb) => eb.selectFrom('support_sessions').select('session_id').where('access_id', '=', accessId))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A person's live portal sessions in companies, each with the window it was entered under. */
export function listLiveSupportSessionsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('support_sessions')
    .innerJoin('sessions', 'sessions.id', 'support_sessions.session_id')
    .innerJoin('support_access', 'support_access.id', 'support_sessions.access_id')
    .select([
      'sessions.id as sessionId',
      'support_access.id as accessId',
      'support_access.enterprise_id as enterpriseId',
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('support_access.ended_at', 'is', null)
    .orderBy('support_access.enterprise_id')
    .execute();
}

/** Revokes these portal sessions and answers those it revoked (not those revoked meanwhile). */
export async function revokeSessions(db: Executor, sessionIds: number[], now: number): Promise<number[]> {
  if (!sessionIds.length) return [];
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('id', 'in', sessionIds)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The support window of a portal session a product grant was made in: its acting person and end. */
export function findSupportOfSession(db: Executor, sessionId: number) {
  return db
    .selectFrom('support_sessions')
    .innerJoin('support_access', 'support_access.id', 'support_sessions.access_id')
    .select([
      'support_access.id as accessId',
      'support_access.enterprise_id as enterpriseId',
      'support_access.ends_at as endsAt',
      'support_access.ended_at as endedAt',
      'support_access.revoked_at as revokedAt',
    ])
    .where('support_sessions.session_id', '=', sessionId)
    .executeTakeFirst();
}

/** The company a support session works in, with its products, in the shape of a member's rows
 *  (the support works in it with the administrator's screens; docs/support-access.md). */
export function listSupportCompanyWithProducts(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('enterprises')
    .leftJoin('enterprise_products', 'enterprise_products.enterprise_id', 'enterprises.id')
    .leftJoin('products', 'products.id', 'enterprise_products.product_id')
    .select([
      'enterprises.id as enterpriseId',
      'enterprises.full_name as fullName',
      'enterprises.abbreviation as abbreviation',
      'enterprises.domain as domain',
      sql<'admin'>`'admin'`.as('role'),
      'products.id as productId',
      'products.code as productCode',
      'products.entry_path as entryPath',
    ])
    .where('enterprises.id', '=', enterpriseId)
    .orderBy('products.sort_order')
    .execute();
}
