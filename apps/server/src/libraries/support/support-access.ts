import type {
  GrantSupportAccessRequest,
  SupportAccessView,
  SupportCompany,
  SupportSessionView,
} from '@portal/shared/api/support';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseById } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { setSessionEnterprise } from '../../queries/sessions.ts';
import {
  endSupportAccess,
  findOpenSupportAccess,
  findSupportStaff,
  insertSupportAccess,
  insertSupportAccessSites,
  insertSupportSession,
  listSupportAccessSites,
  listLiveSupportAccess,
  listPassedSupportAccess,
  revokeSupportSessions,
} from '../../queries/support.ts';
import { assertFreshProof } from '../account-security/fresh-proof.ts';
import type { PersonAdministrator } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { ownSiteOrNotFound } from '../sites/sites.ts';

/** Windows ended per sweep; the rest at the next one. */
const SWEEP_BATCH = 50;

const iso = (ms: number) => new Date(ms).toISOString();

function viewOf(
  row: { id: number; starts_at: number; ends_at: number },
  sites: SupportAccessView['sites'],
): SupportAccessView {
  return { id: row.id, startsAt: iso(row.starts_at), endsAt: iso(row.ends_at), sites };
}

/** The company's window now, if one is open. */
export async function currentSupportAccess(
  ctx: AppContext,
  admin: { enterpriseId: number },
): Promise<SupportAccessView | null> {
  const open = await findOpenSupportAccess(ctx.db, admin.enterpriseId);
  return open && open.ends_at > ctx.now() ? viewOf(open, await listSupportAccessSites(ctx.db, open.id)) : null;
}

/** The company's own live sites a grant names, each once: 1000404 for one that is not the company's
 *  (as one that does not exist), 1009243 for a retired one. */
export async function sitesOfGrant(ctx: AppContext, enterpriseId: number, publicIds: readonly string[], now: number) {
  const sites = [];
  for (const publicId of new Set(publicIds)) {
    const site = await ownSiteOrNotFound(ctx.db, enterpriseId, publicId);
    if (site.retired_at !== null && site.retired_at <= now) throw new AppError(ErrorCode.SiteRetired);
    sites.push(site);
  }
  return sites;
}

/** A support request a grant approves (libraries/support/support-requests.ts): decided in the grant's
 *  transaction, so that the window and the decision are made together or not at all. */
export interface GrantOfRequest {
  /** Under the company's lock, before the open window is looked at: throws when it is not open. */
  check(trx: Executor, now: number): Promise<void>;
  /** With the window made: marks the request approved with it, and tells its person. */
  decide(trx: Executor, accessId: number, endsAt: number, now: number): Promise<void>;
  /** Added to the grant's audit row: the request and who asked. */
  detail: Record<string, unknown>;
}

/**
 * The company's administrator lets the platform's support in for `hours`, with a fresh proof: the
 * person at the keyboard consents, not a session left open. One window at a time (1009290); a window
 * past its end that the sweep has not reached yet is ended here first. `ofRequest`: the grant
 * approves a support request, the one way an approval opens a window.
 */
export async function grantSupportAccess(
  ctx: AppContext,
  admin: PersonAdministrator,
  caller: SignedInCaller,
  body: GrantSupportAccessRequest,
  ofRequest?: GrantOfRequest,
): Promise<SupportAccessView> {
  const { hours } = body;
  await assertFreshProof(ctx, caller.session);
  const now = ctx.now();
  const sites = await sitesOfGrant(ctx, admin.enterpriseId, body.siteIds ?? [], now);
  let passed: number | null = null;
  const granted = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    await ofRequest?.check(trx, now);
    const open = await findOpenSupportAccess(trx, admin.enterpriseId);
    if (open && open.ends_at > now) throw new AppError(ErrorCode.SupportAccessActive);
    if (open && (await endSupportAccess(trx, open.id, now, undefined))) passed = open.id;
    const row = {
      enterprise_id: admin.enterpriseId,
      granted_by: admin.userId,
      starts_at: now,
      ends_at: now + hours * 3_600_000,
    };
    const id = await insertSupportAccess(trx, { ...row, revoked_at: null, revoked_by: null, ended_at: null });
    await insertSupportAccessSites(
      trx,
      id,
      sites.map((site) => site.id),
    );
    await recordAudit(
      ctx,
      {
        action: 'support-access.grant',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: {
          accessId: id,
          hours,
          until: iso(row.ends_at),
          ...(sites.length ? { siteNames: sites.map((site) => site.name) } : {}),
          ...ofRequest?.detail,
        },
      },
      trx,
    );
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'support_access.granted',
      data: {
        accessId: id,
        grantedBy: admin.userId,
        startsAt: iso(now),
        endsAt: iso(row.ends_at),
        siteIds: sites.map((site) => site.public_id),
      },
    });
    await ofRequest?.decide(trx, id, row.ends_at, now);
    return viewOf(
      { id, ...row },
      (await listSupportAccessSites(trx, id)).map(({ siteId, name }) => ({ siteId, name })),
    );
  });
  if (passed !== null) await endWindowSessions(ctx, passed);
  return granted;
}

/** Ends the company's window before its end: its support sessions and their product grants end now. */
export async function revokeSupportAccess(ctx: AppContext, admin: PersonAdministrator): Promise<void> {
  const now = ctx.now();
  const ended = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const open = await findOpenSupportAccess(trx, admin.enterpriseId);
    if (!open || !(await endSupportAccess(trx, open.id, now, admin.userId))) return null;
    const reason = open.ends_at > now ? 'revoked' : 'expired';
    await recordAudit(
      ctx,
      {
        action: 'support-access.revoke',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { accessId: open.id },
      },
      trx,
    );
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'support_access.ended',
      data: { accessId: open.id, reason },
    });
    return open.id;
  });
  if (ended === null) throw new AppError(ErrorCode.SupportAccessUnavailable);
  await endWindowSessions(ctx, ended);
}

/** The portal sessions of a window end at once; their product grants in the background, each product
 *  told by back-channel logout (libraries/openid/logout.ts). */
async function endWindowSessions(ctx: AppContext, accessId: number): Promise<void> {
  const sessions = await revokeSupportSessions(ctx.db, accessId, ctx.now());
  ctx.productSessions?.endForPortalSessions(sessions);
}

/** Ends the windows past their end, each once across processes, and answers how many. */
export async function endPassedSupportAccess(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let count = 0;
  for (const passed of await listPassedSupportAccess(ctx.db, now, SWEEP_BATCH)) {
    const ended = await companyTransaction(ctx, [passed.enterprise_id], async (trx) => {
      if (!(await endSupportAccess(trx, passed.id, now, undefined))) return false;
      await recordAudit(
        ctx,
        { action: 'support-access.end', enterpriseId: passed.enterprise_id, detail: { accessId: passed.id } },
        trx,
      );
      await recordEvent(ctx, trx, {
        enterpriseId: passed.enterprise_id,
        type: 'support_access.ended',
        data: { accessId: passed.id, reason: 'expired' },
      });
      return true;
    });
    if (!ended) continue;
    count++;
    await endWindowSessions(ctx, passed.id);
  }
  return count;
}

/** The companies a support person may enter now; none for anyone else. */
export async function supportCompanies(ctx: AppContext, caller: SignedInCaller): Promise<SupportCompany[]> {
  if (!(await findSupportStaff(ctx.db, caller.session.user.id))) return [];
  const live = await listLiveSupportAccess(ctx.db, ctx.now());
  return live.map((row) => ({ enterpriseId: row.enterpriseId, name: row.name, until: iso(row.endsAt) }));
}

/**
 * A support person enters a company that has consented: the session works in it until the window
 * ends, as the support and never as a member (the audiences' gate refuses what is not for support).
 * Anyone else, and a company without a live window, is 1009292 alike.
 */
export async function enterAsSupport(
  ctx: AppContext,
  caller: SignedInCaller,
  enterpriseId: number,
): Promise<SupportSessionView> {
  const { session, ip } = caller;
  const now = ctx.now();
  const staff = await findSupportStaff(ctx.db, session.user.id);
  const open = staff ? await findOpenSupportAccess(ctx.db, enterpriseId) : undefined;
  if (!staff || !open || open.ends_at <= now || staff.enterprise_id === enterpriseId) {
    throw new AppError(ErrorCode.SupportAccessUnavailable);
  }
  await companyTransaction(ctx, [enterpriseId], async (trx) => {
    await insertSupportSession(trx, session.sessionId, open.id, now);
    await setSessionEnterprise(trx, session.sessionId, enterpriseId);
    await recordAudit(
      ctx,
      {
        action: 'support-access.enter',
        userId: session.user.id,
        enterpriseId,
        ip,
        detail: { accessId: open.id, supportName: session.user.nickname },
      },
      trx,
    );
    await recordEvent(ctx, trx, {
      enterpriseId,
      type: 'support_access.entered',
      data: { accessId: open.id, supportUserId: session.user.id, supportName: session.user.nickname },
    });
  });
  return (await supportSessionOf(ctx, {
    ...session,
    support: { accessId: open.id, enterpriseId, endsAt: open.ends_at, over: false },
  }))!;
}

/** Who acts, in which company and until when: the portal's banner. Null for any other session. */
export async function supportSessionOf(
  ctx: AppContext,
  session: SignedInCaller['session'],
): Promise<SupportSessionView | null> {
  if (!session.support) return null;
  const company = await findEnterpriseById(ctx.db, session.support.enterpriseId);
  return {
    supportName: session.user.nickname,
    supportUserId: session.user.id,
    enterpriseId: session.support.enterpriseId,
    companyName: company?.full_name ?? '',
    until: iso(session.support.endsAt),
  };
}

/** Whether a support session's company holds the product: a support person opens the company's
 *  products, as its members do. */
export async function supportMayOpen(ctx: AppContext, enterpriseId: number, product: string): Promise<boolean> {
  const products = await listEnterpriseProducts(ctx.db, [enterpriseId]);
  return products.some((p) => p.code === product);
}
