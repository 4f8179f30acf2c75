import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AccessRequestsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type AccessRequestRow = Selectable<AccessRequestsTable>;

/** A request with what its views name: the site, both companies and the person. */
export type NamedAccessRequestRow = AccessRequestRow & {
  sitePublicId: string;
  siteName: string;
  ownerName: string;
  ownerDomain: string;
  requesterCompanyName: string;
  requesterCompanyDomain: string;
  requesterName: string;
  grantPublicId: string | null;
  grantTemplate: string | null;
  grantEndsAt: number | null;
};

function namedRequests(db: Executor) {
  return db
    .selectFrom('access_requests')
    .innerJoin('sites', 'sites.id', 'access_requests.site_id')
    .innerJoin('enterprises as owner', 'owner.id', 'access_requests.owner_enterprise_id')
    .innerJoin('enterprises as requester', 'requester.id', 'access_requests.requester_enterprise_id')
    .innerJoin('users', 'users.id', 'access_requests.requester_user_id')
    .leftJoin('site_grants', 'site_grants.id', 'access_requests.grant_id')
    .selectAll('access_requests')
    .select([
      'sites.public_id as sitePublicId',
      'sites.name as siteName',
      'owner.full_name as ownerName',
      'owner.domain as ownerDomain',
      'requester.full_name as requesterCompanyName',
      'requester.domain as requesterCompanyDomain',
      'users.nickname as requesterName',
      'site_grants.public_id as grantPublicId',
      'site_grants.template as grantTemplate',
      'site_grants.ends_at as grantEndsAt',
    ]);
}

export function findAccessRequestByPublicId(db: Executor, publicId: string) {
  return namedRequests(db).where('access_requests.public_id', '=', publicId).executeTakeFirst() as Promise<
    NamedAccessRequestRow | undefined
  >;
}

/** The requests for the owner's sites, newest first; `open` ones only when asked, before `before`. */
export function listAccessRequestsOfOwner(
  db: Executor,
  ownerId: number,
  input: { openAt?: number; before?: number; limit: number },
) {
  let query = namedRequests(db).where('access_requests.owner_enterprise_id', '=', ownerId);
  if (input.openAt !== undefined)
    query = query.where('access_requests.status', '=', 'open').where('access_requests.expires_at', '>', input.openAt);
  if (input.before !== undefined) query = query.where('access_requests.id', '<', input.before);
  return query.orderBy('access_requests.id', 'desc').limit(input.limit).execute() as Promise<NamedAccessRequestRow[]>;
}

export async function countOpenAccessRequestsOfOwner(db: Executor, ownerId: number, at: number): Promise<number> {
  const { open } = await db
    .selectFrom('access_requests')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('owner_enterprise_id', '=', ownerId)
    .where('status', '=', 'open')
    .where('expires_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(open);
}

/** The person's own requests, newest first. */
export function listAccessRequestsOfPerson(db: Executor, userId: number, limit: number) {
  return namedRequests(db)
    .where('access_requests.requester_user_id', '=', userId)
    .orderBy('access_requests.id', 'desc')
    .limit(limit)
    .execute() as Promise<NamedAccessRequestRow[]>;
}

/** A request past its day still open, to be closed by `expireAccessRequest`; oldest first. */
export function listPassedAccessRequests(db: Executor, at: number, limit: number) {
  return db
    .selectFrom('access_requests')
    .select(['id', 'owner_enterprise_id', 'requester_enterprise_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** The requester's open requests for one site past their end, which hold its one-open-per-site place. */
export function listPassedAccessRequestsFor(db: Executor, siteId: number, requesterId: number, at: number) {
  return db
    .selectFrom('access_requests')
    .select(['id', 'owner_enterprise_id', 'requester_enterprise_id'])
    .where('site_id', '=', siteId)
    .where('requester_enterprise_id', '=', requesterId)
    .where('status', '=', 'open')
    .where('expires_at', '<=', at)
    .execute();
}

/** Marks one request past its end `expired`; false when it was decided or expired before (by
 *  another process's sweep). */
export async function expireAccessRequest(db: Executor, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('access_requests')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countOpenAccessRequestsOfPerson(db: Executor, userId: number, at: number): Promise<number> {
  const { open } = await db
    .selectFrom('access_requests')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('requester_user_id', '=', userId)
    .where('status', '=', 'open')
    .where('expires_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(open);
}

/**
 * Writes a request only while the person and the company are under their limits of open requests:
 * the counts and the insert are one statement, so no two requests both take the last place. The new
 * row's id, or undefined when a limit is reached.
 */
export async function insertAccessRequestWithin(
  db: Executor,
  row: Omit<AccessRequestRow, 'id' | 'decided_at' | 'decided_by' | 'grant_id' | 'status'>,
  limits: { perPerson: number; perCompany: number },
): Promise<number | undefined> {
  const at = row.created_at;
  const result = await sql<{ id: number }>`
    insert into access_requests (public_id, site_id, owner_enterprise_id, requester_enterprise_id,
      requester_user_id, template, hours, reason, widens_template, status, expires_at, created_at)
    select cast(${row.public_id} as text), cast(${row.site_id} as integer), cast(${row.owner_enterprise_id} as integer),
      cast(${row.requester_enterprise_id} as integer), cast(${row.requester_user_id} as integer),
      cast(${row.template} as text), cast(${row.hours} as integer), cast(${row.reason} as text),
      cast(${row.widens_template} as text), 'open', cast(${row.expires_at} as bigint), cast(${at} as bigint)
    where (select count(*) from access_requests where requester_user_id = ${row.requester_user_id}
        and status = 'open' and expires_at > ${at}) < ${limits.perPerson}
      and (select count(*) from access_requests where requester_enterprise_id = ${row.requester_enterprise_id}
        and status = 'open' and expires_at > ${at}) < ${limits.perCompany}
    returning id`.execute(db);
  return result.rows[0]?.id;
}

/** Decides an open request not yet past its end; false when it was decided or expired before. */
export async function decideAccessRequest(
  db: Executor,
  id: number,
  at: number,
  decision: { status: 'approved' | 'refused'; decidedBy: number; grantId: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('access_requests')
    .set({ status: decision.status, decided_at: at, decided_by: decision.decidedBy, grant_id: decision.grantId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findAccessRequestById(db: Executor, id: number) {
  return namedRequests(db).where('access_requests.id', '=', id).executeTakeFirst() as Promise<
    NamedAccessRequestRow | undefined
  >;
}

/** The owner company's cap of access on request, in hours (docs/site-grants.md#the-owners-cap). */
export async function findAccessRequestCap(db: Executor, enterpriseId: number): Promise<number> {
  const row = await db
    .selectFrom('enterprises')
    .select('access_request_cap_hours')
    .where('id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.access_request_cap_hours);
}

/** False when the company's cap was that already. */
export async function setAccessRequestCap(db: Executor, enterpriseId: number, hours: number): Promise<boolean> {
  const result = await db
    .updateTable('enterprises')
    .set({ access_request_cap_hours: hours })
    .where('id', '=', enterpriseId)
    .where('access_request_cap_hours', '!=', hours)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
