import type { FastifyInstance } from 'fastify';
import { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import { createApiKey, listApiKeys, revokeApiKey } from '../../libraries/api-keys.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's API keys (settings centre): made, listed and revoked by its administrators only. */
export async function apiKeysRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.apiKeys, ({ administrator }) => listApiKeys(ctx, administrator));

  serve(app, calls.createApiKey, ({ administrator, caller, body }) => createApiKey(ctx, administrator, caller, body));

  serve(app, calls.revokeApiKey, ({ administrator, body }) => revokeApiKey(ctx, administrator, body.id));
}
