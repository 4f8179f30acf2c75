import type { Insertable, Selectable } from 'kysely';
import type { DeviceRevokeReason } from '@portal/shared/api/devices';
import type { DeviceClaimsTable, SiteDevicesTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type SiteDeviceRow = Selectable<SiteDevicesTable>;

export function insertSiteDevice(db: Executor, row: Omit<Insertable<SiteDevicesTable>, 'id'>): Promise<SiteDeviceRow> {
  return db.insertInto('site_devices').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertDeviceClaim(db: Executor, row: Insertable<DeviceClaimsTable>): Promise<void> {
  await db.insertInto('device_claims').values(row).execute();
}

/** The site's claimed device of this serial, if one is. */
export function findClaimedSerial(db: Executor, siteId: number, serial: string): Promise<SiteDeviceRow | undefined> {
  return db
    .selectFrom('site_devices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('serial', '=', serial)
    .where('state', '=', 'claimed')
    .executeTakeFirst();
}

export function findSiteDevice(db: Executor, siteId: number, publicId: string): Promise<SiteDeviceRow | undefined> {
  return db
    .selectFrom('site_devices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export function findDeviceById(db: Executor, id: number): Promise<SiteDeviceRow | undefined> {
  return db.selectFrom('site_devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDeviceOfClient(db: Executor, clientId: string): Promise<SiteDeviceRow | undefined> {
  return db.selectFrom('site_devices').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** The site's devices, the newest claim first, with the name of who claimed each and the public id of
 *  the grant it was claimed through. */
export function listSiteDevices(db: Executor, siteId: number) {
  return db
    .selectFrom('site_devices as d')
    .innerJoin('users as u', 'u.id', 'd.claimed_by')
    .leftJoin('site_grants as g', 'g.id', 'd.via_grant_id')
    .selectAll('d')
    .select(['u.nickname as claimedByName', 'g.public_id as grantPublicId'])
    .where('d.site_id', '=', siteId)
    .orderBy('d.id', 'desc')
    .execute();
}

/** The claimed devices of a site, or of one of the sites through any of these grants. */
export function listClaimedDevices(
  db: Executor,
  by: { siteId: number } | { grantIds: number[] },
): Promise<SiteDeviceRow[]> {
  let query = db.selectFrom('site_devices').selectAll().where('state', '=', 'claimed');
  if ('siteId' in by) query = query.where('site_id', '=', by.siteId);
  else if (by.grantIds.length) query = query.where('via_grant_id', 'in', by.grantIds);
  else return Promise.resolve([]);
  return query.execute();
}

/**
 * Uses the claim once: the one statement that sets `used_at`, and only while it is unused and in
 * time, so that of two exchanges racing for it only one gets its device. Answers the device's id.
 */
export async function useDeviceClaim(
  db: Executor,
  claimHash: string,
  codeHash: string,
  serial: string,
  now: number,
): Promise<number | undefined> {
  const used = await db
    .updateTable('device_claims')
    .set({ used_at: now })
    .where('claim_hash', '=', claimHash)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('site_device_id', 'in', (eb) =>
      eb.selectFrom('site_devices').select('id').where('serial', '=', serial).where('state', '=', 'claimed'),
    )
    .returning('site_device_id')
    .executeTakeFirst();
  return used?.site_device_id;
}

export async function setDeviceClient(db: Executor, id: number, clientId: string): Promise<void> {
  await db.updateTable('site_devices').set({ client_id: clientId }).where('id', '=', id).execute();
}

export async function revokeSiteDevices(
  db: Executor,
  ids: number[],
  now: number,
  reason: DeviceRevokeReason,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('site_devices')
    .set({ state: 'revoked', revoked_at: now, revoked_reason: reason })
    .where('id', 'in', ids)
    .where('state', '=', 'claimed')
    .execute();
}

export async function touchSiteDevice(db: Executor, id: number, now: number): Promise<void> {
  await db.updateTable('site_devices').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Claims past their end, used or not: nothing reads them any more. */
export async function deleteExpiredDeviceClaims(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('device_claims').where('expires_at', '<', now).execute();
}
