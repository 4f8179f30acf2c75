import type { FastifyInstance } from 'fastify';
import { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from '../../libraries/webhooks/endpoints.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's webhook endpoints and their deliveries (settings centre, tab "Webhooks"). */
export async function webhooksRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.webhooks, ({ administrator }) => listWebhooks(ctx, administrator));

  serve(app, calls.createWebhook, ({ administrator, caller, body }) =>
    createWebhook(ctx, administrator, caller.session, body),
  );

  serve(app, calls.updateWebhook, ({ administrator, caller, body }) =>
    updateWebhook(ctx, administrator, caller.session, body),
  );

  serve(app, calls.deleteWebhook, ({ administrator, body }) => deleteWebhook(ctx, administrator, body.id));

  serve(app, calls.rotateWebhookSecret, ({ administrator, caller, body }) =>
    rotateWebhookSecret(ctx, administrator, caller.session, body.id),
  );

  serve(app, calls.webhookDeliveries, ({ administrator, query }) => listWebhookDeliveries(ctx, administrator, query));

  serve(app, calls.resendWebhookDelivery, ({ administrator, body }) =>
    resendWebhookDelivery(ctx, administrator, body.deliveryId),
  );
}
