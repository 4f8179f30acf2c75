import { z } from 'zod';
import { requestString } from '../validation/rules.ts';
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

// ---------------------------------------------------------------------------------------------------
// Support requests (docs/support-access.md#requests): a support person asks a company for a window,
// the company's administrators approve it (which grants it) or refuse it.

/** An open request nobody decided within this time expires. */
export const SUPPORT_REQUEST_OPEN_HOURS = 24;
/** Open requests at once: of one support person, and to one company. */
export const SUPPORT_REQUESTS_OPEN_PER_PERSON = 10;
export const SUPPORT_REQUESTS_OPEN_PER_COMPANY = 10;
export const SUPPORT_REQUEST_REASON_MAX = 500;
/** The support person's own requests the launcher shows, newest first. */
export const MY_SUPPORT_REQUESTS_SHOWN = 10;

export const SUPPORT_REQUEST_STATUSES = ['open', 'approved', 'refused', 'expired'] as const;

/** A support request's public id, `srq_...`. */
export const supportRequestIdSchema = requestString().regex(/^srq_[A-Za-z0-9_-]{22}$/, 'validation.invalidValue');

const supportHoursSchema = z
  .number({ error: 'validation.supportHours' })
  .int('validation.supportHours')
  .min(1, 'validation.supportHours')
  .max(SUPPORT_ACCESS_MAX_HOURS, 'validation.supportHours');

/** `POST F/portal/support/request`: a support person asks the company of `domain`. */
export const requestSupportAccessRequestSchema = z.strictObject({
  /** The company's domain, as it signs in under it. */
  domain: requestString({ error: 'validation.supportDomainRequired', trim: true })
    .min(1, 'validation.supportDomainRequired')
    .max(100, 'validation.invalidValue'),
  hours: supportHoursSchema,
  reason: requestString({ error: 'validation.accessReasonRequired', trim: true })
    .min(1, 'validation.accessReasonRequired')
    .refine((v) => [...v].length <= SUPPORT_REQUEST_REASON_MAX, 'validation.accessReasonTooLong'),
  /** Some of the company's sites (`site_...`), as the customer named them; none or absent: all. */
  siteIds: z.array(siteIdSchema).max(SUPPORT_ACCESS_SITES_MAX).optional(),
});
export type RequestSupportAccessRequest = z.infer<typeof requestSupportAccessRequestSchema>;

export const supportRequestSchema = z.object({
  requestId: z.string(),
  company: z.object({ name: z.string(), domain: z.string() }),
  requester: z.object({ userId: z.number().int(), name: z.string() }),
  hours: z.number().int(),
  reason: z.string(),
  /** The sites asked for, by name order; empty: the whole company. */
  sites: z.array(z.object({ siteId: z.string(), name: z.string() })),
  /** `open` until decided or until `expiresAt`, then `expired`. */
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  /** ISO 8601 */
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The window an approval opened. */
  accessId: z.number().int().nullable(),
});
export type SupportRequestView = z.infer<typeof supportRequestSchema>;

/** The company's open support requests, newest first (at most SUPPORT_REQUESTS_OPEN_PER_COMPANY). */
export const supportRequestListSchema = z.object({ items: z.array(supportRequestSchema) });
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;

/** The support person's own requests; `staff` false (and none) for anyone else. */
export const mySupportRequestsSchema = z.object({ staff: z.boolean(), items: z.array(supportRequestSchema) });
export type MySupportRequests = z.infer<typeof mySupportRequestsSchema>;

export const approveSupportRequestRequestSchema = z.strictObject({
  requestId: supportRequestIdSchema,
  /** Fewer hours than asked; absent: as asked. */
  hours: supportHoursSchema.optional(),
});
export type ApproveSupportRequestRequest = z.infer<typeof approveSupportRequestRequestSchema>;

export const supportRequestIdRequestSchema = z.strictObject({ requestId: supportRequestIdSchema });
