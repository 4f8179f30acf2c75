import type {
  CreateDepartmentRequest,
  DeleteDepartmentRequest,
  Department,
  RenameDepartmentRequest,
} from '@portal/shared/api/settings';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import {
  countDepartmentMembers,
  deleteDepartments,
  listDepartmentTree,
  listDepartmentsWithMemberCounts,
  renameDepartment,
} from '../queries/departments.ts';
import { insertDepartment, lockEnterprise } from '../queries/enterprises.ts';
import { isEnterpriseDepartment } from '../queries/registration-enterprises.ts';
import type { Administrator } from './settings-access.ts';
import { uniqueViolationOf } from './unique-violation.ts';

/** The company's department tree. Names are unique among siblings (a unique index holds it). */

export async function listCompanyDepartments(ctx: AppContext, admin: Administrator): Promise<Department[]> {
  const rows = await listDepartmentsWithMemberCounts(ctx.db, admin.enterpriseId);
  return rows.map((row) => ({ ...row, isDefault: row.isDefault === 1, memberCount: Number(row.memberCount) }));
}

/** The sibling-name index is the only unique constraint a department write can break. */
async function withSiblingNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationOf(error)) {
      throw new AppError(ErrorCode.BadRequest, { fields: { name: 'validation.departmentNameTaken' } });
    }
    throw error;
  }
}

/** A new department, top-level or under a department of this company (another's is 1000404). */
export async function createCompanyDepartment(
  ctx: AppContext,
  admin: Administrator,
  body: CreateDepartmentRequest,
): Promise<{ id: number }> {
  const parentId = body.parentId ?? null;
  const id = await withSiblingNameCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      // under the lock, a parent being deleted at this moment is either gone or stays
      await lockEnterprise(trx, ctx.engine, admin.enterpriseId);
      if (parentId !== null && !(await isEnterpriseDepartment(trx, admin.enterpriseId, parentId))) {
        throw new AppError(ErrorCode.NotFound);
      }
      return insertDepartment(trx, {
        enterprise_id: admin.enterpriseId,
        name: body.name,
        parent_id: parentId,
        is_default: 0,
        created_at: ctx.now(),
      });
    }),
  );
  return { id };
}

/** Renames a department of this company, the default one included; another's is 1000404. */
export async function renameCompanyDepartment(
  ctx: AppContext,
  admin: Administrator,
  body: RenameDepartmentRequest,
): Promise<void> {
  const renamed = await withSiblingNameCheck(() => renameDepartment(ctx.db, admin.enterpriseId, body.id, body.name));
  if (!renamed) throw new AppError(ErrorCode.NotFound);
}

/** The department and everything under it. */
function subtreeOf(tree: { id: number; parent_id: number | null }[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const department of tree) if (department.parent_id === ids[i]) ids.push(department.id);
  }
  return ids;
}

/** SQLite `SQLITE_CONSTRAINT_FOREIGNKEY`, PostgreSQL SQLSTATE 23503. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * Deletes a department together with its sub-departments, all or nothing: 1009109 for the default
 * department, 1009107 when it or any department under it has members (they must be moved first, so
 * that no one is left without a department by accident). Another company's department is 1000404.
 * Invitation links into a deleted department put their people in the default department.
 */
export async function deleteCompanyDepartment(
  ctx: AppContext,
  admin: Administrator,
  body: DeleteDepartmentRequest,
): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockEnterprise(trx, ctx.engine, admin.enterpriseId);
      const tree = await listDepartmentTree(trx, admin.enterpriseId);
      const target = tree.find((department) => department.id === body.id);
      if (!target) throw new AppError(ErrorCode.NotFound);
      if (target.is_default) throw new AppError(ErrorCode.DefaultDepartment);
      const ids = subtreeOf(tree, target.id);
      if ((await countDepartmentMembers(trx, admin.enterpriseId, ids)) > 0) {
        throw new AppError(ErrorCode.DepartmentHasMembers);
      }
      await deleteDepartments(trx, admin.enterpriseId, ids);
    });
  } catch (error) {
    // a member who joined through an invitation link at this very moment: the reference holds
    if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.DepartmentHasMembers);
    throw error;
  }
}
