import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { AuditEventsTable, Database } from '../db/schema.ts';
import { ofCompany, ofCompanySql } from './company-scope.ts';
import type { Executor } from './executor.ts';
import { likePattern } from './members.ts';

/** One audit row; whether its actor is the platform's support in the company (support staff and no
 *  member of it) is decided in the same statement, as it is at that moment. */
export async function insertAuditEvent(
  db: Executor,
  values: Omit<Insertable<AuditEventsTable>, 'support'>,
): Promise<void> {
  const { user_id: userId, enterprise_id: enterpriseId } = values;
  await db
    .insertInto('audit_events')
    .values({
      ...values,
      support:
        userId === null || userId === undefined || enterpriseId === null || enterpriseId === undefined
          ? 0
          : sql<number>`case when exists (select 1 from support_staff where user_id = ${userId})
              and not exists (select 1 from memberships m where m.user_id = ${userId} and ${ofCompanySql('m', enterpriseId)})
              then 1 else 0 end`,
    })
    .execute();
}

/** Which of a company's events: by the acting person, the action, and `from` (inclusive) to `to` (exclusive), in ms. */
export interface AuditFilter {
  userId?: number | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** One company's events matching the filter; the enterprise comes first, as the indexes do. */
function eventsOf(enterpriseId: number, filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, 'audit_events'>) => {
    const conditions = [ofCompany('audit_events', enterpriseId)(eb)];
    if (filter.userId !== undefined) conditions.push(eb('audit_events.user_id', '=', filter.userId));
    if (filter.action !== undefined) conditions.push(eb('audit_events.action', '=', filter.action));
    if (filter.from !== undefined) conditions.push(eb('audit_events.at', '>=', filter.from));
    if (filter.to !== undefined) conditions.push(eb('audit_events.at', '<', filter.to));
    return eb.and(conditions);
  };
}

export interface AuditEventRow {
  id: number;
  at: number;
  action: string;
  userId: number | null;
  nickname: string | null;
  /** The actor is the platform's support, not a member of the company: "support X in company A". */
  support: boolean | number;
  ip: string | null;
  detail: string | null;
}

/**
 * Up to `limit` of a company's events, newest first (`id` orders those of one millisecond), with the
 * actor's name; those older than the event `before` ([at, id]) when given. A range of the index of
 * the filter (0007, 0018) from where the page before ended, however deep in the log.
 */
export function listAuditEvents(
  db: Executor,
  enterpriseId: number,
  filter: AuditFilter,
  page: { before?: readonly [at: number, id: number] | undefined; limit: number },
): Promise<AuditEventRow[]> {
  const { before } = page;
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .select([
      'audit_events.id as id',
      'audit_events.at as at',
      'audit_events.action as action',
      'audit_events.user_id as userId',
      'users.nickname as nickname',
      'audit_events.ip as ip',
      'audit_events.detail as detail',
    ])
    .select('audit_events.support as support')
    .where(eventsOf(enterpriseId, filter))
    .$if(before !== undefined, (q) =>
      q.where((eb) =>
        // `at <=` bounds the index range; the few events of that very millisecond go by id
        eb.and([
          eb('audit_events.at', '<=', before![0]),
          eb.or([eb('audit_events.at', '<', before![0]), eb('audit_events.id', '<', before![1])]),
        ]),
      ),
    )
    .orderBy('audit_events.at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(page.limit)
    .execute();
}

export async function countAuditEvents(db: Executor, enterpriseId: number, filter: AuditFilter): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(eventsOf(enterpriseId, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The names of the given users (those an event's detail refers to), by id. */
export async function findNicknames(db: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.id, row.nickname]));
}

/** The people who acted in a company's log, members or not any more, by name; `keyword` matches the
 *  name or account, in any letter case. Redeeming the company's owner-company link is no act in it:
 *  that person registered a company of their own and never belonged to this one. */
export function listAuditActors(db: Executor, enterpriseId: number, keyword: string | undefined, limit: number) {
  return db
    .selectFrom('users')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'users.id').on(ofCompany('memberships', enterpriseId)),
    )
    .select(['users.id as userId', 'users.nickname as nickname', 'memberships.user_id as memberId'])
    .where((eb) => {
      const acted = eb.exists(
        eb
          .selectFrom('audit_events')
          .select('audit_events.id')
          .where(ofCompany('audit_events', enterpriseId))
          .whereRef('audit_events.user_id', '=', 'users.id')
          .where((inner) =>
            inner.or([
              inner('audit_events.action', '!=', 'invitation.redeem'),
              // the detail is stored as JSON.stringify writes it (libraries/platform/audit.ts)
              inner('audit_events.detail', 'not like', '%"kind":"owner"%'),
            ]),
          ),
      );
      if (keyword === undefined) return acted;
      const pattern = likePattern(keyword);
      const contains = (column: 'users.nickname' | 'users.account') =>
        sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      return eb.and([acted, eb.or([contains('users.nickname'), contains('users.account')])]);
    })
    .orderBy('users.nickname')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}
