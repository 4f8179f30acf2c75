import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type EnterpriseUniqueColumn = 'abbreviation' | 'full_name' | 'credit_code' | 'domain';

/** The unique columns of `enterprises` that these values already hold, in the order given. */
export async function findTakenEnterpriseColumns(
  db: Executor,
  values: Partial<Record<EnterpriseUniqueColumn, string>>,
): Promise<EnterpriseUniqueColumn[]> {
  const given = (Object.entries(values) as [EnterpriseUniqueColumn, string | undefined][]).filter(
    (entry): entry is [EnterpriseUniqueColumn, string] => entry[1] !== undefined,
  );
  if (given.length === 0) return [];
  const rows = await db
    .selectFrom('enterprises')
    .select(['abbreviation', 'full_name', 'credit_code', 'domain'])
    .where((eb) => eb.or(given.map(([column, value]) => eb(column, '=', value))))
    .execute();
  return given.filter(([column, value]) => rows.some((row) => row[column] === value)).map(([column]) => column);
}

export async function isDomainTaken(db: Executor, domain: string): Promise<boolean> {
  const row = await db.selectFrom('enterprises').select('id').where('domain', '=', domain).executeTakeFirst();
  return row !== undefined;
}

export async function isEnterpriseDepartment(
  db: Executor,
  enterpriseId: number,
  departmentId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where('id', '=', departmentId)
    .where(ofCompany('departments', enterpriseId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Every company has one from its creation on, and it cannot be deleted. */
export async function findDefaultDepartmentId(db: Executor, enterpriseId: number): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where(ofCompany('departments', enterpriseId))
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  return row.id;
}
