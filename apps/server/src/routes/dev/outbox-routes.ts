import { apiPaths } from '@portal/shared/api/paths';
import { envelopeSchema } from '@portal/shared/api/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DevOutbox } from '../../messaging/dev-outbox.ts';
import { ok } from '../../plugins/envelope.ts';

const outboxEntrySchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** When the outbox received it, ISO 8601. */
  at: z.string(),
});

/** Registered only when the development outbox is on (never with NODE_ENV=production). */
export async function outboxRoutes(app: FastifyInstance, options: { outbox: DevOutbox }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.devOutbox,
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the development outbox received for one phone or email, newest first',
        querystring: z.strictObject({ to: z.string().min(1) }),
        response: { 200: envelopeSchema(z.array(outboxEntrySchema)) },
      },
    },
    async (request) =>
      ok(
        options.outbox.list(
          request.query.to
            .trim()
            .toLowerCase()
            .replace(/^\+86(?=1[3-9]\d{9}$)/, ''),
        ),
      ),
  );
}
