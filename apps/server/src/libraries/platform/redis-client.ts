import { Redis } from 'ioredis';

/** The longest a Redis command may take: a stalled Redis then fails a request within a fraction of
 *  its bound (1000503), instead of holding it until the deadline. Each request makes a few commands. */
const COMMAND_TIMEOUT_MS = 2_000;
const SHARE_OF_REQUEST_TIMEOUT = 1 / 4;

/**
 * The client of the shared store of short-lived state. Every command has a time limit, also while it
 * waits in ioredis's queue for a connection being re-established, and is tried again on one new
 * connection at most: a stalled or unreachable Redis makes commands fail promptly instead of piling up.
 */
export function createRedisClient(url: string, requestTimeoutMs: number): Redis {
  const commandTimeout = Math.round(Math.min(COMMAND_TIMEOUT_MS, requestTimeoutMs * SHARE_OF_REQUEST_TIMEOUT));
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    commandTimeout,
    // a connection attempt into a black hole is given up on as soon as a command would be
    connectTimeout: commandTimeout,
  });
}
