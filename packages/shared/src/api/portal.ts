import { z } from 'zod';
import { currentUserSchema } from './auth.ts';

export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const portalProductSchema = z.object({
  id: z.number(),
  productCode: z.string(),
  name: z.string(),
  entryPath: z.string(),
});
export type PortalProduct = z.infer<typeof portalProductSchema>;

export const portalEnterpriseSchema = z.object({
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  abbreviation: z.string(),
  domain: z.string(),
  role: z.enum(MEMBER_ROLES),
  productList: z.array(portalProductSchema),
});
export type PortalEnterprise = z.infer<typeof portalEnterpriseSchema>;

/** `GET F/portal/info`. `enterpriseId` is the session's current company, null for a person without one. */
export const portalInfoSchema = z.object({
  enterpriseId: z.number().nullable(),
  enterpriseProduct: z.array(portalEnterpriseSchema),
  userinfo: currentUserSchema,
  /** Whether the portal runs in production: outside it, webhook endpoints may be plain http, and the
   *  settings centre's form says so. */
  production: z.boolean(),
});
export type PortalInfo = z.infer<typeof portalInfoSchema>;

/** `POST F/portal/enterprise/enter?enterpriseId=` */
export const enterEnterpriseQuerySchema = z.strictObject({
  // ids are 32-bit integer columns: a larger number would fail in PostgreSQL instead of here
  enterpriseId: z.coerce.number({ error: 'validation.enterpriseIdRequired' }).int().positive().max(2_147_483_647),
});
export const enterEnterpriseResponseSchema = z.object({ enterpriseId: z.number() });

/** `GET F/portal/user/admin` */
export const portalUserAdminSchema = z.object({ isAdmin: z.boolean(), role: z.enum(MEMBER_ROLES).nullable() });
export type PortalUserAdmin = z.infer<typeof portalUserAdminSchema>;
