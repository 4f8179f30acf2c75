import { z } from 'zod';
import { defineCall } from './define.ts';
import { API_PREFIX } from './prefixes.ts';

/** A probe answers within this, well inside the usual probe timeouts of orchestrators and balancers. */
export const PROBE_TIMEOUT_MS = 2_000;

const dependencyState = z.enum(['up', 'down']);

export const readinessSchema = z.object({
  database: dependencyState,
  /** `none` without REDIS_URL. */
  redis: z.enum(['up', 'down', 'none']),
});

export const outboxEntrySchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** When the outbox received it, ISO 8601. */
  at: z.string(),
});

/**
 * Probes for orchestrators and load balancers (asked every few seconds, so outside the request rate,
 * without a session, and never answered by the web app), and the development outbox.
 */
export const operationCalls = {
  health: defineCall({
    method: 'GET',
    path: '/healthz',
    audience: 'operator',
    unthrottled: true,
    tag: 'operations',
    summary: 'Liveness: the process runs and answers',
    response: z.object({ status: z.literal('alive') }),
    errors: [],
  }),

  readiness: defineCall({
    method: 'GET',
    path: '/readyz',
    audience: 'operator',
    unthrottled: true,
    tag: 'operations',
    summary: 'Readiness: the database answers, and Redis when REDIS_URL is set',
    description: `1000503 (HTTP 503) with the same \`data\` when one of them does not answer within ${PROBE_TIMEOUT_MS / 1000} s, and while the server shuts down.`,
    response: readinessSchema,
    errors: [],
  }),

  /** Served only when the development outbox is on (never with NODE_ENV=production). */
  devOutbox: defineCall({
    method: 'GET',
    path: `${API_PREFIX}/dev/outbox`,
    audience: 'operator',
    tag: 'development',
    summary: 'Messages the development outbox received for one phone or email, newest first',
    query: z.strictObject({ to: z.string().min(1) }),
    response: z.array(outboxEntrySchema),
    errors: [],
  }),
};
