import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, MembershipsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

type MemberScope = ExpressionBuilder<Database, 'memberships' | 'users'>;

/** `%`, `_` and the escape character itself are literal in a keyword. */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members of one enterprise whose account, name, phone or email contains the keyword. `lower()` on
 * both sides: LIKE ignores case on SQLite but not on PostgreSQL. (SQLite's lower() folds ASCII only;
 * emails and accounts are stored in lower case anyway.)
 */
function membersOf(enterpriseId: number, keyword: string | undefined) {
  return (eb: MemberScope) => {
    const scoped = ofCompany('memberships', enterpriseId)(eb);
    if (!keyword) return scoped;
    const pattern = likePattern(keyword);
    const contains = (column: 'users.account' | 'users.nickname' | 'users.phone' | 'users.email') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    return eb.and([
      scoped,
      eb.or([contains('users.account'), contains('users.nickname'), contains('users.phone'), contains('users.email')]),
    ]);
  };
}

/**
 * Up to `limit` of an enterprise's members in the order they joined (user id breaks ties, for stable
 * pages): those after the member `after` ([joinedAt, userId]) when given, a range of the index on
 * (enterprise_id, joined_at, user_id) from where the page before ended; else from `offset`.
 */
export function listMembers(
  db: Executor,
  enterpriseId: number,
  options: {
    keyword?: string | undefined;
    after?: readonly [joinedAt: number, userId: number] | undefined;
    offset: number;
    limit: number;
  },
) {
  const { after } = options;
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id as userId',
      'users.account as account',
      'users.nickname as nickname',
      'users.phone as phone',
      'users.email as email',
      'users.phone_certified as phoneCertified',
      'users.email_verified as emailVerified',
      'memberships.role as role',
      'memberships.department_id as departmentId',
      'memberships.joined_at as joinedAt',
    ])
    .where(membersOf(enterpriseId, options.keyword))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        // `joined_at >=` bounds the index range; members who joined in that very millisecond go by id
        eb.and([
          eb('memberships.joined_at', '>=', after![0]),
          eb.or([eb('memberships.joined_at', '>', after![0]), eb('memberships.user_id', '>', after![1])]),
        ]),
      ),
    )
    .orderBy('memberships.joined_at')
    .orderBy('memberships.user_id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

export async function countMembers(db: Executor, enterpriseId: number, keyword: string | undefined): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(membersOf(enterpriseId, keyword))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countAdmins(db: Executor, enterpriseId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(ofCompany('memberships', enterpriseId))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateMembership(
  db: Executor,
  enterpriseId: number,
  userId: number,
  values: { role?: MembershipsTable['role']; department_id?: number },
): Promise<void> {
  if (values.role === undefined && values.department_id === undefined) return;
  await db
    .updateTable('memberships')
    .set(values)
    .where(ofCompany('memberships', enterpriseId))
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Executor, enterpriseId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where(ofCompany('memberships', enterpriseId))
    .where('user_id', '=', userId)
    .execute();
}
