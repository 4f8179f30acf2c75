import type { FastifyInstance } from 'fastify';

/** Invitations (referral info) and the registration calls. */
export async function registrationRoutes(_app: FastifyInstance) {}
