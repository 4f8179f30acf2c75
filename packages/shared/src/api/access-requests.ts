import { z } from 'zod';
import { requestString } from '../validation/rules.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';
import { SITE_TEMPLATE_KEYS, type SiteRoleTemplate, siteCompanySchema, siteIdSchema } from './sites.ts';

/**
 * Access to a site on request (docs/site-grants.md#requests-for-a-site): a person of one company asks
 * the owner of a site for it, for some hours or days; the owner's administrators approve (then a grant
 * that ends by itself is made) or refuse.
 */

/**
 * The owner company's cap of access on request (docs/site-grants.md#the-owners-cap), in hours: its
 * administrators choose it from an hour to 30 days; 7 days until they do.
 */
export const ACCESS_REQUEST_CAP_HOURS_MIN = 1;
export const ACCESS_REQUEST_CAP_HOURS_MAX = 720;
export const ACCESS_REQUEST_CAP_HOURS_DEFAULT = 168;
/** The shortest and the longest access any request may ask for; the owner's cap, checked by the
 *  server against the site's owner (1009276), is at most the longest. */
export const ACCESS_REQUEST_HOURS_MIN = 1;
export const ACCESS_REQUEST_HOURS_MAX = ACCESS_REQUEST_CAP_HOURS_MAX;
/** An open request not decided within this time expires. */
export const ACCESS_REQUEST_OPEN_HOURS = 24;
/** Open requests at once: of one person, and of one company (its people together). */
export const ACCESS_REQUESTS_OPEN_PER_PERSON = 5;
export const ACCESS_REQUESTS_OPEN_PER_COMPANY = 20;
export const ACCESS_REQUEST_REASON_MAX = 500;

export const ACCESS_REQUEST_STATUSES = ['open', 'approved', 'refused', 'expired'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

const REQUEST_ID_PATTERN = /^arq_[A-Za-z0-9_-]{22}$/;
/** A request's public id, `arq_...`. */
export const accessRequestIdSchema = requestString().regex(REQUEST_ID_PATTERN, 'validation.invalidValue');

const templateSchema = z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]], {
  error: 'validation.invalidValue',
});
const hoursSchema = z
  .number({ error: 'validation.accessHours' })
  .int('validation.accessHours')
  .min(ACCESS_REQUEST_HOURS_MIN, 'validation.accessHours')
  .max(ACCESS_REQUEST_HOURS_MAX, 'validation.accessHours');

/** `POST F/site-access/request`: the session's current company asks for a site. */
export const requestSiteAccessRequestSchema = z.strictObject({
  /** The site's public id, as its page shows it or its link carries it. */
  siteId: siteIdSchema,
  template: templateSchema,
  hours: hoursSchema,
  reason: requestString({ error: 'validation.accessReasonRequired', trim: true })
    .min(1, 'validation.accessReasonRequired')
    .refine((v) => [...v].length <= ACCESS_REQUEST_REASON_MAX, 'validation.accessReasonTooLong'),
});
export type RequestSiteAccessRequest = z.infer<typeof requestSiteAccessRequestSchema>;

export const accessRequestSchema = z.object({
  requestId: z.string(),
  site: z.object({ siteId: z.string(), name: z.string() }),
  owner: siteCompanySchema,
  requester: z.object({ name: z.string(), company: siteCompanySchema }),
  template: templateSchema,
  hours: z.number().int(),
  reason: z.string(),
  /** `open` until decided or until `expiresAt`, then `expired`. */
  status: z.enum(ACCESS_REQUEST_STATUSES),
  /** The template the company held on the site when it asked, when the request widens it; else null. */
  widens: templateSchema.nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The grant an approval made: its id, template and end. */
  grant: z.object({ grantId: z.string(), template: templateSchema, endsAt: z.string() }).nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const ACCESS_REQUESTS_PAGE_SIZE_DEFAULT = 20;
export const ACCESS_REQUESTS_PAGE_SIZE_MAX = 100;

/** `GET S/sites/access-requests?status=&cursor=&pageSize=`: newest first. */
export const accessRequestsQuerySchema = z.strictObject({
  status: z.enum(['open', 'all']).default('open'),
  cursor: cursorQuerySchema,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACCESS_REQUESTS_PAGE_SIZE_MAX)
    .default(ACCESS_REQUESTS_PAGE_SIZE_DEFAULT),
});
export type AccessRequestsQuery = z.infer<typeof accessRequestsQuerySchema>;

export const accessRequestPageSchema = z.object({
  items: z.array(accessRequestSchema),
  /** The open requests of the company, all pages together: the settings centre's badge. */
  openCount: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type AccessRequestPage = z.infer<typeof accessRequestPageSchema>;

/** `GET F/site-access/mine`: the person's own requests, newest first, the last 20. */
export const myAccessRequestsSchema = z.object({ items: z.array(accessRequestSchema) });
export type MyAccessRequests = z.infer<typeof myAccessRequestsSchema>;
export const MY_ACCESS_REQUESTS_SHOWN = 20;

/** `POST S/sites/access-requests/approve`: as asked, or shorter and narrower. */
export const approveAccessRequestRequestSchema = z.strictObject({
  requestId: accessRequestIdSchema,
  /** Absent: the hours asked for; never more. */
  hours: hoursSchema.optional(),
  /** Absent: the template asked for; never wider. */
  template: templateSchema.optional(),
});
export type ApproveAccessRequestRequest = z.infer<typeof approveAccessRequestRequestSchema>;

/** `POST S/sites/access-requests/refuse` */
export const accessRequestIdRequestSchema = z.strictObject({ requestId: accessRequestIdSchema });
export type AccessRequestIdRequest = z.infer<typeof accessRequestIdRequestSchema>;

/** `GET F/site-access/site?siteId=`: the site a person may ask for, and its owner's cap. */
export const siteAccessLookupQuerySchema = z.strictObject({ siteId: siteIdSchema });
export type SiteAccessLookupQuery = z.infer<typeof siteAccessLookupQuerySchema>;

export const siteAccessLookupSchema = z.object({
  site: z.object({ siteId: z.string(), name: z.string() }),
  owner: siteCompanySchema,
  /** The longest access the owner grants on request, in hours: a longer request is 1009276. */
  capHours: z.number().int(),
});
export type SiteAccessLookup = z.infer<typeof siteAccessLookupSchema>;

const capHoursSchema = z
  .number({ error: 'validation.accessCapHours' })
  .int('validation.accessCapHours')
  .min(ACCESS_REQUEST_CAP_HOURS_MIN, 'validation.accessCapHours')
  .max(ACCESS_REQUEST_CAP_HOURS_MAX, 'validation.accessCapHours');

/** `GET S/sites/access-requests/cap`, and the body of its save. */
export const accessRequestCapSchema = z.strictObject({
  /** The longest access the company's administrators grant on request, in hours. */
  capHours: capHoursSchema,
});
export type AccessRequestCap = z.infer<typeof accessRequestCapSchema>;
