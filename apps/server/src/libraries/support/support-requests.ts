import { randomBytes } from 'node:crypto';
import {
  MY_SUPPORT_REQUESTS_SHOWN,
  type ApproveSupportRequestRequest,
  type MySupportRequests,
  type RequestSupportAccessRequest,
  SUPPORT_REQUESTS_OPEN_PER_COMPANY,
  SUPPORT_REQUESTS_OPEN_PER_PERSON,
  SUPPORT_REQUEST_OPEN_HOURS,
  type SupportAccessView,
  type SupportRequestList,
  type SupportRequestView,
} from '@portal/shared/api/support';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import {
  type NamedSupportRequestRow,
  countOpenSupportRequestsOfPerson,
  decideSupportRequest,
  expireSupportRequest,
  findSupportRequestById,
  findSupportRequestByPublicId,
  insertSupportRequestWithin,
  listOpenSupportRequestsOfCompany,
  listPassedSupportRequests,
  listSitesByPublicIds,
  listSupportRequestsOfPerson,
} from '../../queries/support-requests.ts';
import { findSupportStaff } from '../../queries/support.ts';
import { listAdministratorEmails } from '../../queries/webhook-deliveries.ts';
import { formatNoticeTime } from '../account-security/security-notices.ts';
import type { PersonAdministrator } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { companyTransaction, enclosing } from '../platform/company-transaction.ts';
import { uniqueViolationOf } from '../platform/unique-violation.ts';
import { grantSupportAccess, sitesOfGrant } from './support-access.ts';

/**
 * Support requests (docs/support-access.md#requests): a support person asks a company for a window;
 * its administrators approve it, which is the company's grant (`grantSupportAccess`, with the
 * request decided in the grant's transaction), or refuse it. Open for a day; then closed, and the
 * support person told.
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function viewOf(db: Executor, row: NamedSupportRequestRow, at: number): Promise<SupportRequestView> {
  const expired = row.status === 'expired' || (row.status === 'open' && Number(row.expires_at) <= at);
  return {
    requestId: row.public_id,
    company: { name: row.companyName, domain: row.companyDomain },
    requester: { userId: row.requester_user_id, name: row.requesterName },
    hours: Number(row.hours),
    reason: row.reason,
    sites: await listSitesByPublicIds(db, JSON.parse(row.site_ids) as string[]),
    status: expired ? 'expired' : row.status,
    createdAt: iso(Number(row.created_at)),
    expiresAt: iso(Number(row.expires_at)),
    decidedAt: row.decided_at === null ? null : iso(Number(row.decided_at)),
    accessId: row.access_id,
  };
}

type Recipient = { email: string | null; lang_code: Parameters<typeof translate>[0] };

/** Email to each recipient in their language, sent once `trx` commits. */
async function tell(
  ctx: AppContext,
  trx: Executor,
  to: Recipient[],
  subject: Parameters<typeof translate>[1],
  text: (lang: Recipient['lang_code']) => string,
): Promise<void> {
  const messenger = ctx.messenger;
  if (!messenger) return;
  for (const person of to) {
    if (!person.email) continue;
    await messenger.send(
      {
        channel: 'email',
        to: person.email,
        subject: translate(person.lang_code, subject),
        text: text(person.lang_code),
        purpose: 'notice',
      },
      enclosing(trx),
    );
  }
}

function requesterEmail(db: Executor, userId: number): Promise<Recipient[]> {
  return db.selectFrom('users').select(['email', 'lang_code']).where('id', '=', userId).execute();
}

/**
 * A support person asks the company of `domain`. An unknown company, the person's own support
 * company and a person who is no support staff are one answer (1009293), so that the call tells
 * nobody which companies exist.
 */
export async function requestSupportAccess(
  ctx: AppContext,
  caller: SignedInCaller,
  body: RequestSupportAccessRequest,
): Promise<SupportRequestView> {
  const user = caller.session.user;
  const staff = await findSupportStaff(ctx.db, user.id);
  const company = staff ? await findEnterpriseByDomain(ctx.db, body.domain.toLowerCase()) : undefined;
  if (!staff || !company || company.id === staff.enterprise_id) throw new AppError(ErrorCode.SupportRequestUnavailable);
  const sites = await sitesOfGrant(ctx, company.id, body.siteIds ?? [], ctx.now());
  try {
    return await companyTransaction(ctx, [company.id], async (trx) => {
      const now = ctx.now();
      // a request past its day holds the place of the new one: closed first, and told
      for (const passed of await listPassedSupportRequests(trx, now, { enterpriseId: company.id, userId: user.id }))
        await closeExpired(ctx, trx, passed.id, now);
      const id = await insertSupportRequestWithin(
        trx,
        {
          public_id: `srq_${randomBytes(16).toString('base64url')}`,
          enterprise_id: company.id,
          requester_user_id: user.id,
          hours: body.hours,
          reason: body.reason,
          site_ids: JSON.stringify(sites.map((site) => site.public_id)),
          expires_at: now + SUPPORT_REQUEST_OPEN_HOURS * HOUR,
          created_at: now,
        },
        { perPerson: SUPPORT_REQUESTS_OPEN_PER_PERSON, perCompany: SUPPORT_REQUESTS_OPEN_PER_COMPANY },
      );
      if (id === undefined) {
        const mine = await countOpenSupportRequestsOfPerson(trx, user.id, now);
        throw new AppError(
          mine >= SUPPORT_REQUESTS_OPEN_PER_PERSON
            ? ErrorCode.SupportRequestPersonLimit
            : ErrorCode.SupportRequestCompanyLimit,
        );
      }
      const view = await viewOf(trx, (await findSupportRequestById(trx, id))!, now);
      await recordEvent(ctx, trx, {
        enterpriseId: company.id,
        type: 'support_access.requested',
        data: {
          requestId: view.requestId,
          supportUserId: user.id,
          supportName: user.nickname,
          hours: view.hours,
          siteIds: view.sites.map((site) => site.siteId),
          expiresAt: view.expiresAt,
        },
      });
      await recordAudit(
        ctx,
        {
          action: 'support-request.create',
          userId: user.id,
          enterpriseId: company.id,
          ip: caller.ip,
          detail: {
            requestId: view.requestId,
            supportName: user.nickname,
            hours: view.hours,
            ...(sites.length ? { siteNames: sites.map((site) => site.name) } : {}),
          },
        },
        trx,
      );
      await tell(ctx, trx, await listAdministratorEmails(trx, company.id), 'mail.supportRequestedSubject', (lang) =>
        translate(lang, 'mail.supportRequestedText', {
          requester: user.nickname,
          company: company.full_name,
          hours: view.hours,
          sites: sites.length ? sites.map((site) => site.name).join(', ') : translate(lang, 'mail.supportAllSites'),
          reason: view.reason,
          until: formatNoticeTime(lang, Date.parse(view.expiresAt)),
        }),
      );
      return view;
    });
  } catch (error) {
    // the one open request per person and company is the schema's
    if (uniqueViolationOf(error)) throw new AppError(ErrorCode.SupportRequestPending);
    throw error;
  }
}

/** The support person's own requests; `staff` false for anyone else, who has none. */
export async function mySupportRequests(ctx: AppContext, caller: SignedInCaller): Promise<MySupportRequests> {
  const userId = caller.session.user.id;
  if (!(await findSupportStaff(ctx.db, userId))) return { staff: false, items: [] };
  const now = ctx.now();
  const rows = await listSupportRequestsOfPerson(ctx.db, userId, MY_SUPPORT_REQUESTS_SHOWN);
  return { staff: true, items: await Promise.all(rows.map((row) => viewOf(ctx.db, row, now))) };
}

/** The company's open requests, newest first: at most its limit of open ones. */
export async function listSupportRequests(
  ctx: AppContext,
  admin: { enterpriseId: number },
): Promise<SupportRequestList> {
  const now = ctx.now();
  const rows = await listOpenSupportRequestsOfCompany(
    ctx.db,
    admin.enterpriseId,
    now,
    SUPPORT_REQUESTS_OPEN_PER_COMPANY,
  );
  return { items: await Promise.all(rows.map((row) => viewOf(ctx.db, row, now))) };
}

/** A request to the company; 1000404 for any other. */
async function ownRequestOrNotFound(db: Executor, enterpriseId: number, requestId: string) {
  const row = await findSupportRequestByPublicId(db, requestId);
  if (!row || row.enterprise_id !== enterpriseId) throw new AppError(ErrorCode.NotFound);
  return row;
}

/**
 * Approves a request, for its hours or fewer: the company's grant of the window it asks for. Under
 * the company's lock the request is read again and decided only while open, with the window, so a
 * second approval finds it decided (1009297) and many approvals raced open one window.
 */
export async function approveSupportRequest(
  ctx: AppContext,
  admin: PersonAdministrator,
  caller: SignedInCaller,
  body: ApproveSupportRequestRequest,
): Promise<SupportAccessView> {
  const found = await ownRequestOrNotFound(ctx.db, admin.enterpriseId, body.requestId);
  const hours = body.hours ?? Number(found.hours);
  if (hours > Number(found.hours)) throw new AppError(ErrorCode.SupportRequestApprovalLonger);
  const siteIds = JSON.parse(found.site_ids) as string[];
  return grantSupportAccess(ctx, admin, caller, siteIds.length ? { hours, siteIds } : { hours }, {
    async check(trx, now) {
      const request = (await findSupportRequestById(trx, found.id))!;
      if (request.status !== 'open' || Number(request.expires_at) <= now)
        throw new AppError(ErrorCode.SupportRequestNotOpen);
    },
    async decide(trx, accessId, endsAt, now) {
      if (!(await decideSupportRequest(trx, found.id, now, { status: 'approved', decidedBy: admin.userId, accessId })))
        throw new AppError(ErrorCode.SupportRequestNotOpen);
      await tell(ctx, trx, await requesterEmail(trx, found.requester_user_id), 'mail.supportApprovedSubject', (lang) =>
        translate(lang, 'mail.supportApprovedText', {
          company: found.companyName,
          until: formatNoticeTime(lang, endsAt),
        }),
      );
    },
    detail: { requestId: found.public_id, supportName: found.requesterName },
  });
}

export async function refuseSupportRequest(
  ctx: AppContext,
  admin: PersonAdministrator,
  requestId: string,
): Promise<void> {
  const found = await ownRequestOrNotFound(ctx.db, admin.enterpriseId, requestId);
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const now = ctx.now();
    if (
      !(await decideSupportRequest(trx, found.id, now, { status: 'refused', decidedBy: admin.userId, accessId: null }))
    )
      throw new AppError(ErrorCode.SupportRequestNotOpen);
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'support_access.refused',
      data: { requestId: found.public_id, supportUserId: found.requester_user_id, refusedBy: admin.userId },
    });
    await recordAudit(
      ctx,
      {
        action: 'support-request.refuse',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { requestId: found.public_id, supportName: found.requesterName },
      },
      trx,
    );
    await tell(ctx, trx, await requesterEmail(trx, found.requester_user_id), 'mail.supportRefusedSubject', (lang) =>
      translate(lang, 'mail.supportRefusedText', { company: found.companyName }),
    );
  });
}

/** Requests closed per sweep; the rest at the next one. */
const EXPIRY_BATCH = 100;

/** Closes one request past its day and tells its person, once: the update that closes it is the one
 *  that tells, so that two processes sweeping at once, or a new request, never tell twice. */
async function closeExpired(ctx: AppContext, trx: Executor, id: number, now: number): Promise<boolean> {
  if (!(await expireSupportRequest(trx, id, now))) return false;
  const row = (await findSupportRequestById(trx, id))!;
  await tell(ctx, trx, await requesterEmail(trx, row.requester_user_id), 'mail.supportExpiredSubject', (lang) =>
    translate(lang, 'mail.supportExpiredText', { company: row.companyName }),
  );
  return true;
}

/** The requests past their day that nobody decided: closed, each in its own transaction. */
export async function expirePassedSupportRequests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let count = 0;
  for (const passed of await listPassedSupportRequests(ctx.db, now, { limit: EXPIRY_BATCH }))
    if (await companyTransaction(ctx, [passed.enterprise_id], (trx) => closeExpired(ctx, trx, passed.id, now))) count++;
  return count;
}
