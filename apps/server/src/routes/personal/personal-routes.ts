import type { FastifyInstance } from 'fastify';

/** Personal centre (A), language, phone certification, password rights and password recovery (F). */
export async function personalRoutes(_app: FastifyInstance) {}
