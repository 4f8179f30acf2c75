import type { FastifyInstance } from 'fastify';
import { operationCalls as calls } from '@portal/shared/api/contract/operations';
import type { DevOutbox } from '../../messaging/dev-outbox.ts';
import { serve } from '../../plugins/calls.ts';

/** Registered only when the development outbox is on (never with NODE_ENV=production). */
export async function outboxRoutes(app: FastifyInstance, options: { outbox: DevOutbox }) {
  serve(app, calls.devOutbox, ({ query }) =>
    options.outbox.list(
      query.to
        .trim()
        .toLowerCase()
        .replace(/^\+86(?=1[3-9]\d{9}$)/, ''),
    ),
  );
}
