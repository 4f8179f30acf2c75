import type { FastifyInstance } from 'fastify';
import type { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import { listCompanyEvents } from '../../libraries/integrations/events/feed.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's events feed (settings centre and company API keys). */
export function eventsHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    companyEvents: ({ administrator, query }) => listCompanyEvents(ctx, administrator, query),
  } satisfies Partial<Handlers<typeof calls>>;
}
