import type {
  CompanyInvitationPage,
  CompanyInvitationsQuery,
  CreateCompanyInvitationRequest,
  CreatedCompanyInvitation,
} from '@portal/shared/api/settings';
import type { AppContext } from '../../context.ts';
import { listEnterpriseInvitations } from '../../queries/invitations.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { createInvitation, invitationStatus, revokeInvitation } from './invitations.ts';
import { type Administrator, actorOf } from './settings-access.ts';

/** The company's invitation links, as its administrators make, list and revoke them. */

/** A `member` or `owner` link into the company, made by the administrator (the inviter the link names). */
export async function createCompanyInvitation(
  ctx: AppContext,
  admin: Administrator,
  body: CreateCompanyInvitationRequest,
): Promise<CreatedCompanyInvitation> {
  return companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const created = await createInvitation(
      ctx,
      {
        kind: body.kind,
        enterpriseId: admin.enterpriseId,
        departmentId: body.departmentId,
        createdBy: actorOf(admin).userId,
        hours: body.expiresInHours,
        maxUses: body.maxUses,
      },
      trx,
    );
    await recordAudit(
      ctx,
      {
        action: 'invitation.create',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: {
          invitationId: created.invitationId,
          kind: body.kind,
          maxUses: body.maxUses ?? 1,
          departmentId: body.departmentId ?? null,
          expiresAt: created.expiresAt,
        },
      },
      trx,
    );
    return created;
  });
}

/** Every link the company has made, newest first, each with the status `referral/info` would give. */
export async function listCompanyInvitations(
  ctx: AppContext,
  admin: Administrator,
  query: CompanyInvitationsQuery,
): Promise<CompanyInvitationPage> {
  const now = ctx.now();
  const before = decodeCursor(query.cursor, ['time', 'id']) as [number, number] | undefined;
  const rows = await listEnterpriseInvitations(ctx.db, admin.enterpriseId, { before, limit: query.pageSize + 1 });
  const page = pageOf(rows, query.pageSize, (row) => [row.created_at, row.id]);
  const items = page.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: invitationStatus(row, now),
    uses: row.uses,
    maxUses: row.max_uses,
    expiresAt: new Date(row.expires_at).toISOString(),
    createdBy: row.creatorName,
  }));
  return { items, nextCursor: page.nextCursor };
}

/** Revokes a link of the company by its row id (1000404 for another company's); the link then
 *  answers `revoked`. Revoking twice is harmless. */
export async function revokeCompanyInvitation(ctx: AppContext, admin: Administrator, id: number): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    // the second revocation changes nothing, so receivers hear of the first alone
    if (await revokeInvitation(ctx, admin.enterpriseId, id, trx))
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'invitation.revoked',
        data: { invitationId: id },
      });
    await recordAudit(
      ctx,
      {
        action: 'invitation.revoke',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { invitationId: id },
      },
      trx,
    );
  });
}
