import { z } from 'zod';
import { PRODUCT_CODES, type ProductCode } from '../products.ts';
import { requestString } from '../validation/rules.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';
import { optionalUnlessBlank } from './registration.ts';
import { rowIdSchema } from './settings.ts';

/**
 * Sites shared between companies (docs/site-grants.md): the kinds of site, the capabilities a
 * product may ask about, the role templates every product maps to its own permissions, and the
 * settings centre's requests and answers.
 */

export const SITE_KINDS = ['pv', 'storage', 'microgrid', 'ev_charging', 'ci', 'other'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export const SITE_CAPABILITIES = ['view', 'operate', 'configure', 'finance', 'audit', 'share'] as const;
export type SiteCapability = (typeof SITE_CAPABILITIES)[number];

/**
 * The role templates, each a set of capabilities. `share` in a template is not what lets a grant share
 * on: the grant's `mayShare` is, decided by whoever makes the grant.
 */
export const SITE_ROLE_TEMPLATES = {
  owner: ['view', 'operate', 'configure', 'finance', 'audit', 'share'],
  investor: ['view', 'finance'],
  // EPC / installer
  installer: ['view', 'operate', 'configure'],
  // O&M technician
  technician: ['view', 'operate'],
  operator: ['view', 'operate'],
  auditor: ['view', 'audit'],
  // the platform's support in a company that let it in (docs/support-access.md): it reads a site and
  // its record to help, and changes nothing, as the rest of its session changes nothing of the
  // company's own; never given by a grant, a share or an assignment
  support: ['view', 'audit'],
} as const satisfies Record<string, readonly SiteCapability[]>;
export type SiteRoleTemplate = keyof typeof SITE_ROLE_TEMPLATES;
/** The template of a support session's sites: in the catalogue, for the decisions and the tokens. */
export const SUPPORT_SITE_TEMPLATE = 'support' satisfies SiteRoleTemplate;
/**
 * How long a device a person signed in by a code (RFC 8628) may act for them on a site, by the
 * template of their way to it: an installer's or technician's panel for a working day, the others for
 * the 14 days a product sign-in lives at most (a device's token never outlives the grant behind it,
 * nor the site's grant; docs/product-teams.md).
 */
export const DEVICE_SIGN_IN_HOURS = {
  owner: 14 * 24,
  investor: 14 * 24,
  installer: 12,
  technician: 12,
  operator: 14 * 24,
  auditor: 7 * 24,
  support: 12,
} as const satisfies Record<SiteRoleTemplate, number>;
/** The templates a grant, a share, an assignment or an access request may name: all but the support's. */
export const SITE_TEMPLATE_KEYS = (Object.keys(SITE_ROLE_TEMPLATES) as SiteRoleTemplate[]).filter(
  (key) => key !== SUPPORT_SITE_TEMPLATE,
);

export function isSiteTemplate(value: unknown): value is SiteRoleTemplate {
  return typeof value === 'string' && Object.hasOwn(SITE_ROLE_TEMPLATES, value);
}

/** "Not wider": every capability of `narrower` is one of `wider`'s. */
export function templateWithin(narrower: SiteRoleTemplate, wider: SiteRoleTemplate): boolean {
  const allowed: readonly SiteCapability[] = SITE_ROLE_TEMPLATES[wider];
  return SITE_ROLE_TEMPLATES[narrower].every((capability) => allowed.includes(capability));
}

// ---------------------------------------------------------------------------------------------------
// Limits

/** The live sites a company may own. */
export const SITES_MAX = 1000;
/** The live grants one site may have, along all its chains. */
export const SITE_GRANTS_MAX = 100;
/** The longest chain: the owner's grant is 1, each share-on adds one. */
export const SITE_GRANT_DEPTH_MAX = 8;
/** The sites shared in one request. */
export const SITES_PER_SHARE_MAX = 50;
export const SITE_NAME_MAX = 60;
export const SITE_REGION_MAX = 60;
/** The reminders before a grant ends, in days. */
export const SITE_GRANT_REMINDER_DAYS = [7, 1] as const;

// ---------------------------------------------------------------------------------------------------
// Requests and answers of the settings centre (`S/sites/...`), on the session's current company.

const SITE_ID_PATTERN = /^site_[A-Za-z0-9_-]{22}$/;
const GRANT_ID_PATTERN = /^sgr_[A-Za-z0-9_-]{22}$/;

/** A site's public id, `site_...`. */
export const siteIdSchema = requestString().regex(SITE_ID_PATTERN, 'validation.invalidValue');
/** A grant's public id, `sgr_...`. */
export const grantIdSchema = requestString().regex(GRANT_ID_PATTERN, 'validation.invalidValue');

/** Whether this runtime lists the IANA time zone (`Asia/Shanghai`); `UTC` too, which some list apart. */
export function isSiteTimeZone(name: string): boolean {
  return name === 'UTC' || Intl.supportedValuesOf('timeZone').includes(name);
}

/** A moment with its offset (`2026-05-01T00:00:00+08:00` or `...Z`). */
const momentSchema = z.iso.datetime({ offset: true, error: 'validation.invalidValue' });

const productSchema = z.enum(PRODUCT_CODES as [ProductCode, ...ProductCode[]], { error: 'validation.invalidValue' });
const templateSchema = z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]], {
  error: 'validation.invalidValue',
});
/** Any template of the catalogue, the support's too: in answers about what a person holds. */
const heldTemplateSchema = z.enum(Object.keys(SITE_ROLE_TEMPLATES) as [SiteRoleTemplate, ...SiteRoleTemplate[]]);

/** Counted in code points, as a person counts characters. */
const siteNameSchema = requestString({ error: 'validation.siteNameRequired', trim: true })
  .min(1, 'validation.siteNameRequired')
  .refine((v) => [...v].length <= SITE_NAME_MAX, 'validation.siteTextTooLong');
const regionSchema = requestString({ error: 'validation.siteRegionRequired', trim: true })
  .min(1, 'validation.siteRegionRequired')
  .refine((v) => [...v].length <= SITE_REGION_MAX, 'validation.siteTextTooLong');
const timeZoneSchema = requestString({ error: 'validation.timeZoneInvalid' })
  .max(64, 'validation.timeZoneInvalid')
  .refine(isSiteTimeZone, 'validation.timeZoneInvalid');
/** kW or kWh: positive, finite, below a terawatt; null where it does not apply. */
const ratingSchema = z.number({ error: 'validation.invalidValue' }).positive().max(1e9).nullable();
const productCodesSchema = z
  .array(productSchema)
  .min(1, 'validation.invalidValue')
  .max(PRODUCT_CODES.length)
  .transform((codes) => [...new Set(codes)]);

export const SITES_PAGE_SIZE_DEFAULT = 20;
export const SITES_PAGE_SIZE_MAX = 100;
const pageSizeSchema = z.coerce.number().int().min(1).max(SITES_PAGE_SIZE_MAX).default(SITES_PAGE_SIZE_DEFAULT);

/** `GET S/sites?cursor=&pageSize=&keyword=&status=`: `keyword` matches part of the name or region. */
export const sitesQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: pageSizeSchema,
  keyword: optionalUnlessBlank(requestString({ trim: true }).max(64)),
  status: z.enum(['live', 'retired', 'all']).default('live'),
});
export type SitesQuery = z.infer<typeof sitesQuerySchema>;

export const siteSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  kind: z.enum(SITE_KINDS),
  region: z.string(),
  timeZone: z.string(),
  ratedPowerKw: z.number().nullable(),
  ratedEnergyKwh: z.number().nullable(),
  productCodes: z.array(z.enum(PRODUCT_CODES as [ProductCode, ...ProductCode[]])),
  /** ISO 8601; null while the site is live. */
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const sitePageSchema = z.object({ items: z.array(siteSchema), nextCursor: nextCursorSchema });
export type SitePage = z.infer<typeof sitePageSchema>;

/** `POST S/sites/create` */
export const createSiteRequestSchema = z.strictObject({
  name: siteNameSchema,
  kind: z.enum(SITE_KINDS, { error: 'validation.invalidValue' }),
  region: regionSchema,
  timeZone: timeZoneSchema,
  ratedPowerKw: ratingSchema.default(null),
  ratedEnergyKwh: ratingSchema.default(null),
  productCodes: productCodesSchema,
});
export type CreateSiteRequest = z.infer<typeof createSiteRequestSchema>;

/** `POST S/sites/update`: what is omitted stays. */
export const updateSiteRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  name: siteNameSchema.optional(),
  kind: z.enum(SITE_KINDS, { error: 'validation.invalidValue' }).optional(),
  region: regionSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  ratedPowerKw: ratingSchema.optional(),
  ratedEnergyKwh: ratingSchema.optional(),
  productCodes: productCodesSchema.optional(),
});
export type UpdateSiteRequest = z.infer<typeof updateSiteRequestSchema>;

/** `POST S/sites/retire` and `GET S/sites/detail?siteId=` */
export const siteIdRequestSchema = z.strictObject({ siteId: siteIdSchema });
export type SiteIdRequest = z.infer<typeof siteIdRequestSchema>;

/** Another company, as a grant names it. */
export const siteCompanySchema = z.object({ name: z.string(), domain: z.string() });
export type SiteCompany = z.infer<typeof siteCompanySchema>;

/**
 * Where a grant stands now: `active` (started, not ended, not revoked, its site live and every grant
 * above it active), `pending` (starts later), `expired` (its end passed), `revoked` (revoked itself,
 * or left by its holder), `ended` (a grant above it is no longer active), `retired` (its site is).
 */
export const SITE_GRANT_STATUSES = ['active', 'pending', 'expired', 'revoked', 'ended', 'retired'] as const;
export type SiteGrantStatus = (typeof SITE_GRANT_STATUSES)[number];

export const siteGrantSchema = z.object({
  grantId: z.string(),
  siteId: z.string(),
  /** The grant it was shared on from; null: the owner's. */
  parentGrantId: z.string().nullable(),
  /** 1 for the owner's grant, one more for each share-on. */
  depth: z.number().int(),
  grantor: siteCompanySchema,
  grantee: siteCompanySchema,
  template: templateSchema,
  mayShare: z.boolean(),
  /** ISO 8601 */
  startsAt: z.string(),
  /** ISO 8601; null: open. */
  endsAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(SITE_GRANT_STATUSES),
  createdAt: z.string(),
});
export type SiteGrant = z.infer<typeof siteGrantSchema>;

/** `GET S/sites/detail?siteId=`: the site and every grant on it, each link of each chain, parents first. */
export const siteDetailSchema = z.object({ site: siteSchema, grants: z.array(siteGrantSchema) });
export type SiteDetail = z.infer<typeof siteDetailSchema>;

const grantTermsShape = {
  /** The other company, by its domain. */
  domain: requestString({ error: 'validation.invalidValue', trim: true })
    .min(1, 'validation.invalidValue')
    .max(253, 'validation.invalidValue')
    .transform((v) => v.toLowerCase()),
  template: templateSchema,
  /** Absent: now. */
  startsAt: optionalUnlessBlank(momentSchema),
  /** Absent or null: open (within what the grant shared on from allows). */
  endsAt: momentSchema.nullable().default(null),
  mayShare: z.boolean({ error: 'validation.invalidValue' }).default(false),
};

/** `POST S/sites/share`: the owner shares its sites with another company. */
export const shareSitesRequestSchema = z.strictObject({
  siteIds: z
    .array(siteIdSchema)
    .min(1, 'validation.invalidValue')
    .max(SITES_PER_SHARE_MAX)
    .transform((ids) => [...new Set(ids)]),
  ...grantTermsShape,
});
export type ShareSitesRequest = z.infer<typeof shareSitesRequestSchema>;

/** `POST S/sites/shared-with-us/share-on`: a holder shares the sites of some of its grants on. */
export const shareOnRequestSchema = z.strictObject({
  grantIds: z
    .array(grantIdSchema)
    .min(1, 'validation.invalidValue')
    .max(SITES_PER_SHARE_MAX)
    .transform((ids) => [...new Set(ids)]),
  ...grantTermsShape,
});
export type ShareOnRequest = z.infer<typeof shareOnRequestSchema>;

/** The grants a share made, one per site. */
export const sharedGrantsSchema = z.object({ grants: z.array(siteGrantSchema) });
export type SharedGrants = z.infer<typeof sharedGrantsSchema>;

/** `POST S/sites/grants/revoke`, `POST S/sites/shared-with-us/leave` */
export const grantIdRequestSchema = z.strictObject({ grantId: grantIdSchema });
export type GrantIdRequest = z.infer<typeof grantIdRequestSchema>;

/** What a revoke ended: the grant and every grant below it that was still live. */
export const endedGrantsSchema = z.object({ ended: z.array(z.string()) });
export type EndedGrants = z.infer<typeof endedGrantsSchema>;

/** `POST S/sites/grants/update`: a new end (null: open), never later than what the grant comes from. */
export const updateGrantRequestSchema = z.strictObject({ grantId: grantIdSchema, endsAt: momentSchema.nullable() });
export type UpdateGrantRequest = z.infer<typeof updateGrantRequestSchema>;

/** `GET S/sites/shared-with-us?cursor=&pageSize=&keyword=`: the company's grants, newest first. */
export const sharedWithUsQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: pageSizeSchema,
  keyword: optionalUnlessBlank(requestString({ trim: true }).max(64)),
});
export type SharedWithUsQuery = z.infer<typeof sharedWithUsQuerySchema>;

export const sharedWithUsItemSchema = z.object({
  grant: siteGrantSchema,
  /** The site as the owner describes it. */
  site: siteSchema.omit({ retiredAt: true, createdAt: true, updatedAt: true }),
  owner: siteCompanySchema,
});
export type SharedWithUsItem = z.infer<typeof sharedWithUsItemSchema>;
export const sharedWithUsPageSchema = z.object({
  items: z.array(sharedWithUsItemSchema),
  nextCursor: nextCursorSchema,
});
export type SharedWithUsPage = z.infer<typeof sharedWithUsPageSchema>;

/** `GET S/sites/assignments?grantId=` (a grant of the company's) or `?siteId=` (a site it owns). */
export const assignmentsQuerySchema = z
  .strictObject({ grantId: optionalUnlessBlank(grantIdSchema), siteId: optionalUnlessBlank(siteIdSchema) })
  .refine((q) => (q.grantId === undefined) !== (q.siteId === undefined), {
    message: 'validation.invalidValue',
    path: ['grantId'],
  });
export type AssignmentsQuery = z.infer<typeof assignmentsQuerySchema>;

export const siteAssignmentSchema = z.object({
  id: z.number(),
  /** Exactly one of the two. */
  userId: z.number().nullable(),
  departmentId: z.number().nullable(),
  /** The person's or department's name. */
  name: z.string(),
  template: templateSchema,
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SiteAssignment = z.infer<typeof siteAssignmentSchema>;
export const siteAssignmentListSchema = z.object({ items: z.array(siteAssignmentSchema) });
export type SiteAssignmentList = z.infer<typeof siteAssignmentListSchema>;

/** `POST S/sites/assignments/add`: one of `grantId`/`siteId`, one of `userId`/`departmentId`. */
export const addAssignmentRequestSchema = z
  .strictObject({
    grantId: grantIdSchema.optional(),
    siteId: siteIdSchema.optional(),
    userId: rowIdSchema.optional(),
    departmentId: rowIdSchema.optional(),
    template: templateSchema,
    /** Null or absent: as long as the grant. */
    endsAt: momentSchema.nullable().default(null),
  })
  .refine((b) => (b.grantId === undefined) !== (b.siteId === undefined), {
    message: 'validation.invalidValue',
    path: ['grantId'],
  })
  .refine((b) => (b.userId === undefined) !== (b.departmentId === undefined), {
    message: 'validation.invalidValue',
    path: ['userId'],
  });
export type AddAssignmentRequest = z.infer<typeof addAssignmentRequestSchema>;

/** `POST S/sites/assignments/remove`: by the row id the list gives. */
export const removeAssignmentRequestSchema = z.strictObject({ id: rowIdSchema });

/**
 * `GET F/portal/sites`: the sites the person may act on in the products of the session's current
 * company, each as a launcher card (product · site · until). `until` is when the person's access to
 * it ends (ISO 8601), null when open; `template` the widest of their ways to it.
 */
export const portalSiteSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  entryPath: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  template: heldTemplateSchema,
  until: z.string().nullable(),
});
export type PortalSite = z.infer<typeof portalSiteSchema>;
/** `truncated`: a product had more sites than a card list shows (`PORTAL_SITES_PER_PRODUCT`). */
export const portalSitesSchema = z.object({ sites: z.array(portalSiteSchema), truncated: z.boolean() });
export type PortalSites = z.infer<typeof portalSitesSchema>;
/** The most cards of one product the home shows: as many as a product's token names. */
export const PORTAL_SITES_PER_PRODUCT = 50;
