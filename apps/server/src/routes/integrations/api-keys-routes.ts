import type { FastifyInstance } from 'fastify';
import type { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import { createApiKey, listApiKeys, revokeApiKey } from '../../libraries/integrations/api-keys.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's API keys (settings centre): made, listed and revoked by its administrators only. */
export function apiKeysHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    apiKeys: ({ administrator }) => listApiKeys(ctx, administrator),
    createApiKey: ({ administrator, caller, body }) => createApiKey(ctx, administrator, caller, body),
    revokeApiKey: ({ administrator, body }) => revokeApiKey(ctx, administrator, body.id),
  } satisfies Partial<Handlers<typeof calls>>;
}
