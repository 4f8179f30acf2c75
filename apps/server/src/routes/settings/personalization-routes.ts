import type { FastifyInstance } from 'fastify';

/** Company branding: the personalization query and the icon it points to. */
export async function personalizationRoutes(_app: FastifyInstance) {}
