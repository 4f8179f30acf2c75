import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  API_KEYS_MAX,
  API_KEY_SCOPES,
  EVENTS_PAGE_SIZE_DEFAULT,
  EVENTS_PAGE_SIZE_MAX,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  apiKeyIdRequestSchema,
  apiKeyListSchema,
  companyEventPageSchema,
  companyEventsQuerySchema,
  createApiKeyRequestSchema,
  createWebhookRequestSchema,
  createdApiKeySchema,
  resendDeliveryRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookEndpointSchema,
  webhookIdRequestSchema,
  webhookListSchema,
  webhookSecretSchema,
} from '../integrations.ts';
import { defineCall } from './define.ts';
import { COMPANY_SETTINGS_PREFIX as S } from './prefixes.ts';
import { ADMINISTRATOR_ONLY } from './settings.ts';

const FRESH_PROOF =
  'A credential is handed out: the session must have proved itself (password or two-step code) within the last minutes, else 1009166, and the web app asks for the proof and sends the call again.';

/**
 * The company's integrations (settings centre): webhook endpoints that receive its events, the
 * events feed, and API keys for its own systems. Documented in docs/integrations.md.
 */
export const integrationCalls = {
  companyEvents: defineCall({
    method: 'GET',
    path: `${S}/events`,
    audience: 'administrator',
    apiKey: 'events.read',
    tag: 'settings',
    summary: "The company's events after a cursor",
    description: `${ADMINISTRATOR_ONLY} Or a company API key with \`events.read\`. Oldest first, each as a webhook carries it (\`id\`, \`type\`, \`version\`, \`companyId\`, \`occurredAt\`, \`data\`). \`cursor\` is the \`nextCursor\` of the page before; absent: from the oldest event kept (events are kept as long as the audit log). \`nextCursor\` is never null: keep it and ask again later for what happened since. \`type\` keeps one event type. \`pageSize\` 1-${EVENTS_PAGE_SIZE_MAX} (default ${EVENTS_PAGE_SIZE_DEFAULT}). A cursor the server did not make answers 1000400 with \`fields.cursor\`.`,
    query: companyEventsQuerySchema,
    response: companyEventPageSchema,
    errors: [],
  }),

  webhooks: defineCall({
    method: 'GET',
    path: `${S}/webhooks`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The company's webhook endpoints",
    description: `${ADMINISTRATOR_ONLY} Oldest first; secrets are never shown again.`,
    response: webhookListSchema,
    errors: [],
  }),

  createWebhook: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/webhooks/create`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Add a webhook endpoint; answers its signing secret, once',
    description: `${ADMINISTRATOR_ONLY} ${FRESH_PROOF} At most ${WEBHOOK_ENDPOINTS_MAX} endpoints (1009190). The URL must be \`https\` in production, and neither it nor the address its host resolves to may be loopback, private, link-local or a cloud metadata address (1009191), unless the operator allows its host and port for the company (\`WEBHOOK_ALLOWED_HOSTS\`). Every event of the chosen types is POSTed to it, signed by the Standard Webhooks scheme with the secret answered here (\`whsec_...\`).`,
    body: createWebhookRequestSchema,
    response: webhookSecretSchema,
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.WebhookLimit, ErrorCode.WebhookAddressRefused],
  }),

  updateWebhook: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/webhooks/update`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Change a webhook endpoint, or turn it off or on',
    description: `${ADMINISTRATOR_ONLY} What is omitted stays; a blank or null \`description\` clears it. \`enabled: true\` also turns back on an endpoint the portal turned off after it failed for days; what was given up on meanwhile can be sent again from its deliveries. A new URL needs a fresh proof, as on creation (1009166), and is checked as on creation (1009191). 1000404 for an endpoint of another company.`,
    body: updateWebhookRequestSchema,
    response: webhookEndpointSchema,
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.NotFound, ErrorCode.WebhookAddressRefused],
  }),

  deleteWebhook: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/webhooks/delete`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Delete a webhook endpoint and its deliveries',
    description: `${ADMINISTRATOR_ONLY} Deliveries not yet made are dropped. 1000404 for an endpoint of another company.`,
    body: webhookIdRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  rotateWebhookSecret: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/webhooks/rotate-secret`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Give a webhook endpoint a new signing secret; answers it, once',
    description: `${ADMINISTRATOR_ONLY} ${FRESH_PROOF} For ${WEBHOOK_SECRET_OVERLAP_HOURS} hours each delivery carries two signatures, by the new secret and by the previous one, so that the receiver can switch without losing an event. 1000404 for an endpoint of another company.`,
    body: webhookIdRequestSchema,
    response: webhookSecretSchema,
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.NotFound],
  }),

  webhookDeliveries: defineCall({
    method: 'GET',
    path: `${S}/webhooks/deliveries`,
    audience: 'administrator',
    tag: 'settings',
    summary: "A page of a webhook endpoint's deliveries, newest first",
    description: `${ADMINISTRATOR_ONLY} Each event sent or to be sent to the endpoint: its state (\`pending\`, \`delivered\`, \`failed\` once given up), the endpoint's last HTTP status and the reason of the last failure, and every try, oldest first: when it began, the endpoint's HTTP status (null without an answer), how long it took, why it failed (never the answer's text) and when the next try follows. Kept as long as the audit log. Paged by cursor (\`nextCursor\` null after the last page). 1000404 for an endpoint of another company.`,
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveryPageSchema,
    errors: [ErrorCode.NotFound],
  }),

  resendWebhookDelivery: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/webhooks/deliveries/resend`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Send a delivery again',
    description: `${ADMINISTRATOR_ONLY} The same event, with the same \`webhook-id\`, is queued for the endpoint again as a new delivery (newly signed), first in the list. A delivery still pending is left as it is. 1000404 for a delivery of another company.`,
    body: resendDeliveryRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  apiKeys: defineCall({
    method: 'GET',
    path: `${S}/api-keys`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The company's API keys",
    description: `${ADMINISTRATOR_ONLY} Newest first, live, expired and revoked, each with its visible prefix, last use and \`createdBy\`, the administrator whose key it is (\`userId\`, \`nickname\`, \`account\`; null for a deleted account); the key itself is never shown again.`,
    response: apiKeyListSchema,
    errors: [],
  }),

  createApiKey: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/api-keys/create`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Make an API key for the company; answers the key, once',
    description: `${ADMINISTRATOR_ONLY} ${FRESH_PROOF} Scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')} (\`manage\` includes reading). At most ${API_KEYS_MAX} live keys (1009192). The key is sent as \`Authorization: Bearer pak_...\` to the calls that name its scope; any other call that reads a session answers 1009201. No scope reaches administrators, keys, webhooks, security or branding: \`members.manage\` manages members only (1009200). Its calls are rate limited per key and recorded in the audit log as the key. It ends when the administrator who made it is demoted or removed, or their account goes. The administrators are told by email, else by SMS.`,
    body: createApiKeyRequestSchema,
    response: createdApiKeySchema,
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.ApiKeyLimit],
  }),

  revokeApiKey: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/api-keys/revoke`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Revoke an API key',
    description: `${ADMINISTRATOR_ONLY} It stops working at once, in every server process. Revoking a revoked key changes nothing. 1000404 for a key of another company.`,
    body: apiKeyIdRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),
};
