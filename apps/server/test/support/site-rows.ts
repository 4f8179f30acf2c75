import { randomBytes } from 'node:crypto';
import type { SiteRoleTemplate } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import type { Executor } from '../../src/queries/executor.ts';

/**
 * Sites, grants and assignments written straight into their tables: the decisions are tested on the
 * rows as the settings centre leaves them, whatever calls make them.
 */

export async function insertSite(
  db: Executor,
  input: { enterpriseId: number; products: ProductCode[]; name?: string; at: number; retiredAt?: number | null },
) {
  const publicId = `site_${randomBytes(16).toString('base64url')}`;
  const row = await db
    .insertInto('sites')
    .values({
      public_id: publicId,
      enterprise_id: input.enterpriseId,
      name: input.name ?? publicId.slice(5, 13),
      kind: 'pv',
      region: 'CN-GD',
      time_zone: 'Asia/Shanghai',
      rated_power_kw: 1200,
      rated_energy_kwh: null,
      product_codes: JSON.stringify(input.products),
      retired_at: input.retiredAt ?? null,
      created_at: input.at,
      updated_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, publicId };
}

export async function insertGrant(
  db: Executor,
  input: {
    siteId: number;
    grantor: number;
    grantee: number;
    parentId?: number | null;
    template: SiteRoleTemplate;
    mayShare?: boolean;
    startsAt: number;
    endsAt?: number | null;
    revokedAt?: number | null;
  },
) {
  const row = await db
    .insertInto('site_grants')
    .values({
      public_id: `sgr_${randomBytes(16).toString('base64url')}`,
      site_id: input.siteId,
      grantor_enterprise_id: input.grantor,
      grantee_enterprise_id: input.grantee,
      parent_grant_id: input.parentId ?? null,
      template: input.template,
      may_share: input.mayShare === false ? 0 : 1,
      starts_at: input.startsAt,
      ends_at: input.endsAt ?? null,
      revoked_at: input.revokedAt ?? null,
      created_by: null,
      created_at: input.startsAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An assignment under a grant (`grantId`) or on the owner's own site (`siteId`), to a user or a department. */
export async function insertAssignment(
  db: Executor,
  input: {
    grantId?: number;
    siteId?: number;
    userId?: number;
    departmentId?: number;
    template: SiteRoleTemplate;
    endsAt?: number | null;
    at: number;
  },
) {
  const row = await db
    .insertInto('site_assignments')
    .values({
      grant_id: input.grantId ?? null,
      site_id: input.siteId ?? null,
      user_id: input.userId ?? null,
      department_id: input.departmentId ?? null,
      template: input.template,
      ends_at: input.endsAt ?? null,
      created_by: null,
      created_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
