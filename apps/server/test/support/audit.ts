import type { FastifyInstance } from 'fastify';

/** The audit events of one person and action, oldest first, as the log keeps them. */
export function auditEventsOf(app: FastifyInstance, userId: number, action: string) {
  return app.ctx.db
    .selectFrom('audit_events')
    .select(['detail', 'enterprise_id'])
    .where('user_id', '=', userId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}
