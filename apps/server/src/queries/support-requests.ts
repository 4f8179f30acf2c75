import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { SupportRequestsTable } from '../db/schema.ts';
import { ofCompany, ofCompanySql } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type SupportRequestRow = Selectable<SupportRequestsTable>;

/** A request with what its views name: the company and the support person. */
export type NamedSupportRequestRow = SupportRequestRow & {
  companyName: string;
  companyDomain: string;
  requesterName: string;
};

function namedRequests(db: Executor) {
  return db
    .selectFrom('support_requests')
    .innerJoin('enterprises', 'enterprises.id', 'support_requests.enterprise_id')
    .innerJoin('users', 'users.id', 'support_requests.requester_user_id')
    .selectAll('support_requests')
    .select([
      'enterprises.full_name as companyName',
      'enterprises.domain as companyDomain',
      'users.nickname as requesterName',
    ]);
}

export function findSupportRequestByPublicId(db: Executor, publicId: string) {
  return namedRequests(db).where('support_requests.public_id', '=', publicId).executeTakeFirst() as Promise<
    NamedSupportRequestRow | undefined
  >;
}

export function findSupportRequestById(db: Executor, id: number) {
  return namedRequests(db).where('support_requests.id', '=', id).executeTakeFirst() as Promise<
    NamedSupportRequestRow | undefined
  >;
}

/** The company's requests still open at `at`, newest first. */
export function listOpenSupportRequestsOfCompany(db: Executor, enterpriseId: number, at: number, limit: number) {
  return namedRequests(db)
    .where(ofCompany('support_requests', enterpriseId))
    .where('support_requests.status', '=', 'open')
    .where('support_requests.expires_at', '>', at)
    .orderBy('support_requests.id', 'desc')
    .limit(limit)
    .execute() as Promise<NamedSupportRequestRow[]>;
}

/** The support person's own requests, newest first. */
export function listSupportRequestsOfPerson(db: Executor, userId: number, limit: number) {
  return namedRequests(db)
    .where('support_requests.requester_user_id', '=', userId)
    .orderBy('support_requests.id', 'desc')
    .limit(limit)
    .execute() as Promise<NamedSupportRequestRow[]>;
}

export async function countOpenSupportRequestsOfPerson(db: Executor, userId: number, at: number): Promise<number> {
  const { open } = await db
    .selectFrom('support_requests')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('requester_user_id', '=', userId)
    .where('status', '=', 'open')
    .where('expires_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(open);
}

/** Open requests past their day, oldest first: of everyone, or of one person to one company (which
 *  hold the place of a new one: one open request per person and company). */
export function listPassedSupportRequests(
  db: Executor,
  at: number,
  input: { limit: number } | { enterpriseId: number; userId: number },
) {
  let query = db
    .selectFrom('support_requests')
    .select(['id', 'enterprise_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', at);
  if ('enterpriseId' in input)
    query = query
      .where(ofCompany('support_requests', input.enterpriseId))
      .where('requester_user_id', '=', input.userId);
  else query = query.orderBy('expires_at').limit(input.limit);
  return query.execute();
}

/** Marks one request past its day `expired`; false when it was decided or closed before (by another
 *  process's sweep). */
export async function expireSupportRequest(db: Executor, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('support_requests')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Writes a request only while the person and the company are under their limits of open requests:
 * the counts and the insert are one statement, so no two requests both take the last place. The new
 * row's id, or undefined when a limit is reached.
 */
export async function insertSupportRequestWithin(
  db: Executor,
  row: Omit<SupportRequestRow, 'id' | 'decided_at' | 'decided_by' | 'access_id' | 'status'>,
  limits: { perPerson: number; perCompany: number },
): Promise<number | undefined> {
  const at = row.created_at;
  const result = await sql<{ id: number }>`
    insert into support_requests (public_id, enterprise_id, requester_user_id, hours, reason, site_ids,
      status, expires_at, created_at)
    select cast(${row.public_id} as text), cast(${row.enterprise_id} as integer),
      cast(${row.requester_user_id} as integer), cast(${row.hours} as integer), cast(${row.reason} as text),
      cast(${row.site_ids} as text), 'open', cast(${row.expires_at} as bigint), cast(${at} as bigint)
    where (select count(*) from support_requests where requester_user_id = ${row.requester_user_id}
        and status = 'open' and expires_at > ${at}) < ${limits.perPerson}
      and (select count(*) from support_requests sr where ${ofCompanySql('sr', row.enterprise_id)}
        and sr.status = 'open' and sr.expires_at > ${at}) < ${limits.perCompany}
    returning id`.execute(db);
  return result.rows[0]?.id;
}

/** Decides an open request not yet past its end; false when it was decided or expired before. */
export async function decideSupportRequest(
  db: Executor,
  id: number,
  at: number,
  decision: { status: 'approved' | 'refused'; decidedBy: number; accessId: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('support_requests')
    .set({ status: decision.status, decided_at: at, decided_by: decision.decidedBy, access_id: decision.accessId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The sites of these public ids, for a request's view. */
export function listSitesByPublicIds(db: Executor, publicIds: string[]) {
  if (!publicIds.length) return Promise.resolve([]);
  return db
    .selectFrom('sites')
    .select(['public_id as siteId', 'name'])
    .where('public_id', 'in', publicIds)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
