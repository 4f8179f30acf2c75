import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import { findMembership } from '../../queries/memberships.ts';
import {
  deleteSupportStaff,
  insertSupportStaff,
  listLiveSupportSessionsOfUser,
  listSupportStaff,
  revokeSessions,
} from '../../queries/support.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import type { UserRow } from '../../queries/users.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';

/** A name the operator gave that names nobody, or a person outside the support company. */
export class SupportStaffError extends Error {}

export interface SupportStaffView {
  userId: number;
  name: string;
  account: string | null;
  /** The support company's domain. */
  domain: string;
  /** ISO 8601 */
  since: string;
}

async function personOf(ctx: AppContext, identifier: string): Promise<UserRow> {
  const column = identifier.includes('@') ? 'email' : /^\+?\d{6,}$/.test(identifier) ? 'phone' : 'account';
  const person = await findUserByIdentifier(ctx.db, column, identifier);
  if (!person) throw new SupportStaffError(`nobody is ${identifier}`);
  return person;
}

/** Names a person of the support company (by its domain) the platform's support: they may enter a
 *  company that grants support access, while they stay a member of the support company. */
export async function addSupportStaff(ctx: AppContext, domain: string, identifier: string): Promise<SupportStaffView> {
  const company = await findEnterpriseByDomain(ctx.db, domain);
  if (!company) throw new SupportStaffError(`unknown enterprise: ${domain}`);
  const person = await personOf(ctx, identifier);
  if (!(await findMembership(ctx.db, company.id, person.id))) {
    throw new SupportStaffError(`${identifier} is no member of ${domain}`);
  }
  await insertSupportStaff(ctx.db, person.id, company.id, ctx.now());
  return (await supportStaffViews(ctx)).find((one) => one.userId === person.id)!;
}

/**
 * No longer support: the person's sessions in companies end at once, as an early revoke ends them,
 * each recorded in the company it was in; the products they opened there are told by back-channel
 * logout before the command ends. The company's window stays open for the rest of the support.
 */
export async function removeSupportStaff(ctx: AppContext, identifier: string): Promise<void> {
  const person = await personOf(ctx, identifier);
  if (!(await deleteSupportStaff(ctx.db, person.id))) throw new SupportStaffError(`${identifier} is no support staff`);
  const now = ctx.now();
  const live = await listLiveSupportSessionsOfUser(ctx.db, person.id);
  const ended: number[] = [];
  for (const enterpriseId of new Set(live.map((one) => one.enterpriseId))) {
    const inCompany = live.filter((one) => one.enterpriseId === enterpriseId);
    const revoked = await companyTransaction(ctx, [enterpriseId], async (trx) => {
      const ids = await revokeSessions(
        trx,
        inCompany.map((one) => one.sessionId),
        now,
      );
      if (!ids.length) return ids;
      await recordAudit(
        ctx,
        {
          // the operator's command line: no actor, the support person named in the detail
          action: 'support-access.staff-removed',
          enterpriseId,
          detail: { accessId: inCompany[0]!.accessId, supportName: person.nickname },
        },
        trx,
      );
      return ids;
    });
    ended.push(...revoked);
  }
  await ctx.productSessions?.endForPortalSessionsNow(ended);
}

export async function supportStaffViews(ctx: AppContext): Promise<SupportStaffView[]> {
  return (await listSupportStaff(ctx.db)).map((row) => ({ ...row, since: new Date(row.since).toISOString() }));
}
