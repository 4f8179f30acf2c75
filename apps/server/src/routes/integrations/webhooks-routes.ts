import type { FastifyInstance } from 'fastify';
import type { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from '../../libraries/integrations/webhooks/endpoints.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's webhook endpoints and their deliveries (settings centre, tab "Webhooks"). */
export function webhooksHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    webhooks: ({ administrator }) => listWebhooks(ctx, administrator),
    createWebhook: ({ administrator, caller, body }) => createWebhook(ctx, administrator, caller.session, body),
    updateWebhook: ({ administrator, caller, body }) => updateWebhook(ctx, administrator, caller.session, body),
    deleteWebhook: ({ administrator, body }) => deleteWebhook(ctx, administrator, body.id),
    rotateWebhookSecret: ({ administrator, caller, body }) =>
      rotateWebhookSecret(ctx, administrator, caller.session, body.id),
    webhookDeliveries: ({ administrator, query }) => listWebhookDeliveries(ctx, administrator, query),
    resendWebhookDelivery: ({ administrator, body }) => resendWebhookDelivery(ctx, administrator, body.deliveryId),
  } satisfies Partial<Handlers<typeof calls>>;
}
