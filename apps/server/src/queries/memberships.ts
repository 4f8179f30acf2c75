import type { Insertable, Selectable } from 'kysely';
import type { MembershipsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type MembershipRow = Selectable<MembershipsTable>;

export function findMembership(db: Executor, enterpriseId: number, userId: number): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
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
