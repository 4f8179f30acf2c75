import { randomBytes } from 'node:crypto';
import {
  SITES_MAX,
  type CreateSiteRequest,
  type Site,
  type SitePage,
  type SitesQuery,
  type UpdateSiteRequest,
} from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { listClaimedDevices } from '../../queries/site-devices.ts';
import { listUnrevokedGrantsOfSite, revokeGrants } from '../../queries/site-grants.ts';
import {
  type SiteRow,
  countLiveSites,
  findOwnSite,
  insertSite,
  listOwnSites,
  liveSiteNameTaken,
  updateSite as writeSite,
} from '../../queries/sites.ts';
import { type Administrator, actorOf } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { revokeDevices } from './devices.ts';
import { auditForEach, grantStatuses, withCompaniesOf } from './grants.ts';

/** A company's sites as its administrators (or its keys with `sites.manage`) make, change and retire them. */

export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function siteView(row: SiteRow): Site {
  return {
    siteId: row.public_id,
    name: row.name,
    kind: row.kind,
    region: row.region,
    timeZone: row.time_zone,
    ratedPowerKw: row.rated_power_kw === null ? null : Number(row.rated_power_kw),
    ratedEnergyKwh: row.rated_energy_kwh === null ? null : Number(row.rated_energy_kwh),
    productCodes: JSON.parse(row.product_codes) as ProductCode[],
    retiredAt: iso(row.retired_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A site of the company, or 1000404: another company's site answers as one that does not exist. */
export async function ownSiteOrNotFound(db: Executor, enterpriseId: number, siteId: string): Promise<SiteRow> {
  const site = await findOwnSite(db, enterpriseId, siteId);
  if (!site) throw new AppError(ErrorCode.NotFound);
  return site;
}

/** 1009242 unless the company holds every one of the products. */
async function assertProductsHeld(db: Executor, enterpriseId: number, codes: readonly ProductCode[]): Promise<void> {
  const held = new Set((await listEnterpriseProducts(db, [enterpriseId])).map((p) => p.code));
  if (codes.some((code) => !held.has(code))) throw new AppError(ErrorCode.SiteProductNotHeld);
}

export async function listSites(ctx: AppContext, admin: Administrator, query: SitesQuery): Promise<SitePage> {
  const after = decodeCursor(query.cursor, ['id'])?.[0];
  const rows = await listOwnSites(ctx.db, admin.enterpriseId, {
    keyword: query.keyword,
    status: query.status,
    ...(after === undefined ? {} : { after }),
    limit: query.pageSize + 1,
  });
  const page = pageOf(rows, query.pageSize, (row) => [row.id]);
  return { items: page.rows.map(siteView), nextCursor: page.nextCursor };
}

/** Registers a site; the count of live sites and the insert are one step under the company's lock. */
export async function createSite(ctx: AppContext, admin: Administrator, body: CreateSiteRequest): Promise<Site> {
  return companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    await assertProductsHeld(trx, admin.enterpriseId, body.productCodes);
    if ((await countLiveSites(trx, admin.enterpriseId)) >= SITES_MAX) throw new AppError(ErrorCode.SiteLimit);
    if (await liveSiteNameTaken(trx, admin.enterpriseId, body.name)) throw new AppError(ErrorCode.SiteNameTaken);
    const now = ctx.now();
    const row = await insertSite(trx, {
      public_id: `site_${randomBytes(16).toString('base64url')}`,
      enterprise_id: admin.enterpriseId,
      name: body.name,
      kind: body.kind,
      region: body.region,
      time_zone: body.timeZone,
      rated_power_kw: body.ratedPowerKw,
      rated_energy_kwh: body.ratedEnergyKwh,
      product_codes: JSON.stringify(body.productCodes),
      retired_at: null,
      created_at: now,
      updated_at: now,
    });
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'site.created',
      data: { siteId: row.public_id, name: row.name, kind: row.kind, products: body.productCodes },
    });
    await recordAudit(
      ctx,
      {
        action: 'site.create',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { siteId: row.public_id, siteName: row.name, after: siteView(row) },
      },
      trx,
    );
    return siteView(row);
  });
}

/** The companies a change of the site concerns: the owner and every company holding a grant on it
 *  not revoked, read again under their locks. */
async function siteCompanies(db: Executor, site: SiteRow): Promise<number[]> {
  const grants = await listUnrevokedGrantsOfSite(db, site.id);
  return [site.enterprise_id, ...grants.map((g) => g.grantee_enterprise_id)];
}

const FIELD_COLUMNS = {
  name: 'name',
  kind: 'kind',
  region: 'region',
  timeZone: 'time_zone',
  ratedPowerKw: 'rated_power_kw',
  ratedEnergyKwh: 'rated_energy_kwh',
  productCodes: 'product_codes',
} as const;

/** Changes what the request sets; `site.changed` goes to the owner and to every company holding it. */
export async function updateSite(ctx: AppContext, admin: Administrator, body: UpdateSiteRequest): Promise<Site> {
  const { siteId, ...change } = body;
  const found = await ownSiteOrNotFound(ctx.db, admin.enterpriseId, siteId);
  return withCompaniesOf(
    ctx,
    (db) => siteCompanies(db, found),
    async (trx) => {
      const site = await ownSiteOrNotFound(trx, admin.enterpriseId, siteId);
      if (site.retired_at !== null) throw new AppError(ErrorCode.SiteRetired);
      if (change.productCodes) await assertProductsHeld(trx, admin.enterpriseId, change.productCodes);
      if (change.name !== undefined && (await liveSiteNameTaken(trx, admin.enterpriseId, change.name, site.id)))
        throw new AppError(ErrorCode.SiteNameTaken);
      const fields = (Object.keys(FIELD_COLUMNS) as (keyof typeof FIELD_COLUMNS)[]).filter(
        (field) => change[field] !== undefined,
      );
      const row = await writeSite(trx, site.id, {
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.kind === undefined ? {} : { kind: change.kind }),
        ...(change.region === undefined ? {} : { region: change.region }),
        ...(change.timeZone === undefined ? {} : { time_zone: change.timeZone }),
        ...(change.ratedPowerKw === undefined ? {} : { rated_power_kw: change.ratedPowerKw }),
        ...(change.ratedEnergyKwh === undefined ? {} : { rated_energy_kwh: change.ratedEnergyKwh }),
        ...(change.productCodes === undefined ? {} : { product_codes: JSON.stringify(change.productCodes) }),
        updated_at: ctx.now(),
      });
      const companies = await siteCompanies(trx, site);
      for (const enterpriseId of new Set(companies))
        await recordEvent(ctx, trx, { enterpriseId, type: 'site.changed', data: { siteId, fields } });
      await recordAudit(
        ctx,
        {
          action: 'site.update',
          ...actorOf(admin),
          enterpriseId: admin.enterpriseId,
          ip: admin.ip,
          detail: { siteId, siteName: row.name, before: siteView(site), after: siteView(row) },
        },
        trx,
      );
      return siteView(row);
    },
  );
}

/**
 * Retires the site and revokes every grant on it that was not revoked yet, in one transaction under
 * the locks of the owner and of every company holding one; each of them records `site.retired` with
 * the grants that were live, and an audit row. Retiring a retired site changes nothing.
 */
export async function retireSite(ctx: AppContext, admin: Administrator, siteId: string): Promise<Site> {
  const found = await ownSiteOrNotFound(ctx.db, admin.enterpriseId, siteId);
  return withCompaniesOf(
    ctx,
    (db) => siteCompanies(db, found),
    async (trx) => {
      const site = await ownSiteOrNotFound(trx, admin.enterpriseId, siteId);
      if (site.retired_at !== null) return siteView(site);
      const now = ctx.now();
      const unrevoked = await listUnrevokedGrantsOfSite(trx, site.id);
      const statuses = await grantStatuses(trx, site, now);
      const ended = unrevoked.filter((g) => ['active', 'pending'].includes(statuses.get(g.id)!.status));
      await revokeGrants(
        trx,
        unrevoked.map((g) => g.id),
        now,
      );
      await revokeDevices(ctx, trx, site, await listClaimedDevices(trx, { siteId: site.id }), 'site_retired');
      const row = await writeSite(trx, site.id, { retired_at: now, updated_at: now });
      const endedGrants = ended.map((g) => g.public_id);
      const companies = [site.enterprise_id, ...unrevoked.map((g) => g.grantee_enterprise_id)];
      for (const enterpriseId of new Set(companies))
        await recordEvent(ctx, trx, { enterpriseId, type: 'site.retired', data: { siteId, endedGrants } });
      await auditForEach(ctx, trx, admin, companies, {
        action: 'site.retire',
        detail: { siteId, siteName: site.name, endedGrants, before: siteView(site), after: siteView(row) },
      });
      return siteView(row);
    },
  );
}
