import { z } from 'zod';
import { PRODUCT_CODES, type ProductCode } from '../products.ts';
import { requestString } from '../validation/rules.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';
import { MEMBER_ROLES } from './portal.ts';
import { INVITATION_KINDS, optionalUnlessBlank } from './registration.ts';
import { rowIdSchema } from './settings.ts';
import { SITE_KINDS, SITE_TEMPLATE_KEYS, type SiteRoleTemplate } from './sites.ts';

/**
 * What a company's own systems learn from the portal: the events of the company (the same object in a
 * webhook's body and in the feed), the endpoints that receive them, and the API keys its machines
 * call the portal with.
 */

// ---------------------------------------------------------------------------------------------------
// The event catalogue. A type's `data` only grows within a version: a field removed or changed in
// meaning is a new version, sent beside the old one until receivers have moved.

export const EVENT_VERSION = 1;

const userId = z.number().int().describe("The person's user id, as the members calls give it.");
const role = z.enum(MEMBER_ROLES);
const product = z.enum(PRODUCT_CODES as [ProductCode, ...ProductCode[]]);

const siteId = z.string().describe("The site's public id, `site_...`.");
const grantId = z.string().describe("The grant's public id, `sgr_...`.");
const deviceId = z.string().describe("The device's public id, `dev_...`.");
const company = z.object({ name: z.string(), domain: z.string() });
const accessRequestEvent = z.object({
  requestId: z.string().describe("The request's public id, `arq_...`."),
  siteId,
  owner: company,
  requester: company,
  template: z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]]),
  hours: z.number().int(),
});
const siteGrantEvent = z.object({
  grantId,
  siteId,
  /** The grant it was shared on from; null: the owner's. */
  parentGrantId: grantId.nullable(),
  grantor: company,
  grantee: company,
  template: z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]]),
  mayShare: z.boolean(),
  /** ISO 8601 */
  startsAt: z.string(),
  /** ISO 8601; null: open. */
  endsAt: z.string().nullable(),
});
const siteAssignmentEvent = z.object({
  assignmentId: z.number().int(),
  siteId,
  /** Null for an assignment of the owner's own people on its site. */
  grantId: grantId.nullable(),
  /** One of the two in the company the person or department belongs to; both null in the owner's copy
   *  of another company's assignment, where that company's ids mean nothing. */
  userId: userId.nullable(),
  departmentId: z.number().int().nullable(),
  template: z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]]),
  endsAt: z.string().nullable(),
});

/** Each event type and the shape of its `data`, version 1. */
export const eventDataSchemas = {
  'member.joined': z.object({
    userId,
    role,
    departmentId: z.number().int(),
    /** How: an administrator made the account, an invitation link was used, or the company was registered. */
    via: z.enum(['created', 'invitation', 'registration']),
  }),
  'member.left': z.object({ userId, role }),
  'member.role_changed': z.object({ userId, from: role, to: role }),
  'member.department_changed': z.object({ userId, from: z.number().int(), to: z.number().int() }),
  'department.created': z.object({
    departmentId: z.number().int(),
    name: z.string(),
    /** The department it is under; null at the top. */
    parentId: z.number().int().nullable(),
  }),
  'department.renamed': z.object({ departmentId: z.number().int(), from: z.string(), to: z.string() }),
  'department.deleted': z.object({
    departmentId: z.number().int(),
    name: z.string(),
    /** The departments under it, deleted with it. */
    subDepartmentIds: z.array(z.number().int()),
  }),
  'invitation.created': z.object({
    invitationId: z.number().int(),
    kind: z.enum(INVITATION_KINDS),
    departmentId: z.number().int().nullable(),
    maxUses: z.number().int(),
    /** ISO 8601 */
    expiresAt: z.string(),
  }),
  'invitation.used': z.object({ invitationId: z.number().int(), userId, uses: z.number().int() }),
  'invitation.revoked': z.object({ invitationId: z.number().int() }),
  'company.branding_changed': z.object({
    /** What changed: the names and language, or the icon. */
    part: z.enum(['names', 'icon']),
  }),
  'company.security_changed': z.object({ requireTwoStep: z.boolean() }),
  /** The longest access the company grants on request, in hours (docs/site-grants.md#the-owners-cap). */
  'company.access_request_cap_changed': z.object({ capHours: z.number().int() }),
  'company.product_rights_changed': z.object({
    /** The products the company holds now, and what this change added and took away. */
    products: z.array(product),
    added: z.array(product),
    removed: z.array(product),
  }),
  // Sites and their grants (docs/site-grants.md): each recorded in every company the change touches,
  // which names the others by domain; sites and grants by their public ids.
  'site.created': z.object({ siteId, name: z.string(), kind: z.enum(SITE_KINDS), products: z.array(product) }),
  'site.changed': z.object({
    siteId,
    /** The fields the change set: `name`, `kind`, `region`, `timeZone`, `ratedPowerKw`, `ratedEnergyKwh`, `productCodes`. */
    fields: z.array(z.string()),
  }),
  /** A retired site ends every grant on it: `endedGrants` are those that were live. */
  'site.retired': z.object({ siteId, endedGrants: z.array(grantId) }),
  'site_grant.created': siteGrantEvent,
  'site_grant.changed': siteGrantEvent,
  /**
   * A grant revoked by its grantor or the owner (`revoked`), or left by its holder (`left`): it and
   * every grant below it that was live (`endedGrants`, the revoked one first) are no longer in effect.
   */
  'site_grant.revoked': z.object({
    grantId,
    siteId,
    reason: z.enum(['revoked', 'left']),
    endedGrants: z.array(grantId),
  }),
  /** A grant's end passed: it and every grant below it that was live are no longer in effect. */
  'site_grant.expired': z.object({ grantId, siteId, endedGrants: z.array(grantId) }),
  /** The company's person or department given a grant (`grantId`) or, in the owner, one of its sites. */
  'site_grant.assigned': siteAssignmentEvent,
  'site_grant.unassigned': siteAssignmentEvent,
  // Gateways claimed into a site (docs/site-grants.md#gateways): in the owner and, when claimed
  // through a grant, in the company holding it
  'device.claimed': z.object({ deviceId, siteId, serial: z.string(), product, grantId: grantId.nullable() }),
  /** The gateway exchanged its claim for its own client. */
  'device.exchanged': z.object({ deviceId, siteId, serial: z.string(), clientId: z.string() }),
  /** Its client was disabled: un-claimed (`unclaimed`), its site retired (`site_retired`) or the grant
   *  it was claimed through ended (`grant_ended`). */
  'device.revoked': z.object({
    deviceId,
    siteId,
    serial: z.string(),
    reason: z.enum(['unclaimed', 'site_retired', 'grant_ended']),
  }),
  // The platform's support in the company, with its consent (docs/support-access.md)
  'support_access.granted': z.object({
    accessId: z.number().int(),
    grantedBy: userId,
    /** ISO 8601 */
    startsAt: z.string(),
    /** ISO 8601 */
    endsAt: z.string(),
    /** The sites it is limited to (`site_...`); empty: the whole company. */
    siteIds: z.array(siteId),
  }),
  /** A support person entered the company: they act in it, in their own name, until the window ends. */
  'support_access.entered': z.object({
    accessId: z.number().int(),
    supportUserId: userId,
    supportName: z.string(),
  }),
  /** The window ended: revoked early by the company, or at its end; the support's sessions end. */
  'support_access.ended': z.object({ accessId: z.number().int(), reason: z.enum(['revoked', 'expired']) }),
  /** A support person asked the company for a window (docs/support-access.md#requests); an approval
   *  is \`support_access.granted\`. */
  'support_access.requested': z.object({
    requestId: z.string(),
    supportUserId: userId,
    supportName: z.string(),
    hours: z.number().int(),
    /** The sites asked for (\`site_...\`); empty: the whole company. */
    siteIds: z.array(siteId),
    /** ISO 8601: it expires then if nobody decides. */
    expiresAt: z.string(),
  }),
  /** The company's administrator refused a support request. */
  'support_access.refused': z.object({ requestId: z.string(), supportUserId: userId, refusedBy: userId }),
  // Access to a site on request (docs/site-grants.md#requests-for-a-site): in the owner and in the
  // requesting company.
  'access_request.created': accessRequestEvent,
  /** Approved: `grantId` the grant it made, with its template and end (shorter or narrower than asked, maybe). */
  'access_request.approved': accessRequestEvent.extend({
    grantId,
    grantTemplate: z.enum(SITE_TEMPLATE_KEYS as [SiteRoleTemplate, ...SiteRoleTemplate[]]),
    endsAt: z.string(),
  }),
  'access_request.refused': accessRequestEvent,
  /** Nobody decided within its day: the request is closed, and the person may ask again. */
  'access_request.expired': accessRequestEvent,
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** One event, as a webhook's body and as an item of the feed. */
export const companyEventSchema = z.object({
  /** Unique and stable: a webhook sent again, or read again from the feed, has the same id (the
   *  `webhook-id` header too), so that a receiver can drop what it has already seen. */
  id: z.string(),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  version: z.number().int(),
  companyId: z.number().int(),
  /** ISO 8601, when the change was committed. */
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const EVENTS_PAGE_SIZE_DEFAULT = 50;
export const EVENTS_PAGE_SIZE_MAX = 200;

/** `GET S/enterprise/events?cursor=&pageSize=&type=`: oldest first, from where the cursor left off. */
export const companyEventsQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: z.coerce.number().int().min(1).max(EVENTS_PAGE_SIZE_MAX).default(EVENTS_PAGE_SIZE_DEFAULT),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]).optional(),
});
export type CompanyEventsQuery = z.infer<typeof companyEventsQuerySchema>;

/** A page of the feed. `nextCursor` is never null: the page after the newest event is empty until
 *  another happens, so a reader keeps the last cursor and asks again later. */
export const companyEventPageSchema = z.object({
  items: z.array(companyEventSchema),
  nextCursor: z.string(),
});
export type CompanyEventPage = z.infer<typeof companyEventPageSchema>;

// ---------------------------------------------------------------------------------------------------
// Webhook endpoints

export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 100;
/** How long the previous secret still signs beside the new one after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

const webhookUrlSchema = requestString({ trim: true })
  .max(WEBHOOK_URL_MAX_LENGTH, 'validation.invalidValue')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, 'validation.webhookUrl')
  .describe(
    'Where events are POSTed: an `https` URL (plain `http` only outside production), without credentials or fragment.',
  );

/** Which events an endpoint receives: at least one type. */
const eventTypesSchema = z
  .array(z.enum(EVENT_TYPES as [EventType, ...EventType[]]))
  .min(1)
  .max(EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

export const createWebhookRequestSchema = z.strictObject({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema,
  description: optionalUnlessBlank(requestString({ trim: true }).max(WEBHOOK_DESCRIPTION_MAX_LENGTH)),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** What is omitted stays; a blank description clears it; `enabled: true` also turns back on an
 *  endpoint the portal turned off. */
export const updateWebhookRequestSchema = z.strictObject({
  id: rowIdSchema,
  url: webhookUrlSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
  description: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    requestString({ trim: true }).max(WEBHOOK_DESCRIPTION_MAX_LENGTH).nullable().optional(),
  ),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

export const webhookIdRequestSchema = z.strictObject({ id: rowIdSchema });

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(EVENT_TYPES as [EventType, ...EventType[]])),
  /** `disabled`: by an administrator; `failing`: turned off by the portal after failing for days. */
  status: z.enum(['enabled', 'disabled', 'failing']),
  /** ISO 8601: since when every delivery has failed; null while they succeed. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** The signing secret (`whsec_...`), shown this once. */
export const webhookSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
  /** After a rotation: until when the previous secret still signs beside it (ISO 8601); else null. */
  previousSecretUntil: z.string().nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event sent (or being sent) to one endpoint. */
/** One try of a delivery, as the receiver met it. */
export const webhookDeliveryTrySchema = z.object({
  /** ISO 8601: when the try began. */
  at: z.string(),
  /** The endpoint's HTTP status; null when it did not answer (a timeout, a refused address). */
  status: z.number().int().nullable(),
  /** How long the endpoint took to answer, or the try to fail, in ms. */
  durationMs: z.number().int(),
  /** Why it failed, in a few words (never the answer's text); null for a success. */
  error: z.string().nullable(),
  /** ISO 8601: when the next try follows; null after a success, or when the delivery was given up. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryTry = z.infer<typeof webhookDeliveryTrySchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  /** `pending`: waiting for its next try; `failed`: given up (the dead letter), can be sent again. */
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The endpoint's HTTP status at the last try; null when it did not answer. */
  lastStatus: z.number().int().nullable(),
  /** Why the last try failed, in a few words (a timeout, a refused address); null after a success. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** ISO 8601: the last try; null before the first. */
  lastAttemptAt: z.string().nullable(),
  /** ISO 8601: the next try while pending. */
  nextAttemptAt: z.string().nullable(),
  /** Every try, oldest first. */
  tries: z.array(webhookDeliveryTrySchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const webhookDeliveriesQuerySchema = z.strictObject({
  id: z.coerce.number().int().positive(),
  cursor: cursorQuerySchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
});
export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: nextCursorSchema,
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const resendDeliveryRequestSchema = z.strictObject({ deliveryId: rowIdSchema });

// ---------------------------------------------------------------------------------------------------
// Company API keys

/**
 * What a key may do. `manage` includes reading. `sites.manage` creates, changes and retires the
 * company's own sites; it never shares them with another company, nor assigns people to them: a grant
 * gives another company's people a way into the company's plants, which a person with a fresh proof
 * decides (docs/integrations.md#what-no-scope-reaches).
 */
export const API_KEY_SCOPES = [
  'events.read',
  'members.read',
  'members.manage',
  'invitations.manage',
  'sites.read',
  'sites.manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX_LENGTH = 50;
export const API_KEY_MAX_DAYS = 366;
/** The start of every key, so that a leaked one is recognisable to secret scanners. */
export const API_KEY_PREFIX = 'pak_';

export const createApiKeyRequestSchema = z.strictObject({
  name: requestString({ trim: true }).min(1).max(API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .transform((scopes) => [...new Set(scopes)]),
  /** Days until it stops working, 1-366; absent: the longest. */
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_DAYS).optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The visible start of the key (`pak_` and a few characters), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whose key it is: the administrator who made it (the key ends when they stop being one); null
   *  for a deleted account. `account` is null for a person who signs in by phone or email only. */
  createdBy: z.object({ userId: z.number(), nickname: z.string(), account: z.string().nullable() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** The key itself, shown this once: only its hash is stored. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdRequestSchema = z.strictObject({ id: rowIdSchema });
