import { randomBytes } from 'node:crypto';
import type { EventData } from '@portal/shared/api/integrations';
import {
  SITE_GRANTS_MAX,
  SITE_GRANT_DEPTH_MAX,
  type EndedGrants,
  type ShareOnRequest,
  type ShareSitesRequest,
  type SharedGrants,
  type SharedWithUsPage,
  type SharedWithUsQuery,
  type SiteDetail,
  type SiteGrant,
  type SiteGrantStatus,
  type SiteRoleTemplate,
  type UpdateGrantRequest,
  templateWithin,
} from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { likePattern } from '../../queries/members.ts';
import { listClaimedDevices } from '../../queries/site-devices.ts';
import {
  type NamedGrantRow,
  type SiteGrantRow,
  activeGrantChain,
  findGrantByPublicId,
  insertGrant,
  listGrantsHeldBy,
  listGrantsOfSite,
  revokeGrants,
  setGrantEnd,
} from '../../queries/site-grants.ts';
import { type SiteRow, findSiteById, listCompaniesByIds } from '../../queries/sites.ts';
import { listAdministratorEmails } from '../../queries/webhook-deliveries.ts';
import { formatNoticeTime } from '../account-security/security-notices.ts';
import { type Administrator, type PersonAdministrator, actorOf } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { type AuditAction, recordAudit } from '../platform/audit.ts';
import { companyTransaction, enclosing } from '../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { revokeDevices } from './devices.ts';
import { iso, ownSiteOrNotFound, siteView } from './sites.ts';

/**
 * Grants of sites between companies (docs/site-grants.md#sharing). A grant is in effect only while it
 * and every grant above it are active, so a revoke writes the grant itself and the grants made from it
 * end by that rule; every change is one transaction under the locks of every company it touches.
 */

const RETRY = Symbol('retry');

/**
 * Runs `work` in one transaction holding the locks of the companies `companiesOf` reads: read first
 * to take them all before the first write (in id order), then read again under them. When the set
 * grew meanwhile (a share-on committed a grant to another company), the transaction is dropped
 * before writing anything and taken again with the larger set.
 */
export async function withCompaniesOf<T>(
  ctx: AppContext,
  companiesOf: (db: Executor) => Promise<number[]>,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const wanted = [...new Set(await companiesOf(ctx.db))];
    const result = await companyTransaction(ctx, wanted, async (trx) => {
      const now = await companiesOf(trx);
      if (now.some((id) => !wanted.includes(id))) return RETRY;
      return { value: await work(trx) };
    });
    if (result !== RETRY) return result.value;
    if (attempt >= 10) throw new Error('the companies of a site change kept growing while their locks were taken');
  }
}

/**
 * One audit row in each company the change touches: in the acting company with its actor, in the
 * others without a person of theirs, naming the acting company instead.
 */
export async function auditForEach(
  ctx: AppContext,
  trx: Executor,
  admin: Administrator,
  companies: readonly number[],
  row: { action: AuditAction; detail: Record<string, unknown> },
): Promise<void> {
  const ids = [...new Set(companies)];
  const acting = (await listCompaniesByIds(trx, [admin.enterpriseId]))[0];
  for (const enterpriseId of ids) {
    const own = enterpriseId === admin.enterpriseId;
    await recordAudit(
      ctx,
      {
        action: row.action,
        ...(own ? actorOf(admin) : {}),
        enterpriseId,
        ip: own ? admin.ip : null,
        detail: own ? row.detail : { ...row.detail, byCompany: { name: acting?.name, domain: acting?.domain } },
      },
      trx,
    );
  }
}

/** Where a grant stands in its own right at `at`, before its parents are looked at. */
function ownStatus(grant: SiteGrantRow, site: SiteRow, at: number): SiteGrantStatus {
  if (site.retired_at !== null && (grant.revoked_at === null || grant.revoked_at >= site.retired_at)) return 'retired';
  if (grant.revoked_at !== null && grant.revoked_at <= at) return 'revoked';
  if (grant.ends_at !== null && grant.ends_at <= at) return 'expired';
  if (grant.starts_at > at) return 'pending';
  return 'active';
}

export interface GrantState {
  row: NamedGrantRow;
  status: SiteGrantStatus;
  depth: number;
}

/**
 * Every grant of the site with where it stands at `at` and its depth: a grant whose parent is not
 * in effect (nor yet to start) has `ended`; one active under a parent yet to start waits with it.
 */
export async function grantStatuses(db: Executor, site: SiteRow, at: number): Promise<Map<number, GrantState>> {
  const rows = await listGrantsOfSite(db, site.id);
  const states = new Map<number, GrantState>();
  // ids grow with time, so a parent is always met before the grants made from it
  for (const row of rows) {
    const own = ownStatus(row, site, at);
    const parent = row.parent_grant_id === null ? undefined : states.get(row.parent_grant_id);
    let status = own;
    if (parent && (own === 'active' || own === 'pending')) {
      if (parent.status === 'pending') status = 'pending';
      else if (parent.status !== 'active') status = 'ended';
    }
    states.set(row.id, { row, status, depth: parent ? parent.depth + 1 : 1 });
  }
  return states;
}

function grantView(state: GrantState, site: SiteRow, publicIds: Map<number, string>): SiteGrant {
  const { row } = state;
  return {
    grantId: row.public_id,
    siteId: site.public_id,
    parentGrantId: row.parent_grant_id === null ? null : (publicIds.get(row.parent_grant_id) ?? null),
    depth: state.depth,
    grantor: { name: row.grantorName, domain: row.grantorDomain },
    grantee: { name: row.granteeName, domain: row.granteeDomain },
    template: row.template,
    mayShare: Number(row.may_share) === 1,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    revokedAt: iso(row.revoked_at),
    status: state.status,
    createdAt: iso(row.created_at),
  };
}

function viewsOf(states: Map<number, GrantState>, site: SiteRow): Map<number, SiteGrant> {
  const publicIds = new Map([...states].map(([id, s]) => [id, s.row.public_id]));
  return new Map([...states].map(([id, s]) => [id, grantView(s, site, publicIds)]));
}

/** The owner's view of a site: the site and every link of every chain on it, parents first. */
export async function siteDetail(ctx: AppContext, admin: Administrator, siteId: string): Promise<SiteDetail> {
  const site = await ownSiteOrNotFound(ctx.db, admin.enterpriseId, siteId);
  const states = await grantStatuses(ctx.db, site, ctx.now());
  return { site: siteView(site), grants: [...viewsOf(states, site).values()] };
}

/** The data of `site_grant.created` and `.changed`. */
function grantEventData(view: SiteGrant): EventData<'site_grant.created'> {
  return {
    grantId: view.grantId,
    siteId: view.siteId,
    parentGrantId: view.parentGrantId,
    grantor: view.grantor,
    grantee: view.grantee,
    template: view.template,
    mayShare: view.mayShare,
    startsAt: view.startsAt,
    endsAt: view.endsAt,
  };
}

interface Terms {
  domain: string;
  template: SiteRoleTemplate;
  startsAt: number;
  endsAt: number | null;
  mayShare: boolean;
}

/** The terms of a share as moments; 1009252 for an end not after the start, or past. */
function termsOf(ctx: AppContext, body: ShareSitesRequest | ShareOnRequest): Terms {
  const now = ctx.now();
  const startsAt = body.startsAt === undefined ? now : Date.parse(body.startsAt);
  const endsAt = body.endsAt === null ? null : Date.parse(body.endsAt);
  if (endsAt !== null && (endsAt <= startsAt || endsAt <= now)) throw new AppError(ErrorCode.GrantTimesInvalid);
  return { domain: body.domain, template: body.template, startsAt, endsAt, mayShare: body.mayShare };
}

/** The company a share names by its domain; 1009244 when none has it. */
async function granteeOf(db: Executor, domain: string): Promise<{ id: number; name: string; domain: string }> {
  const company = await findEnterpriseByDomain(db, domain);
  if (!company) throw new AppError(ErrorCode.GrantCompanyUnknown);
  return { id: company.id, name: company.full_name, domain: company.domain };
}

/**
 * Makes the grant of one site to the grantee, under the locks the caller's transaction holds (the
 * owner's among them, so the site's count of grants and its insert are one step): 1009245 when the
 * grantee owns the site or holds it now (or is yet to); a grant of the grantee's that no longer
 * holds (it expired, or a grant above it ended) is closed first, which frees the one-live-grant rule.
 */
async function grantOne(
  ctx: AppContext,
  trx: Executor,
  input: {
    site: SiteRow;
    grantorId: number;
    grantee: { id: number };
    parent: SiteGrantRow | null;
    terms: Terms;
    createdBy: number;
    excluded: readonly number[];
    /** An approved request's grant beside the narrower one the grantee holds (its id): it replaces an
     *  earlier widening of the grantee's instead of being refused by it. */
    widens?: number | null;
  },
): Promise<SiteGrantRow> {
  const { site, grantee, terms } = input;
  const widens = input.widens ?? null;
  const now = ctx.now();
  if (grantee.id === site.enterprise_id || input.excluded.includes(grantee.id))
    throw new AppError(ErrorCode.GrantHolderRefused);
  const states = await grantStatuses(trx, site, now);
  const unrevoked = [...states.values()].filter((s) => s.row.revoked_at === null);
  const held = unrevoked.find(
    (s) => s.row.grantee_enterprise_id === grantee.id && (s.row.widens_grant_id === null) === (widens === null),
  );
  const live = unrevoked.filter((s) => s.status === 'active' || s.status === 'pending');
  if (held && widens === null && (held.status === 'active' || held.status === 'pending'))
    throw new AppError(ErrorCode.GrantHolderRefused);
  if (live.length - (held && widens !== null ? 1 : 0) >= SITE_GRANTS_MAX) throw new AppError(ErrorCode.GrantLimit);
  if (held) await revokeGrants(trx, [held.row.id], now);
  return insertGrant(trx, {
    widens_grant_id: widens,
    public_id: `sgr_${randomBytes(16).toString('base64url')}`,
    site_id: site.id,
    grantor_enterprise_id: input.grantorId,
    grantee_enterprise_id: grantee.id,
    parent_grant_id: input.parent?.id ?? null,
    template: terms.template,
    may_share: terms.mayShare ? 1 : 0,
    starts_at: terms.startsAt,
    ends_at: terms.endsAt,
    revoked_at: null,
    created_by: input.createdBy,
    created_at: now,
  });
}

/**
 * After the grants of one share are written: their view, `site_grant.created` in the owner, the
 * grantor and the grantee, an audit row in each, and an email to the grantee's administrators, written
 * in the same transaction (the outbox sends it after the commit).
 */
async function recordShare(
  ctx: AppContext,
  trx: Executor,
  admin: PersonAdministrator,
  made: { site: SiteRow; grant: SiteGrantRow }[],
  grantee: { id: number; name: string },
): Promise<SharedGrants> {
  const grants: SiteGrant[] = [];
  for (const { site, grant } of made) {
    const states = await grantStatuses(trx, site, ctx.now());
    const view = viewsOf(states, site).get(grant.id)!;
    grants.push(view);
    const companies = [site.enterprise_id, grant.grantor_enterprise_id, grant.grantee_enterprise_id];
    for (const enterpriseId of new Set(companies))
      await recordEvent(ctx, trx, { enterpriseId, type: 'site_grant.created', data: grantEventData(view) });
    await auditForEach(ctx, trx, admin, companies, {
      action: 'site-grant.create',
      detail: {
        ...grantAudited(site, view),
        template: view.template,
        endsAt: view.endsAt,
        after: view,
      },
    });
  }
  await tellGrantee(ctx, trx, grants, grantee.id);
  return { grants };
}

async function tellGrantee(ctx: AppContext, trx: Executor, grants: SiteGrant[], granteeId: number): Promise<void> {
  const messenger = ctx.messenger;
  const first = grants[0];
  if (!messenger || !first) return;
  const siteNames = await Promise.all(
    grants.map(async (g) => (await findSiteByPublicIdName(trx, g.siteId)) ?? g.siteId),
  );
  for (const admin of await listAdministratorEmails(trx, granteeId)) {
    const lang = admin.lang_code;
    await messenger.send(
      {
        channel: 'email',
        to: admin.email!,
        subject: translate(lang, 'mail.siteSharedSubject'),
        text: translate(lang, 'mail.siteSharedText', {
          grantor: first.grantor.name,
          template: translate(lang, `sites.templates.${first.template}`),
          sites: siteNames.join(', '),
          until:
            first.endsAt === null ? translate(lang, 'mail.open') : formatNoticeTime(lang, Date.parse(first.endsAt)),
        }),
        purpose: 'notice',
      },
      enclosing(trx),
    );
  }
}

async function findSiteByPublicIdName(db: Executor, publicId: string): Promise<string | undefined> {
  const row = await db.selectFrom('sites').select('name').where('public_id', '=', publicId).executeTakeFirst();
  return row?.name;
}

/** The owner shares some of its live sites with another company, one grant each, all or none. */
export async function shareSites(
  ctx: AppContext,
  admin: PersonAdministrator,
  body: ShareSitesRequest,
): Promise<SharedGrants> {
  const terms = termsOf(ctx, body);
  const grantee = await granteeOf(ctx.db, terms.domain);
  return companyTransaction(ctx, [admin.enterpriseId, grantee.id], async (trx) => {
    const made: { site: SiteRow; grant: SiteGrantRow }[] = [];
    for (const siteId of body.siteIds) {
      const site = await ownSiteOrNotFound(trx, admin.enterpriseId, siteId);
      if (site.retired_at !== null) throw new AppError(ErrorCode.SiteRetired);
      const grant = await grantOne(ctx, trx, {
        site,
        grantorId: admin.enterpriseId,
        grantee,
        parent: null,
        terms,
        createdBy: admin.userId,
        excluded: [],
      });
      made.push({ site, grant });
    }
    return recordShare(ctx, trx, admin, made, grantee);
  });
}

/**
 * The owner's grant of one site to the company whose request it approves, from now until `endsAt`,
 * without share-on, in the caller's transaction (which holds both companies' locks): made, recorded
 * and told of as any share. `widens` names the narrower grant the company holds, which stays.
 */
export async function grantOnRequest(
  ctx: AppContext,
  trx: Executor,
  admin: PersonAdministrator,
  input: {
    site: SiteRow;
    grantee: { id: number; name: string; domain: string };
    template: SiteRoleTemplate;
    endsAt: number;
    widens: number | null;
  },
): Promise<{ row: SiteGrantRow; view: SiteGrant }> {
  const row = await grantOne(ctx, trx, {
    site: input.site,
    grantorId: admin.enterpriseId,
    grantee: input.grantee,
    parent: null,
    terms: {
      domain: input.grantee.domain,
      template: input.template,
      startsAt: ctx.now(),
      endsAt: input.endsAt,
      mayShare: false,
    },
    createdBy: admin.userId,
    excluded: [],
    widens: input.widens,
  });
  const { grants } = await recordShare(ctx, trx, admin, [{ site: input.site, grant: row }], input.grantee);
  return { row, view: grants[0]! };
}

/** A grant the company holds; 1000404 for any other, as for one that does not exist. */
async function heldGrantOrNotFound(db: Executor, enterpriseId: number, grantId: string): Promise<NamedGrantRow> {
  const grant = await findGrantByPublicId(db, grantId);
  if (!grant || grant.grantee_enterprise_id !== enterpriseId) throw new AppError(ErrorCode.NotFound);
  return grant;
}

/**
 * A holder shares on the sites of some of its grants, never wider than what it holds. Each parent is
 * read again, with its whole chain, under the locks of the owner, the holder and the grantee taken
 * together in id order: a revoke of the parent takes the holder's lock too, so either it committed
 * before (the parent is no longer in effect: 1009249) or it waits and then ends the new grant with it.
 */
export async function shareOn(
  ctx: AppContext,
  admin: PersonAdministrator,
  body: ShareOnRequest,
): Promise<SharedGrants> {
  const terms = termsOf(ctx, body);
  const grantee = await granteeOf(ctx.db, terms.domain);
  const parents = await Promise.all(body.grantIds.map((id) => heldGrantOrNotFound(ctx.db, admin.enterpriseId, id)));
  const owners = await Promise.all(parents.map(async (p) => (await findSiteById(ctx.db, p.site_id))!.enterprise_id));
  return companyTransaction(ctx, [admin.enterpriseId, grantee.id, ...owners], async (trx) => {
    const made: { site: SiteRow; grant: SiteGrantRow }[] = [];
    const now = ctx.now();
    for (const grantId of body.grantIds) {
      const parent = await heldGrantOrNotFound(trx, admin.enterpriseId, grantId);
      const site = (await findSiteById(trx, parent.site_id))!;
      const { chain, active, siteRetired } = await activeGrantChain(trx, parent.id, now);
      if (siteRetired) throw new AppError(ErrorCode.SiteRetired);
      if (!active) throw new AppError(ErrorCode.GrantNotActive);
      if (Number(parent.may_share) !== 1) throw new AppError(ErrorCode.GrantNoShareRight);
      if (!templateWithin(terms.template, parent.template)) throw new AppError(ErrorCode.GrantWider);
      // not later than any grant above: the chain's earliest end
      const ends = chain.map((link) => link.ends_at).filter((end): end is number => end !== null);
      const latest = ends.length ? Math.min(...ends) : null;
      if (latest !== null && (terms.endsAt === null || terms.endsAt > latest))
        throw new AppError(ErrorCode.GrantEndsLater);
      if (chain.length + 1 > SITE_GRANT_DEPTH_MAX) throw new AppError(ErrorCode.GrantDepthLimit);
      const grant = await grantOne(ctx, trx, {
        site,
        grantorId: admin.enterpriseId,
        grantee,
        parent,
        terms,
        createdBy: admin.userId,
        // no cycle: none of the companies above gets the site back
        excluded: chain.flatMap((link) => [link.grantor_enterprise_id, link.grantee_enterprise_id]),
      });
      made.push({ site, grant });
    }
    return recordShare(ctx, trx, admin, made, grantee);
  });
}

/** The grant and its descendants, each with where it stands now. */
function subtreeOf(states: Map<number, GrantState>, rootId: number): GrantState[] {
  const inside = new Set([rootId]);
  const subtree: GrantState[] = [];
  for (const [id, state] of states) {
    if (id === rootId || (state.row.parent_grant_id !== null && inside.has(state.row.parent_grant_id))) {
      inside.add(id);
      subtree.push(state);
    }
  }
  return subtree;
}

/**
 * Revokes a grant (`revoked`: by the owner of its site or the company that made it; `left`: by its
 * holder). Its descendants end by the rule of the chain; the companies of the whole subtree and the
 * owner are locked together, each records `site_grant.revoked` with the grants that ended and an audit
 * row. A grant not in effect any more ends nothing and records nothing.
 */
async function endGrant(
  ctx: AppContext,
  admin: Administrator,
  grantId: string,
  mayEnd: (grant: NamedGrantRow, site: SiteRow) => 'revoked' | 'left' | null,
): Promise<EndedGrants> {
  const found = await findGrantByPublicId(ctx.db, grantId);
  const foundSite = found && (await findSiteById(ctx.db, found.site_id));
  if (!found || !foundSite || mayEnd(found, foundSite) === null) throw new AppError(ErrorCode.NotFound);
  const companiesOf = async (db: Executor) => {
    const states = await grantStatuses(db, foundSite, ctx.now());
    return [
      foundSite.enterprise_id,
      ...subtreeOf(states, found.id).flatMap((s) => [s.row.grantor_enterprise_id, s.row.grantee_enterprise_id]),
    ];
  };
  return withCompaniesOf(ctx, companiesOf, async (trx) => {
    const now = ctx.now();
    const site = (await findSiteById(trx, found.site_id))!;
    const states = await grantStatuses(trx, site, now);
    const grant = states.get(found.id)!.row;
    const reason = mayEnd(grant, site);
    if (reason === null) throw new AppError(ErrorCode.NotFound);
    const subtree = subtreeOf(states, found.id);
    const ended = subtree.filter((s) => s.status === 'active' || s.status === 'pending');
    if (grant.revoked_at !== null) return { ended: [] };
    await revokeGrants(trx, [grant.id], now);
    // the gateways claimed through the grant or one below it stop with them
    const devices = await listClaimedDevices(trx, { grantIds: subtree.map((s) => s.row.id) });
    await revokeDevices(ctx, trx, site, devices, 'grant_ended');
    if (!ended.length || ended[0]!.row.id !== grant.id) return { ended: [] };
    const endedGrants = ended.map((s) => s.row.public_id);
    const companies = [
      site.enterprise_id,
      ...ended.flatMap((s) => [s.row.grantor_enterprise_id, s.row.grantee_enterprise_id]),
    ];
    for (const enterpriseId of new Set(companies))
      await recordEvent(ctx, trx, {
        enterpriseId,
        type: 'site_grant.revoked',
        data: { grantId, siteId: site.public_id, reason, endedGrants },
      });
    await auditForEach(ctx, trx, admin, companies, {
      action: reason === 'left' ? 'site-grant.leave' : 'site-grant.revoke',
      detail: {
        siteId: site.public_id,
        siteName: site.name,
        grantId,
        grantor: grant.grantorName,
        grantee: grant.granteeName,
        endedGrants,
      },
    });
    return { ended: endedGrants };
  });
}

/** The owner revokes any link of its site's chains, and a company that shared on the grants it made;
 *  the holder itself leaves. Anyone else finds no such grant. */
export function revokeGrant(ctx: AppContext, admin: Administrator, grantId: string): Promise<EndedGrants> {
  return endGrant(ctx, admin, grantId, (grant, site) => {
    if (site.enterprise_id === admin.enterpriseId || grant.grantor_enterprise_id === admin.enterpriseId)
      return 'revoked';
    return grant.grantee_enterprise_id === admin.enterpriseId ? 'left' : null;
  });
}

export function leaveGrant(ctx: AppContext, admin: Administrator, grantId: string): Promise<EndedGrants> {
  return endGrant(ctx, admin, grantId, (grant) => (grant.grantee_enterprise_id === admin.enterpriseId ? 'left' : null));
}

/**
 * The company that made a grant gives it a new end, not later than the grants above it. The grants
 * below that end later stop with it by the rule of the chain; `site_grant.changed` goes to the owner
 * and to every company of the grant's subtree.
 */
export async function updateGrant(ctx: AppContext, admin: Administrator, body: UpdateGrantRequest): Promise<SiteGrant> {
  const found = await findGrantByPublicId(ctx.db, body.grantId);
  const foundSite = found && (await findSiteById(ctx.db, found.site_id));
  if (!found || !foundSite || found.grantor_enterprise_id !== admin.enterpriseId)
    throw new AppError(ErrorCode.NotFound);
  const endsAt = body.endsAt === null ? null : Date.parse(body.endsAt);
  const companiesOf = async (db: Executor) => {
    const states = await grantStatuses(db, foundSite, ctx.now());
    return [
      foundSite.enterprise_id,
      ...subtreeOf(states, found.id).flatMap((s) => [s.row.grantor_enterprise_id, s.row.grantee_enterprise_id]),
    ];
  };
  return withCompaniesOf(ctx, companiesOf, async (trx) => {
    const now = ctx.now();
    const site = (await findSiteById(trx, found.site_id))!;
    const current = (await grantStatuses(trx, site, now)).get(found.id)!;
    if (current.status !== 'active' && current.status !== 'pending') throw new AppError(ErrorCode.GrantNotActive);
    if (endsAt !== null && (endsAt <= now || endsAt <= current.row.starts_at))
      throw new AppError(ErrorCode.GrantTimesInvalid);
    const { chain } = await activeGrantChain(trx, found.id, now);
    const ends = chain
      .slice(1)
      .map((link) => link.ends_at)
      .filter((end): end is number => end !== null);
    const latest = ends.length ? Math.min(...ends) : null;
    if (latest !== null && (endsAt === null || endsAt > latest)) throw new AppError(ErrorCode.GrantEndsLater);
    const before = viewsOf(await grantStatuses(trx, site, now), site).get(found.id)!;
    await setGrantEnd(trx, found.id, endsAt);
    const states = await grantStatuses(trx, site, now);
    const view = viewsOf(states, site).get(found.id)!;
    const companies = [
      site.enterprise_id,
      ...subtreeOf(states, found.id).flatMap((s) => [s.row.grantor_enterprise_id, s.row.grantee_enterprise_id]),
    ];
    for (const enterpriseId of new Set(companies))
      await recordEvent(ctx, trx, { enterpriseId, type: 'site_grant.changed', data: grantEventData(view) });
    await auditForEach(ctx, trx, admin, companies, {
      action: 'site-grant.update',
      detail: {
        ...grantAudited(site, view),
        endsAt: view.endsAt,
        before,
        after: view,
      },
    });
    return view;
  });
}

/** The grants other companies made to this one, newest first, each as its chain makes it stand now. */
export async function sharedWithUs(
  ctx: AppContext,
  admin: Administrator,
  query: SharedWithUsQuery,
): Promise<SharedWithUsPage> {
  const before = decodeCursor(query.cursor, ['id'])?.[0];
  const rows = await listGrantsHeldBy(ctx.db, admin.enterpriseId, {
    ...(query.keyword === undefined ? {} : { pattern: likePattern(query.keyword) }),
    ...(before === undefined ? {} : { before }),
    limit: query.pageSize + 1,
  });
  const page = pageOf(rows, query.pageSize, (row) => [row.id]);
  const now = ctx.now();
  const items = [];
  for (const row of page.rows) {
    const site = (await findSiteById(ctx.db, row.site_id))!;
    const views = viewsOf(await grantStatuses(ctx.db, site, now), site);
    items.push({
      grant: views.get(row.id)!,
      site: {
        siteId: row.sitePublicId,
        name: row.siteName,
        kind: row.siteKind,
        region: row.siteRegion,
        timeZone: row.siteTimeZone,
        ratedPowerKw: row.siteRatedPowerKw === null ? null : Number(row.siteRatedPowerKw),
        ratedEnergyKwh: row.siteRatedEnergyKwh === null ? null : Number(row.siteRatedEnergyKwh),
        productCodes: JSON.parse(row.siteProductCodes) as ProductCode[],
      },
      owner: { name: row.ownerName, domain: row.ownerDomain },
    });
  }
  return { items, nextCursor: page.nextCursor };
}

/** What an audit row of a grant names: the site, the grant and its two companies. */
function grantAudited(site: { public_id: string; name: string }, view: SiteGrant) {
  return {
    siteId: site.public_id,
    siteName: site.name,
    grantId: view.grantId,
    grantor: view.grantor.name,
    grantee: view.grantee.name,
  };
}
