import type { FastifyInstance } from 'fastify';
import type { operationCalls as calls } from '@portal/shared/api/contract/operations';
import type { DevOutbox } from '../../messaging/dev-outbox.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Registered only when the development outbox is on (never with NODE_ENV=production). */
export function outboxHandlers(app: FastifyInstance, options: { outbox: DevOutbox }) {
  return {
    devOutbox: ({ query }) =>
      options.outbox.list(
        query.to
          .trim()
          .toLowerCase()
          .replace(/^\+86(?=1[3-9]\d{9}$)/, ''),
      ),
  } satisfies Partial<Handlers<typeof calls>>;
}
