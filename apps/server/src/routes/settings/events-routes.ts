import type { FastifyInstance } from 'fastify';
import { integrationCalls as calls } from '@portal/shared/api/contract/integrations';
import { listCompanyEvents } from '../../libraries/events/feed.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's events feed (settings centre and company API keys). */
export async function eventsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.companyEvents, ({ administrator, query }) => listCompanyEvents(ctx, administrator, query));
}
