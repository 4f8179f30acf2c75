import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

/** An enterprise's departments in the order they were made, each with the number of its own members. */
export function listDepartmentsWithMemberCounts(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('departments')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.department_id', '=', 'departments.id')
        .onRef('memberships.enterprise_id', '=', 'departments.enterprise_id'),
    )
    .select((eb) => [
      'departments.id as id',
      'departments.name as name',
      'departments.parent_id as parentId',
      'departments.is_default as isDefault',
      eb.fn.count<number | string>('memberships.user_id').as('memberCount'),
    ])
    .where(ofCompany('departments', enterpriseId))
    .groupBy(['departments.id', 'departments.name', 'departments.parent_id', 'departments.is_default'])
    .orderBy('departments.id')
    .execute();
}

/** The shape of an enterprise's department tree, for walking a subtree. */
export function listDepartmentTree(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'is_default'])
    .where(ofCompany('departments', enterpriseId))
    .execute();
}

/** Renames a department of the enterprise; false when the enterprise has no such department. */
export async function renameDepartment(db: Executor, enterpriseId: number, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('departments')
    .set({ name })
    .where('id', '=', id)
    .where(ofCompany('departments', enterpriseId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findDepartmentName(db: Executor, enterpriseId: number, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('departments')
    .select('name')
    .where('id', '=', id)
    .where(ofCompany('departments', enterpriseId))
    .executeTakeFirst();
  return row?.name;
}

export async function countDepartmentMembers(db: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(ofCompany('memberships', enterpriseId))
    .where('department_id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes departments in one statement, so that a parent and its children go together (the
 *  parent reference is checked at the end of the statement on both engines). */
export async function deleteDepartments(db: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('departments').where(ofCompany('departments', enterpriseId)).where('id', 'in', ids).execute();
}
