import type { EventData } from '@portal/shared/api/integrations';
import {
  type AddAssignmentRequest,
  type AssignmentsQuery,
  type SiteAssignment,
  type SiteAssignmentList,
  templateWithin,
} from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findDepartmentName } from '../../queries/departments.ts';
import type { Executor } from '../../queries/executor.ts';
import { findMembership } from '../../queries/memberships.ts';
import {
  type NamedAssignmentRow,
  type SiteAssignmentRow,
  assignmentExists,
  deleteAssignment,
  findAssignmentById,
  findGrantById,
  findGrantByPublicId,
  insertAssignment,
  listAssignments as readAssignments,
} from '../../queries/site-grants.ts';
import { type SiteRow, findSiteById } from '../../queries/sites.ts';
import { type Administrator, actorOf } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { grantStatuses } from './grants.ts';
import { iso, ownSiteOrNotFound } from './sites.ts';

/**
 * Who inside a company holds a site (docs/site-grants.md#assignments): a receiving company gives a
 * grant to its people or departments, never wider nor longer than the grant; an owner gives its own
 * sites to its members (its administrators hold every live site already).
 */

function assignmentView(row: NamedAssignmentRow): SiteAssignment {
  return {
    id: row.id,
    userId: row.user_id,
    departmentId: row.department_id,
    name: row.userName ?? row.departmentName ?? '',
    template: row.template,
    endsAt: iso(row.ends_at),
    createdAt: iso(row.created_at),
  };
}

/** What an assignment is of: a grant the company holds, or a site it owns; 1000404 for anything else. */
async function holderOf(
  db: Executor,
  enterpriseId: number,
  ids: { grantId?: string | undefined; siteId?: string | undefined },
) {
  if (ids.grantId !== undefined) {
    const grant = await findGrantByPublicId(db, ids.grantId);
    if (!grant || grant.grantee_enterprise_id !== enterpriseId) throw new AppError(ErrorCode.NotFound);
    const site = (await findSiteById(db, grant.site_id))!;
    return { grant, site };
  }
  return { grant: null, site: await ownSiteOrNotFound(db, enterpriseId, ids.siteId!) };
}

export async function listAssignments(
  ctx: AppContext,
  admin: Administrator,
  query: AssignmentsQuery,
): Promise<SiteAssignmentList> {
  const { grant, site } = await holderOf(ctx.db, admin.enterpriseId, query);
  const rows = await readAssignments(ctx.db, grant ? { grantId: grant.id } : { siteId: site.id });
  return { items: rows.map(assignmentView) };
}

/** The data of `site_grant.assigned` and `.unassigned`: the person or department named only in the
 *  company they belong to. */
function assignmentEvent(
  row: SiteAssignmentRow,
  site: SiteRow,
  grantPublicId: string | null,
  named: boolean,
): EventData<'site_grant.assigned'> {
  return {
    assignmentId: row.id,
    siteId: site.public_id,
    grantId: grantPublicId,
    userId: named ? row.user_id : null,
    departmentId: named ? row.department_id : null,
    template: row.template,
    endsAt: iso(row.ends_at),
  };
}

/** The companies an assignment concerns: the assigning company, and for a grant the site's owner. */
async function recordAssignmentChange(
  ctx: AppContext,
  trx: Executor,
  admin: Administrator,
  type: 'site_grant.assigned' | 'site_grant.unassigned',
  row: NamedAssignmentRow,
  site: SiteRow,
  grantPublicId: string | null,
): Promise<void> {
  await recordEvent(ctx, trx, {
    enterpriseId: admin.enterpriseId,
    type,
    data: assignmentEvent(row, site, grantPublicId, true),
  });
  if (site.enterprise_id !== admin.enterpriseId)
    await recordEvent(ctx, trx, {
      enterpriseId: site.enterprise_id,
      type,
      data: assignmentEvent(row, site, grantPublicId, false),
    });
  await recordAudit(
    ctx,
    {
      action: type === 'site_grant.assigned' ? 'site-assignment.add' : 'site-assignment.remove',
      ...actorOf(admin),
      enterpriseId: admin.enterpriseId,
      ip: admin.ip,
      detail: {
        siteId: site.public_id,
        siteName: site.name,
        ...(grantPublicId ? { grantId: grantPublicId } : {}),
        assignee: row.userName ?? row.departmentName,
        template: row.template,
        endsAt: iso(row.ends_at),
        [type === 'site_grant.assigned' ? 'after' : 'before']: assignmentView(row),
      },
    },
    trx,
  );
}

/**
 * Assigns a member or department of the company. Under a grant: the grant in effect or yet to start
 * (its whole chain read under the locks), a template within the grant's, an end no later than the
 * grant's (its own when none is given). On an own live site: any template and end.
 */
export async function addAssignment(
  ctx: AppContext,
  admin: Administrator,
  body: AddAssignmentRequest,
): Promise<SiteAssignment> {
  const { site: foundSite } = await holderOf(ctx.db, admin.enterpriseId, body);
  return companyTransaction(ctx, [admin.enterpriseId, foundSite.enterprise_id], async (trx) => {
    const now = ctx.now();
    const { grant, site } = await holderOf(trx, admin.enterpriseId, body);
    let endsAt = body.endsAt === null ? null : Date.parse(body.endsAt);
    if (endsAt !== null && endsAt <= now) throw new AppError(ErrorCode.GrantTimesInvalid);
    if (grant) {
      const status = (await grantStatuses(trx, site, now)).get(grant.id)!.status;
      if (status === 'retired') throw new AppError(ErrorCode.SiteRetired);
      if (status !== 'active' && status !== 'pending') throw new AppError(ErrorCode.GrantNotActive);
      if (!templateWithin(body.template, grant.template)) throw new AppError(ErrorCode.GrantWider);
      if (grant.ends_at !== null) {
        if (endsAt === null) endsAt = grant.ends_at;
        else if (endsAt > grant.ends_at) throw new AppError(ErrorCode.GrantEndsLater);
      }
    } else if (site.retired_at !== null) throw new AppError(ErrorCode.SiteRetired);
    const assignee = { user_id: body.userId ?? null, department_id: body.departmentId ?? null };
    if (assignee.user_id !== null && !(await findMembership(trx, admin.enterpriseId, assignee.user_id)))
      throw new AppError(ErrorCode.NotFound);
    if (
      assignee.department_id !== null &&
      (await findDepartmentName(trx, admin.enterpriseId, assignee.department_id)) === undefined
    )
      throw new AppError(ErrorCode.NotFound);
    const holder = { grant_id: grant?.id ?? null, site_id: grant ? null : site.id };
    if (await assignmentExists(trx, holder, assignee)) throw new AppError(ErrorCode.AssignmentExists);
    const inserted = await insertAssignment(trx, {
      ...holder,
      ...assignee,
      template: body.template,
      ends_at: endsAt,
      created_by: actorOf(admin).userId,
      created_at: now,
    });
    const row = (await findAssignmentById(trx, inserted.id))!;
    await recordAssignmentChange(ctx, trx, admin, 'site_grant.assigned', row, site, grant?.public_id ?? null);
    return assignmentView(row);
  });
}

/** Removes an assignment the company made (1000404 for another company's). */
export async function removeAssignment(ctx: AppContext, admin: Administrator, id: number): Promise<void> {
  const found = await findAssignmentById(ctx.db, id);
  const holder = found && (await ownerAndHolderOf(ctx.db, found));
  if (!found || !holder || holder.holderId !== admin.enterpriseId) throw new AppError(ErrorCode.NotFound);
  await companyTransaction(ctx, [admin.enterpriseId, holder.site.enterprise_id], async (trx) => {
    const row = await findAssignmentById(trx, id);
    if (!row) return;
    await deleteAssignment(trx, id);
    await recordAssignmentChange(ctx, trx, admin, 'site_grant.unassigned', row, holder.site, holder.grantPublicId);
  });
}

/** The site of an assignment and the company that holds it (the grantee, or the owner of its own site). */
async function ownerAndHolderOf(db: Executor, row: SiteAssignmentRow) {
  if (row.grant_id !== null) {
    const grant = (await findGrantById(db, row.grant_id))!;
    return {
      site: (await findSiteById(db, grant.site_id))!,
      holderId: grant.grantee_enterprise_id,
      grantPublicId: grant.public_id,
    };
  }
  const site = (await findSiteById(db, row.site_id!))!;
  return { site, holderId: site.enterprise_id, grantPublicId: null };
}
