import { randomBytes } from 'node:crypto';
import {
  ACCESS_REQUESTS_OPEN_PER_COMPANY,
  ACCESS_REQUESTS_OPEN_PER_PERSON,
  ACCESS_REQUEST_OPEN_HOURS,
  MY_ACCESS_REQUESTS_SHOWN,
  type AccessRequest,
  type AccessRequestCap,
  type AccessRequestPage,
  type AccessRequestsQuery,
  type ApproveAccessRequestRequest,
  type MyAccessRequests,
  type RequestSiteAccessRequest,
  type SiteAccessLookup,
} from '@portal/shared/api/access-requests';
import type { EventData } from '@portal/shared/api/integrations';
import { type SiteRoleTemplate, templateWithin } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  type NamedAccessRequestRow,
  countOpenAccessRequestsOfOwner,
  countOpenAccessRequestsOfPerson,
  decideAccessRequest,
  expireAccessRequest,
  findAccessRequestById,
  findAccessRequestCap,
  findAccessRequestByPublicId,
  insertAccessRequestWithin,
  listAccessRequestsOfOwner,
  listAccessRequestsOfPerson,
  listPassedAccessRequests,
  listPassedAccessRequestsFor,
  setAccessRequestCap,
} from '../../queries/access-requests.ts';
import type { Executor } from '../../queries/executor.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { insertAssignment } from '../../queries/site-grants.ts';
import { type SiteRow, findSiteById, findSiteByPublicId, listCompaniesByIds } from '../../queries/sites.ts';
import { listAdministratorEmails } from '../../queries/webhook-deliveries.ts';
import { formatNoticeTime } from '../account-security/security-notices.ts';
import { currentEnterpriseOf } from '../company/memberships.ts';
import type { PersonAdministrator } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { companyTransaction, enclosing } from '../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { uniqueViolationOf } from '../platform/unique-violation.ts';
import { auditForEach, grantOnRequest, grantStatuses } from './grants.ts';
import { iso } from './sites.ts';

/**
 * Access to a site on request (docs/site-grants.md#requests-for-a-site): a person asks the owner for
 * a site for some hours; an approval is an owner's grant to the person's company that ends by itself,
 * with the person assigned to it, so the decision point and the tokens honour it as any grant.
 */

const HOUR = 3_600_000;

function requestView(row: NamedAccessRequestRow, at: number): AccessRequest {
  const expired = row.status === 'expired' || (row.status === 'open' && row.expires_at <= at);
  return {
    requestId: row.public_id,
    site: { siteId: row.sitePublicId, name: row.siteName },
    owner: { name: row.ownerName, domain: row.ownerDomain },
    requester: {
      name: row.requesterName,
      company: { name: row.requesterCompanyName, domain: row.requesterCompanyDomain },
    },
    template: row.template,
    hours: Number(row.hours),
    reason: row.reason,
    status: expired ? 'expired' : row.status,
    widens: row.widens_template,
    createdAt: iso(Number(row.created_at)),
    expiresAt: iso(Number(row.expires_at)),
    decidedAt: row.decided_at === null ? null : iso(Number(row.decided_at)),
    grant:
      row.grantPublicId === null || row.grantEndsAt === null
        ? null
        : {
            grantId: row.grantPublicId,
            template: row.grantTemplate as SiteRoleTemplate,
            endsAt: iso(Number(row.grantEndsAt)),
          },
  };
}

function eventData(view: AccessRequest): EventData<'access_request.created'> {
  return {
    requestId: view.requestId,
    siteId: view.site.siteId,
    owner: view.owner,
    requester: view.requester.company,
    template: view.template,
    hours: view.hours,
  };
}

/** The widest template the company holds on the site now, through grants in effect, and the grant. */
async function heldOn(db: Executor, site: SiteRow, enterpriseId: number, at: number) {
  const states = await grantStatuses(db, site, at);
  const held = [...states.values()].filter(
    (s) => s.row.grantee_enterprise_id === enterpriseId && s.status === 'active' && s.row.widens_grant_id === null,
  );
  const widenings = [...states.values()].filter(
    (s) => s.row.grantee_enterprise_id === enterpriseId && s.status === 'active' && s.row.widens_grant_id !== null,
  );
  return { grant: held[0]?.row ?? null, templates: [...held, ...widenings].map((s) => s.row.template) };
}

/**
 * The site a person may ask for: a live site of another company, on a product the person's company
 * holds (a grant on no product of its would open nothing). Anything else is 1000404, as for a site
 * that does not exist.
 */
async function askableSite(ctx: AppContext, siteId: string, enterpriseId: number): Promise<SiteRow> {
  const site = await findSiteByPublicId(ctx.db, siteId);
  if (!site || site.retired_at !== null || site.enterprise_id === enterpriseId) throw new AppError(ErrorCode.NotFound);
  const held = new Set((await listEnterpriseProducts(ctx.db, [enterpriseId])).map((p) => p.code as string));
  const on = JSON.parse(site.product_codes) as ProductCode[];
  if (!on.some((code) => held.has(code))) throw new AppError(ErrorCode.NotFound);
  return site;
}

async function tell(
  ctx: AppContext,
  trx: Executor,
  to: { email: string | null; lang_code: Parameters<typeof translate>[0] }[],
  subject: Parameters<typeof translate>[1],
  text: (lang: Parameters<typeof translate>[0]) => string,
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

/** The requesting person as the audit of both companies names them. */
function requesterActor(caller: SignedInCaller, enterpriseId: number): PersonAdministrator {
  return { kind: 'person', enterpriseId, userId: caller.session.user.id, ip: caller.ip };
}

/** The site a person may ask for, as a request would find it, with its owner's cap. */
export async function lookUpSiteAccess(
  ctx: AppContext,
  caller: SignedInCaller,
  siteId: string,
): Promise<SiteAccessLookup> {
  const enterpriseId = await currentEnterpriseOf(ctx, caller.session.user.id, caller.session.enterpriseId);
  if (enterpriseId === null) throw new AppError(ErrorCode.NotFound);
  const site = await askableSite(ctx, siteId, enterpriseId);
  const [owner] = await listCompaniesByIds(ctx.db, [site.enterprise_id]);
  return {
    site: { siteId: site.public_id, name: site.name },
    owner: { name: owner!.name, domain: owner!.domain },
    capHours: await findAccessRequestCap(ctx.db, site.enterprise_id),
  };
}

/** A person asks for a site for the session's current company. */
export async function requestSiteAccess(
  ctx: AppContext,
  caller: SignedInCaller,
  body: RequestSiteAccessRequest,
): Promise<AccessRequest> {
  const user = caller.session.user;
  const enterpriseId = await currentEnterpriseOf(ctx, user.id, caller.session.enterpriseId);
  if (enterpriseId === null) throw new AppError(ErrorCode.NotFound);
  const site = await askableSite(ctx, body.siteId, enterpriseId);
  try {
    return await companyTransaction(ctx, [site.enterprise_id, enterpriseId], async (trx) => {
      const now = ctx.now();
      // read under the owner's lock: a cap saved meanwhile is wholly before or after this request
      const capHours = await findAccessRequestCap(trx, site.enterprise_id);
      if (body.hours > capHours) throw new AppError(ErrorCode.AccessRequestOverCap, { capHours });
      const held = await heldOn(trx, site, enterpriseId, now);
      if (held.templates.some((template) => templateWithin(body.template, template)))
        throw new AppError(ErrorCode.AccessRequestHeld);
      // a request of this site past its day holds the place of the new one: closed first, and told
      for (const passed of await listPassedAccessRequestsFor(trx, site.id, enterpriseId, now))
        await closeExpired(ctx, trx, passed.id, now);
      const id = await insertAccessRequestWithin(
        trx,
        {
          public_id: `arq_${randomBytes(16).toString('base64url')}`,
          site_id: site.id,
          owner_enterprise_id: site.enterprise_id,
          requester_enterprise_id: enterpriseId,
          requester_user_id: user.id,
          template: body.template,
          hours: body.hours,
          reason: body.reason,
          widens_template: held.grant?.template ?? null,
          expires_at: now + ACCESS_REQUEST_OPEN_HOURS * HOUR,
          created_at: now,
        },
        { perPerson: ACCESS_REQUESTS_OPEN_PER_PERSON, perCompany: ACCESS_REQUESTS_OPEN_PER_COMPANY },
      );
      if (id === undefined) {
        const mine = await countOpenAccessRequestsOfPerson(trx, user.id, now);
        throw new AppError(
          mine >= ACCESS_REQUESTS_OPEN_PER_PERSON
            ? ErrorCode.AccessRequestPersonLimit
            : ErrorCode.AccessRequestCompanyLimit,
        );
      }
      const view = requestView((await findAccessRequestById(trx, id))!, now);
      for (const company of [site.enterprise_id, enterpriseId])
        await recordEvent(ctx, trx, { enterpriseId: company, type: 'access_request.created', data: eventData(view) });
      await auditForEach(ctx, trx, requesterActor(caller, enterpriseId), [enterpriseId, site.enterprise_id], {
        action: 'access-request.create',
        detail: {
          requestId: view.requestId,
          siteId: site.public_id,
          siteName: site.name,
          template: view.template,
          hours: view.hours,
        },
      });
      await tell(
        ctx,
        trx,
        await listAdministratorEmails(trx, site.enterprise_id),
        'mail.accessRequestedSubject',
        (lang) =>
          translate(lang, 'mail.accessRequestedText', {
            requester: view.requester.name,
            company: view.requester.company.name,
            site: site.name,
            template: translate(lang, `sites.templates.${view.template}`),
            hours: view.hours,
            reason: view.reason,
            until: formatNoticeTime(lang, Date.parse(view.expiresAt)),
          }),
      );
      return view;
    });
  } catch (error) {
    // the one open request per person and site is the schema's
    if (uniqueViolationOf(error)) throw new AppError(ErrorCode.AccessRequestPending);
    throw error;
  }
}

export async function myAccessRequests(ctx: AppContext, caller: SignedInCaller): Promise<MyAccessRequests> {
  const rows = await listAccessRequestsOfPerson(ctx.db, caller.session.user.id, MY_ACCESS_REQUESTS_SHOWN);
  const now = ctx.now();
  return { items: rows.map((row) => requestView(row, now)) };
}

/** The requests for the company's sites, newest first. */
export async function listAccessRequests(
  ctx: AppContext,
  admin: { enterpriseId: number },
  query: AccessRequestsQuery,
): Promise<AccessRequestPage> {
  const now = ctx.now();
  const before = decodeCursor(query.cursor, ['id'])?.[0];
  const rows = await listAccessRequestsOfOwner(ctx.db, admin.enterpriseId, {
    ...(query.status === 'open' ? { openAt: now } : {}),
    ...(before === undefined ? {} : { before }),
    limit: query.pageSize + 1,
  });
  const page = pageOf(rows, query.pageSize, (row) => [row.id]);
  return {
    items: page.rows.map((row) => requestView(row, now)),
    openCount: await countOpenAccessRequestsOfOwner(ctx.db, admin.enterpriseId, now),
    nextCursor: page.nextCursor,
  };
}

/** A request of the company's sites; 1000404 for any other. */
async function ownRequestOrNotFound(db: Executor, ownerId: number, requestId: string) {
  const row = await findAccessRequestByPublicId(db, requestId);
  if (!row || row.owner_enterprise_id !== ownerId) throw new AppError(ErrorCode.NotFound);
  return row;
}

/**
 * Approves a request, as asked or shorter and narrower: under the locks of both companies the request
 * is read again, decided only while open, and the grant made with it; a second approval finds it
 * decided (1009272), so one request makes one grant however many approvals race.
 */
export async function approveAccessRequest(
  ctx: AppContext,
  admin: PersonAdministrator,
  body: ApproveAccessRequestRequest,
): Promise<AccessRequest> {
  const found = await ownRequestOrNotFound(ctx.db, admin.enterpriseId, body.requestId);
  const chosen = body.hours ?? Number(found.hours);
  const template = body.template ?? found.template;
  if (chosen > Number(found.hours) || !templateWithin(template, found.template))
    throw new AppError(ErrorCode.AccessRequestApprovalWider);
  return companyTransaction(ctx, [admin.enterpriseId, found.requester_enterprise_id], async (trx) => {
    const now = ctx.now();
    // a cap lowered since the request was made cuts the grant to it: the approver meant to let the
    // person in, and the company's own rule says for how long at most, so refusing would only make
    // the approver ask again for less
    const capHours = await findAccessRequestCap(trx, admin.enterpriseId);
    const hours = Math.min(chosen, capHours);
    const request = (await findAccessRequestById(trx, found.id))!;
    if (request.status !== 'open' || request.expires_at <= now) throw new AppError(ErrorCode.AccessRequestNotOpen);
    const site = (await findSiteById(trx, request.site_id))!;
    if (site.retired_at !== null) throw new AppError(ErrorCode.SiteRetired);
    const [grantee] = await listCompaniesByIds(trx, [request.requester_enterprise_id]);
    const held = await heldOn(trx, site, request.requester_enterprise_id, now);
    const endsAt = now + hours * HOUR;
    const { row: grant, view: grantView } = await grantOnRequest(ctx, trx, admin, {
      site,
      grantee: { id: request.requester_enterprise_id, name: grantee!.name, domain: grantee!.domain },
      template,
      endsAt,
      widens: held.grant?.id ?? null,
    });
    await insertAssignment(trx, {
      grant_id: grant.id,
      site_id: null,
      user_id: request.requester_user_id,
      department_id: null,
      template,
      ends_at: endsAt,
      created_by: admin.userId,
      created_at: now,
    });
    if (
      !(await decideAccessRequest(trx, request.id, now, {
        status: 'approved',
        decidedBy: admin.userId,
        grantId: grant.id,
      }))
    )
      throw new AppError(ErrorCode.AccessRequestNotOpen);
    const view = requestView((await findAccessRequestById(trx, request.id))!, now);
    for (const company of [site.enterprise_id, request.requester_enterprise_id])
      await recordEvent(ctx, trx, {
        enterpriseId: company,
        type: 'access_request.approved',
        data: { ...eventData(view), grantId: grantView.grantId, grantTemplate: template, endsAt: grantView.endsAt! },
      });
    await auditForEach(ctx, trx, admin, [site.enterprise_id, request.requester_enterprise_id], {
      action: 'access-request.approve',
      detail: {
        requestId: view.requestId,
        siteId: site.public_id,
        siteName: site.name,
        grantId: grantView.grantId,
        grantor: grantView.grantor.name,
        grantee: grantView.grantee.name,
        template,
        endsAt: grantView.endsAt,
        asked: { template: view.template, hours: view.hours },
        ...(hours < chosen ? { cappedAt: capHours } : {}),
      },
    });
    await tell(ctx, trx, await requesterEmail(trx, request.requester_user_id), 'mail.accessApprovedSubject', (lang) =>
      translate(lang, 'mail.accessApprovedText', {
        owner: view.owner.name,
        site: site.name,
        template: translate(lang, `sites.templates.${template}`),
        until: formatNoticeTime(lang, endsAt),
      }),
    );
    return view;
  });
}

async function requesterEmail(db: Executor, userId: number) {
  return db.selectFrom('users').select(['email', 'lang_code']).where('id', '=', userId).execute();
}

export async function refuseAccessRequest(
  ctx: AppContext,
  admin: PersonAdministrator,
  requestId: string,
): Promise<void> {
  const found = await ownRequestOrNotFound(ctx.db, admin.enterpriseId, requestId);
  await companyTransaction(ctx, [admin.enterpriseId, found.requester_enterprise_id], async (trx) => {
    const now = ctx.now();
    if (!(await decideAccessRequest(trx, found.id, now, { status: 'refused', decidedBy: admin.userId, grantId: null })))
      throw new AppError(ErrorCode.AccessRequestNotOpen);
    const view = requestView((await findAccessRequestById(trx, found.id))!, now);
    const companies = [found.owner_enterprise_id, found.requester_enterprise_id];
    for (const company of companies)
      await recordEvent(ctx, trx, { enterpriseId: company, type: 'access_request.refused', data: eventData(view) });
    await auditForEach(ctx, trx, admin, companies, {
      action: 'access-request.refuse',
      detail: {
        requestId: view.requestId,
        siteId: view.site.siteId,
        siteName: view.site.name,
        template: view.template,
      },
    });
    await tell(ctx, trx, await requesterEmail(trx, found.requester_user_id), 'mail.accessRefusedSubject', (lang) =>
      translate(lang, 'mail.accessRefusedText', { owner: view.owner.name, site: view.site.name }),
    );
  });
}

/** Requests closed per sweep; the rest at the next one. */
const EXPIRY_BATCH = 100;

/**
 * Closes one request past its day, in a transaction holding both companies: `access_request.expired`
 * in each, and the person told by email. Once: the update that closes it is the one that tells, so
 * that two processes sweeping at once, or a new request of the same site, never tell twice.
 */
async function closeExpired(ctx: AppContext, trx: Executor, id: number, now: number): Promise<boolean> {
  if (!(await expireAccessRequest(trx, id, now))) return false;
  const row = (await findAccessRequestById(trx, id))!;
  const view = requestView(row, now);
  for (const company of [row.owner_enterprise_id, row.requester_enterprise_id])
    await recordEvent(ctx, trx, { enterpriseId: company, type: 'access_request.expired', data: eventData(view) });
  await tell(ctx, trx, await requesterEmail(trx, row.requester_user_id), 'mail.accessExpiredSubject', (lang) =>
    translate(lang, 'mail.accessExpiredText', { owner: view.owner.name, site: view.site.name }),
  );
  return true;
}

/** The requests past their day that nobody decided: closed, each in its own transaction. */
export async function expirePassedAccessRequests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let count = 0;
  for (const passed of await listPassedAccessRequests(ctx.db, now, EXPIRY_BATCH))
    if (
      await companyTransaction(ctx, [passed.owner_enterprise_id, passed.requester_enterprise_id], (trx) =>
        closeExpired(ctx, trx, passed.id, now),
      )
    )
      count++;
  return count;
}

export async function accessRequestCap(ctx: AppContext, admin: { enterpriseId: number }): Promise<AccessRequestCap> {
  return { capHours: await findAccessRequestCap(ctx.db, admin.enterpriseId) };
}

/**
 * Saves the company's cap under its lock, which every request of its sites takes before it reads the
 * cap: a request racing the save is checked against the old cap or the new, never half of each.
 */
export async function saveAccessRequestCap(
  ctx: AppContext,
  admin: PersonAdministrator,
  body: AccessRequestCap,
): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    // saving the cap it has already changes nothing that receivers need to hear of
    if (await setAccessRequestCap(trx, admin.enterpriseId, body.capHours))
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'company.access_request_cap_changed',
        data: { capHours: body.capHours },
      });
    await recordAudit(
      ctx,
      {
        action: 'access-request.cap',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { capHours: body.capHours },
      },
      trx,
    );
  });
}
