import type {
  CreateDepartmentRequest,
  DeleteDepartmentRequest,
  Department,
  RenameDepartmentRequest,
} from '@portal/shared/api/settings';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  countDepartmentMembers,
  deleteDepartments,
  findDepartmentName,
  listDepartmentTree,
  listDepartmentsWithMemberCounts,
  renameDepartment,
} from '../../queries/departments.ts';
import { insertDepartment } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { isEnterpriseDepartment } from '../../queries/registration-enterprises.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { uniqueViolationOf } from '../platform/unique-violation.ts';
import { type Administrator, actorOf } from './settings-access.ts';

/** The company's department tree. Names are unique among siblings (a unique index holds it). */

/** Each department with the members of its whole subtree: a department whose sub-department has
 *  members is not empty, and cannot be deleted (1009107). */
export async function listCompanyDepartments(ctx: AppContext, admin: Administrator): Promise<Department[]> {
  const rows = await listDepartmentsWithMemberCounts(ctx.db, admin.enterpriseId);
  const children = childrenOf(rows.map((row) => ({ id: row.id, parent_id: row.parentId })));
  const total = new Map(rows.map((row) => [row.id, Number(row.memberCount)]));
  // sub-departments come after their parent in a walk from the top: summed in reverse, each
  // department adds its children's totals once they are complete, one pass over the tree
  const topDown = rows.filter((row) => row.parentId === null).map((row) => row.id);
  for (let i = 0; i < topDown.length; i++) topDown.push(...(children.get(topDown[i]!) ?? []));
  for (const id of topDown.reverse()) {
    for (const child of children.get(id) ?? []) total.set(id, total.get(id)! + total.get(child)!);
  }
  return rows.map((row) => ({ ...row, isDefault: row.isDefault === 1, memberCount: total.get(row.id)! }));
}

/** A change of the tree on the company's audit log, in the change's own transaction. */
function recordDepartmentChange(
  ctx: AppContext,
  trx: Executor,
  admin: Administrator,
  action: 'department.create' | 'department.rename' | 'department.delete',
  detail: Record<string, unknown>,
) {
  return recordAudit(ctx, { action, ...actorOf(admin), enterpriseId: admin.enterpriseId, ip: admin.ip, detail }, trx);
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

/** A new department, top-level or under a department of this company (another's is 1000404). Each
 *  change of the tree is recorded on the audit log and as the company's event, with the change. */
export async function createCompanyDepartment(
  ctx: AppContext,
  admin: Administrator,
  body: CreateDepartmentRequest,
): Promise<{ id: number }> {
  const parentId = body.parentId ?? null;
  const id = await withSiblingNameCheck(() =>
    // under the lock, a parent being deleted at this moment is either gone or stays
    companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
      if (parentId !== null && !(await isEnterpriseDepartment(trx, admin.enterpriseId, parentId))) {
        throw new AppError(ErrorCode.NotFound);
      }
      const departmentId = await insertDepartment(trx, {
        enterprise_id: admin.enterpriseId,
        name: body.name,
        parent_id: parentId,
        is_default: 0,
        created_at: ctx.now(),
      });
      await recordDepartmentChange(ctx, trx, admin, 'department.create', { departmentId, name: body.name, parentId });
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'department.created',
        data: { departmentId, name: body.name, parentId },
      });
      return departmentId;
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
  const renamed = await withSiblingNameCheck(() =>
    companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
      const from = await findDepartmentName(trx, admin.enterpriseId, body.id);
      if (from === undefined || !(await renameDepartment(trx, admin.enterpriseId, body.id, body.name))) return false;
      await recordDepartmentChange(ctx, trx, admin, 'department.rename', {
        departmentId: body.id,
        from,
        to: body.name,
      });
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'department.renamed',
        data: { departmentId: body.id, from, to: body.name },
      });
      return true;
    }),
  );
  if (!renamed) throw new AppError(ErrorCode.NotFound);
}

type TreeShape = { id: number; parent_id: number | null }[];

/** Each department's sub-departments, so that a walk down the tree visits each once. */
function childrenOf(tree: TreeShape): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const { id, parent_id } of tree) {
    if (parent_id === null) continue;
    const siblings = children.get(parent_id);
    if (siblings) siblings.push(id);
    else children.set(parent_id, [id]);
  }
  return children;
}

/** The department and everything under it. */
function subtreeOf(tree: TreeShape, rootId: number): number[] {
  const children = childrenOf(tree);
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i]!) ?? []));
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
    await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
      const tree = await listDepartmentTree(trx, admin.enterpriseId);
      const target = tree.find((department) => department.id === body.id);
      if (!target) throw new AppError(ErrorCode.NotFound);
      if (target.is_default) throw new AppError(ErrorCode.DefaultDepartment);
      const ids = subtreeOf(tree, target.id);
      if ((await countDepartmentMembers(trx, admin.enterpriseId, ids)) > 0) {
        throw new AppError(ErrorCode.DepartmentHasMembers);
      }
      const name = await findDepartmentName(trx, admin.enterpriseId, target.id);
      await deleteDepartments(trx, admin.enterpriseId, ids);
      await recordDepartmentChange(ctx, trx, admin, 'department.delete', {
        departmentId: target.id,
        name,
        subDepartments: ids.length - 1,
      });
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'department.deleted',
        // in the tree read above, under the company's lock: it has its name
        data: { departmentId: target.id, name: name!, subDepartmentIds: ids.slice(1) },
      });
    });
  } catch (error) {
    // a member who joined through an invitation link at this very moment: the reference holds
    if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.DepartmentHasMembers);
    throw error;
  }
}
