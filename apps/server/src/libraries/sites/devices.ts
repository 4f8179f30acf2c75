/**
 * Gateways claimed into a site (docs/site-grants.md#gateways). A person who may configure the site
 * claims one by its serial and the one-time code it shows, and gets a claim credential for it, valid
 * DEVICE_CLAIM_MINUTES; the gateway exchanges it once for its own OpenID client, which may have client
 * credentials tokens for the product's API and nothing else. Whether that client still works is read
 * at every token request (deviceClientLive): the device claimed, its site open on the product, and the
 * grant it was claimed through in effect; un-claiming, retiring the site or ending the grant also
 * disables the client at once and records `device.revoked`.
 */
import { type JsonWebKey, createPublicKey, randomBytes } from 'node:crypto';
import {
  DEVICE_CLAIM_MINUTES,
  type ClaimDeviceRequest,
  type DeviceClaim,
  type DeviceClient,
  type DevicePublicKey,
  type DeviceRevokeReason,
  type DeviceStopReason,
  type ExchangeDeviceClaimRequest,
  type SiteDevices,
  type UnclaimDeviceRequest,
} from '@portal/shared/api/devices';
import type { SiteCapability } from '@portal/shared/api/sites';
import { SITE_ROLE_TEMPLATES } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import { insertClient, updateClient } from '../../queries/openid.ts';
import {
  type SiteDeviceRow,
  deleteExpiredDeviceClaims,
  findClaimedSerial,
  findDeviceById,
  findDeviceOfClient,
  findSiteDevice,
  insertDeviceClaim,
  insertSiteDevice,
  listSiteDevices as readSiteDevices,
  revokeSiteDevices,
  setDeviceClient,
  touchSiteDevice,
  useDeviceClaim,
} from '../../queries/site-devices.ts';
import { activeGrantChain, findGrantById, listUnrevokedGrantsOfSite } from '../../queries/site-grants.ts';
import { type SiteRow, findSiteById, findSiteByPublicId } from '../../queries/sites.ts';
import { type Administrator, actorOf } from '../company/settings-access.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { OIDC_ROUTES, productResource } from '../openid/provider.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import { iso } from './sites.ts';

const CONFIGURE: SiteCapability = 'configure';
const CLAIM_MS = DEVICE_CLAIM_MINUTES * 60_000;

/** The prefix of a device's client id: what tells the provider's storage it is one (adapter.ts). */
export const DEVICE_CLIENT_PREFIX = 'device.';

/**
 * Whether the administrator's company may claim gateways into the site, and through which grant: the
 * owner itself (null), or a grant it holds that is in effect with `configure` in its template and in
 * every template above it. A company that neither owns nor holds the site finds no such site (1000404);
 * one that holds it without the capability is refused (1009301).
 */
async function claimRight(db: Executor, admin: Administrator, site: SiteRow, at: number): Promise<number | null> {
  if (site.enterprise_id === admin.enterpriseId) return null;
  const held = (await listUnrevokedGrantsOfSite(db, site.id)).filter(
    (g) => g.grantee_enterprise_id === admin.enterpriseId,
  );
  if (!held.length) throw new AppError(ErrorCode.NotFound);
  for (const grant of held) {
    const { chain, active } = await activeGrantChain(db, grant.id, at);
    const configures = chain.every((link) =>
      (SITE_ROLE_TEMPLATES[link.template] as readonly SiteCapability[]).includes(CONFIGURE),
    );
    if (active && configures) return grant.id;
  }
  throw new AppError(ErrorCode.DeviceClaimNotAllowed);
}

async function siteOrNotFound(db: Executor, siteId: string): Promise<SiteRow> {
  const site = await findSiteByPublicId(db, siteId);
  if (!site) throw new AppError(ErrorCode.NotFound);
  return site;
}

/** The companies a device's changes are recorded in: the owner, and the holder of the grant it was
 *  claimed through. */
async function companiesOfDevice(db: Executor, site: SiteRow, viaGrantId: number | null): Promise<number[]> {
  const grant = viaGrantId === null ? undefined : await findGrantById(db, viaGrantId);
  return [...new Set([site.enterprise_id, ...(grant ? [grant.grantee_enterprise_id] : [])])];
}

export async function listDevicesOfSite(ctx: AppContext, admin: Administrator, siteId: string): Promise<SiteDevices> {
  const site = await siteOrNotFound(ctx.db, siteId);
  await claimRight(ctx.db, admin, site, ctx.now());
  return { items: await devicesOf(ctx, site) };
}

/**
 * Why a device claimed in its row gets no token now, by the rule of every token request
 * (deviceClientLive); undefined while it works. A grant's verdict is read once for all its devices.
 */
async function stopReason(
  db: Executor,
  site: SiteRow,
  device: Pick<SiteDeviceRow, 'product_code' | 'via_grant_id'>,
  at: number,
  grants = new Map<number, Promise<boolean>>(),
): Promise<DeviceStopReason | undefined> {
  if (site.retired_at !== null) return 'site_retired';
  if (!(JSON.parse(site.product_codes) as ProductCode[]).includes(device.product_code)) return 'product_removed';
  const grantId = device.via_grant_id;
  if (grantId === null) return undefined;
  if (!grants.has(grantId))
    grants.set(
      grantId,
      activeGrantChain(db, grantId, at).then(({ active }) => active),
    );
  return (await grants.get(grantId)) ? undefined : 'grant_ended';
}

async function devicesOf(ctx: AppContext, site: SiteRow): Promise<SiteDevices['items']> {
  const rows = await readSiteDevices(ctx.db, site.id);
  const now = ctx.now();
  const grants = new Map<number, Promise<boolean>>();
  const reasons = await Promise.all(
    rows.map((row) => (row.state === 'claimed' ? stopReason(ctx.db, site, row, now, grants) : undefined)),
  );
  return rows.map((row, i) => ({
    deviceId: row.public_id,
    serial: row.serial,
    productCode: row.product_code,
    // a grant ends by its time, a site leaves a product, without a write to the device: the list says
    // what the token endpoint would
    state: reasons[i] ? 'stopped' : row.state,
    stoppedBecause: reasons[i] ?? null,
    exchanged: row.client_id !== null,
    claimedBy: row.claimedByName,
    viaGrantId: row.grantPublicId,
    createdAt: iso(row.created_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    revokedBecause: row.state === 'revoked' ? row.revoked_reason : null,
  }));
}

/** Claims the serial into the site; answers the claim credential, which is stored only as its hash. */
export async function claimDevice(
  ctx: AppContext,
  admin: Administrator,
  body: ClaimDeviceRequest,
): Promise<DeviceClaim> {
  // no company API key claims one (the call names no key scope): a person does, and answers for it
  if (admin.kind !== 'person') throw new AppError(ErrorCode.Forbidden);
  const found = await siteOrNotFound(ctx.db, body.siteId);
  const viaGrant = await claimRight(ctx.db, admin, found, ctx.now());
  const companies = await companiesOfDevice(ctx.db, found, viaGrant);
  return companyTransaction(ctx, companies, async (trx) => {
    const now = ctx.now();
    const site = (await findSiteById(trx, found.id))!;
    if (site.retired_at !== null) throw new AppError(ErrorCode.SiteRetired);
    // read again under the locks: a grant revoked meanwhile claims nothing
    if ((await claimRight(trx, admin, site, now)) !== viaGrant) throw new AppError(ErrorCode.DeviceClaimNotAllowed);
    if (!(JSON.parse(site.product_codes) as ProductCode[]).includes(body.productCode))
      throw new AppError(ErrorCode.BadRequest, { fields: { productCode: 'validation.invalidValue' } });
    if (await findClaimedSerial(trx, site.id, body.serial)) throw new AppError(ErrorCode.DeviceSerialClaimed);
    await deleteExpiredDeviceClaims(trx, now);
    const device = await insertSiteDevice(trx, {
      public_id: `dev_${randomBytes(16).toString('base64url')}`,
      site_id: site.id,
      serial: body.serial,
      product_code: body.productCode,
      claimed_by: admin.userId,
      via_grant_id: viaGrant,
      state: 'claimed',
      client_id: null,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    });
    const claim = `dcl_${newSecret(32)}`;
    const expiresAt = now + CLAIM_MS;
    await insertDeviceClaim(trx, {
      claim_hash: hashSecret(claim),
      site_device_id: device.id,
      code_hash: hashSecret(body.claimCode),
      expires_at: expiresAt,
      used_at: null,
    });
    const grantId = viaGrant === null ? null : ((await findGrantById(trx, viaGrant))?.public_id ?? null);
    for (const enterpriseId of companies)
      await recordEvent(ctx, trx, {
        enterpriseId,
        type: 'device.claimed',
        data: {
          deviceId: device.public_id,
          siteId: site.public_id,
          serial: device.serial,
          product: body.productCode,
          grantId,
        },
      });
    await auditEach(ctx, trx, companies, admin, 'device.claim', site, device);
    return { deviceId: device.public_id, serial: device.serial, claim, expiresAt: iso(expiresAt) };
  });
}

async function auditEach(
  ctx: AppContext,
  trx: Executor,
  companies: readonly number[],
  admin: Administrator | null,
  action: 'device.claim' | 'device.exchange' | 'device.revoke',
  site: SiteRow,
  device: SiteDeviceRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  for (const enterpriseId of companies) {
    const own = admin !== null && admin.enterpriseId === enterpriseId;
    await recordAudit(
      ctx,
      {
        action,
        ...(own ? actorOf(admin) : {}),
        enterpriseId,
        ip: own ? admin.ip : null,
        detail: {
          siteId: site.public_id,
          siteName: site.name,
          deviceId: device.public_id,
          serial: device.serial,
          ...extra,
        },
      },
      trx,
    );
  }
}

/**
 * The gateway's exchange: the claim is used by one statement, only while unused, in time, and for its
 * own serial and code, so that of any number of exchanges racing for it one gets a client. The client
 * is confidential, has no redirect URI (client credentials only, clients.ts) and is the device's alone.
 */
/** What each algorithm of a gateway's key needs of the key: its type, its curve, its least size. */
const KEY_OF_ALG = {
  ES256: { type: 'ec', curve: 'prime256v1', bits: 0 },
  EdDSA: { type: 'ed25519', curve: undefined, bits: 0 },
  RS256: { type: 'rsa', curve: undefined, bits: 2048 },
} as const;

/**
 * The public key set of a gateway's own key, or 1000400 for a key that is no public key of its
 * algorithm (checked before the claim is used, so a wrong key does not spend it).
 */
function publicKeySet(key: DevicePublicKey): string {
  const refused = () => new AppError(ErrorCode.BadRequest, { fields: { publicKey: 'validation.invalidValue' } });
  let imported;
  try {
    imported = createPublicKey({ key: key as JsonWebKey, format: 'jwk' });
  } catch {
    throw refused();
  }
  const need = KEY_OF_ALG[key.alg];
  const details = imported.asymmetricKeyDetails;
  if (
    imported.asymmetricKeyType !== need.type ||
    (need.curve && details?.namedCurve !== need.curve) ||
    (details?.modulusLength ?? 0) < need.bits
  )
    throw refused();
  return JSON.stringify({
    keys: [{ ...imported.export({ format: 'jwk' }), alg: key.alg, use: 'sig', ...(key.kid ? { kid: key.kid } : {}) }],
  });
}

export async function exchangeDeviceClaim(ctx: AppContext, body: ExchangeDeviceClaimRequest): Promise<DeviceClient> {
  const jwks = body.publicKey ? publicKeySet(body.publicKey) : null;
  const claimHash = hashSecret(body.claim);
  const codeHash = hashSecret(body.claimCode);
  const deviceId = await useDeviceClaim(ctx.db, claimHash, codeHash, body.serial, ctx.now());
  if (deviceId === undefined) throw new AppError(ErrorCode.DeviceClaimInvalid);
  const device = (await findDeviceById(ctx.db, deviceId))!;
  const site = (await findSiteById(ctx.db, device.site_id))!;
  const companies = await companiesOfDevice(ctx.db, site, device.via_grant_id);
  return companyTransaction(ctx, companies, async (trx) => {
    const now = ctx.now();
    const clientId = `${DEVICE_CLIENT_PREFIX}${device.public_id}`;
    const secret = jwks ? null : newSecret(32);
    const authMethod = jwks ? 'private_key_jwt' : 'client_secret_basic';
    await insertClient(trx, {
      client_id: clientId,
      product_code: device.product_code,
      name: device.serial,
      secret_hash: secret ? hashSecret(secret) : null,
      auth_method: authMethod,
      jwks,
      redirect_uris: '[]',
      post_logout_redirect_uris: '[]',
      backchannel_logout_uri: null,
      first_party: 0,
      resources: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    });
    await setDeviceClient(trx, device.id, clientId);
    for (const enterpriseId of companies)
      await recordEvent(ctx, trx, {
        enterpriseId,
        type: 'device.exchanged',
        data: { deviceId: device.public_id, siteId: site.public_id, serial: device.serial, clientId },
      });
    await auditEach(ctx, trx, companies, null, 'device.exchange', site, device, { clientId });
    return {
      deviceId: device.public_id,
      siteId: site.public_id,
      clientId,
      authMethod,
      clientSecret: secret,
      tokenEndpoint: `${ctx.config.oidcIssuer}${OIDC_ROUTES.token}`,
      resource: productResource(ctx, device.product_code),
    };
  });
}

/**
 * Revokes the devices and disables their clients in the caller's transaction, which holds the locks of
 * the site's owner and of the companies holding its grants; `device.revoked` in each of them.
 */
export async function revokeDevices(
  ctx: AppContext,
  trx: Executor,
  site: SiteRow,
  devices: SiteDeviceRow[],
  reason: DeviceRevokeReason,
): Promise<void> {
  const now = ctx.now();
  await revokeSiteDevices(
    trx,
    devices.map((d) => d.id),
    now,
    reason,
  );
  for (const device of devices) {
    if (device.client_id) await updateClient(trx, device.client_id, { disabled_at: now, updated_at: now });
    for (const enterpriseId of await companiesOfDevice(trx, site, device.via_grant_id))
      await recordEvent(ctx, trx, {
        enterpriseId,
        type: 'device.revoked',
        data: { deviceId: device.public_id, siteId: site.public_id, serial: device.serial, reason },
      });
  }
}

export async function unclaimDevice(ctx: AppContext, admin: Administrator, body: UnclaimDeviceRequest): Promise<void> {
  const found = await siteOrNotFound(ctx.db, body.siteId);
  await claimRight(ctx.db, admin, found, ctx.now());
  const foundDevice = await findSiteDevice(ctx.db, found.id, body.deviceId);
  if (!foundDevice) throw new AppError(ErrorCode.NotFound);
  const companies = await companiesOfDevice(ctx.db, found, foundDevice.via_grant_id);
  await companyTransaction(ctx, companies, async (trx) => {
    const device = (await findSiteDevice(trx, found.id, body.deviceId))!;
    if (device.state !== 'claimed') return;
    await revokeDevices(ctx, trx, found, [device], 'unclaimed');
    await auditEach(ctx, trx, companies, admin, 'device.revoke', found, device, { reason: 'unclaimed' });
  });
}

/**
 * Whether a device's client may have a token now, read at every request that names it (the
 * provider's storage, adapter.ts): claimed, its site not retired and still on the product, and the
 * grant it was claimed through in effect. A grant that ends by its time stops its devices here, without
 * a write.
 */
export async function deviceClientLive(ctx: AppContext, clientId: string): Promise<boolean> {
  const device = await findDeviceOfClient(ctx.db, clientId);
  if (!device || device.state !== 'claimed') return false;
  const site = await findSiteById(ctx.db, device.site_id);
  return site !== undefined && (await stopReason(ctx.db, site, device, ctx.now())) === undefined;
}

/** What a device's token says of it: its site, by its public id; its use is its last use. */
export async function deviceTokenClaims(ctx: AppContext, clientId: string): Promise<{ site_id: string } | undefined> {
  if (!clientId.startsWith(DEVICE_CLIENT_PREFIX)) return undefined;
  const device = await findDeviceOfClient(ctx.db, clientId);
  if (!device) return undefined;
  await touchSiteDevice(ctx.db, device.id, ctx.now());
  const site = await findSiteById(ctx.db, device.site_id);
  return site ? { site_id: site.public_id } : undefined;
}

/** The operator's view of a site's devices (the command line), without a company's rule. */
export async function operatorSiteDevices(ctx: AppContext, siteId: string): Promise<SiteDevices['items']> {
  const site = await siteOrNotFound(ctx.db, siteId);
  return devicesOf(ctx, site);
}

/** The operator revokes a device (a gateway stolen or sold), as an un-claim without a person. */
export async function operatorRevokeDevice(ctx: AppContext, siteId: string, deviceId: string): Promise<boolean> {
  const site = await siteOrNotFound(ctx.db, siteId);
  const found = await findSiteDevice(ctx.db, site.id, deviceId);
  if (!found) throw new AppError(ErrorCode.NotFound);
  const companies = await companiesOfDevice(ctx.db, site, found.via_grant_id);
  return companyTransaction(ctx, companies, async (trx) => {
    const device = (await findSiteDevice(trx, site.id, deviceId))!;
    if (device.state !== 'claimed') return false;
    await revokeDevices(ctx, trx, site, [device], 'unclaimed');
    await auditEach(ctx, trx, companies, null, 'device.revoke', site, device, {
      reason: 'unclaimed',
      byOperator: true,
    });
    return true;
  });
}
