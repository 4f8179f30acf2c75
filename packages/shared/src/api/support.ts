import { z } from 'zod';
import { siteIdSchema } from './sites.ts';

/** The longest window a company grants the platform's support at once: a week. */
export const SUPPORT_ACCESS_MAX_HOURS = 168;
/** The most sites one window names. */
export const SUPPORT_ACCESS_SITES_MAX = 50;

export const grantSupportAccessRequestSchema = z.strictObject({
  /** How long the support may enter the company, in whole hours. */
  hours: z.number().int().min(1).max(SUPPORT_ACCESS_MAX_HOURS),
  /** The company's sites the support may act on (`site_...`), under the "support" template; none or
   *  absent: all of them. */
  siteIds: z.array(siteIdSchema).max(SUPPORT_ACCESS_SITES_MAX).optional(),
});
export type GrantSupportAccessRequest = z.infer<typeof grantSupportAccessRequestSchema>;

/** A company's consent to the platform's support. */
export const supportAccessSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  startsAt: z.string(),
  /** ISO 8601: the support's sessions and product sign-ins end then, or at an earlier revoke. */
  endsAt: z.string(),
  /** The sites the window is limited to, by name order; empty: the whole company. */
  sites: z.array(z.object({ siteId: z.string(), name: z.string() })),
});
export type SupportAccessView = z.infer<typeof supportAccessSchema>;

/** The company's window now, or null. */
export const supportAccessStateSchema = z.object({ access: supportAccessSchema.nullable() });

/** A company a support person may enter now. */
export const supportCompanySchema = z.object({
  enterpriseId: z.number().int(),
  name: z.string(),
  /** ISO 8601 */
  until: z.string(),
});
export type SupportCompany = z.infer<typeof supportCompanySchema>;
export const supportCompaniesSchema = z.object({ companies: z.array(supportCompanySchema) });

export const enterAsSupportRequestSchema = z.strictObject({ enterpriseId: z.number().int() });

/** Who acts in the company, and until when: the portal's banner for a support session. */
export const supportSessionSchema = z.object({
  supportName: z.string(),
  supportUserId: z.number().int(),
  enterpriseId: z.number().int(),
  companyName: z.string(),
  /** ISO 8601 */
  until: z.string(),
});
export type SupportSessionView = z.infer<typeof supportSessionSchema>;
export const supportSessionStateSchema = z.object({ support: supportSessionSchema.nullable() });
