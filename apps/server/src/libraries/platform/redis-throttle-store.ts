import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimit, Reservation, SignInTry, ThrottleStore, WaitRule } from './throttle-store.ts';

/** A sorted set per limit (score: the event's time), trimmed to its window; all limits or none. */
const RESERVE = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[1 + 2 * i])
  local max = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= max then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return {i, tonumber(oldest[2]) + window - now}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, ARGV[1 + 2 * i])
end
return {0, 0}
`;

/** A hash per subject: the run of failures and the wait it earned; a waiting subject is refused. */
const SIGN_IN_TRY = `
local now = tonumber(ARGV[1])
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'waitUntil') or '0')
if waitUntil > now then return {0, waitUntil - now} end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[2])
if failures > free then
  redis.call('HSET', KEYS[1], 'waitUntil', now + math.min(2 ^ (failures - free - 1) * 1000, tonumber(ARGV[3])))
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, failures}
`;

/** What ioredis rejects a command with when Redis is out of reach (after its retries, or on a closed
 *  connection) or does not answer within the command timeout (libraries/platform/redis-client.ts). */
const UNAVAILABLE_MESSAGES = new Set(['Connection is closed.', 'Command timed out']);

/** Whether an error is Redis being out of reach or too slow. */
export function isRedisUnavailable(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'MaxRetriesPerRequestError' || UNAVAILABLE_MESSAGES.has(error.message))
  );
}

/** A run of failures is forgotten a day after its last failure, as the database store's purge does. */
export const SIGN_IN_MEMORY_MS = 24 * 3_600_000;

export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  const limitKey = (l: RateLimit) => `${prefix}rate:${l.bucket}:${l.windowMs}:${l.subject}`;
  const signInKey = (subject: string) => `${prefix}sign-in:${subject}`;
  return {
    async reserve(limits, now): Promise<Reservation> {
      const member = randomUUID();
      const keys = limits.map(limitKey);
      const args = [now, member, ...limits.flatMap((l) => [l.windowMs, l.max])];
      const [refusedAt, retryAfterMs] = (await redis.eval(RESERVE, keys.length, ...keys, ...args)) as [number, number];
      if (refusedAt > 0) return { granted: false, refused: limits[refusedAt - 1]!, retryAfterMs };
      return {
        granted: true,
        release: async () => {
          await Promise.all(keys.map((key) => redis.zrem(key, member)));
        },
      };
    },
    async reserveSignInTry(subject, rule: WaitRule, now): Promise<SignInTry> {
      const [granted, value] = (await redis.eval(
        SIGN_IN_TRY,
        1,
        signInKey(subject),
        now,
        rule.freeFailures,
        rule.maxWaitMs,
        SIGN_IN_MEMORY_MS,
      )) as [number, number];
      return granted ? { granted: true } : { granted: false, retryAfterMs: value };
    },
    async clearSignInFailures(subject) {
      await redis.del(signInKey(subject));
    },
  };
}
