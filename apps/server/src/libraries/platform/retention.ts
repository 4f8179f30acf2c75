import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import {
  deleteAuditEventsBefore,
  deleteCodesExpiredBefore,
  deleteDeviceClaimsExpiredBefore,
  deleteDevicePollsExpiredBefore,
  deleteApiKeysEndedBefore,
  deleteEventsBefore,
  deleteOpenidGrantLinksExpiredBefore,
  deleteOpenidModelsExpiredBefore,
  deleteOutboxDoneBefore,
  deleteProofOfWorkChallengesExpiredBefore,
  deleteRateEventsBefore,
  deleteSessionsExpiredBefore,
  deleteSessionsRevokedBefore,
  deleteSignInWaitsBefore,
  deleteTicketsExpiredBefore,
  deleteTwoStepChallengesExpiredBefore,
  deleteUsedWebauthnChallenges,
  deleteWebauthnChallengesExpiredBy,
  releasePurgeLock,
  tryPurgeLock,
} from '../../queries/retention.ts';

const DAY = 86_400_000;

/** Rows per delete statement at most: a few milliseconds of SQLite's write lock, far from PostgreSQL's
 *  statement timeout, however large the backlog. */
export const PURGE_BATCH_ROWS = 2_000;
/** A batch that takes longer than this halves the next one, down to MIN_BATCH_ROWS; one well under it
 *  doubles the next, up to PURGE_BATCH_ROWS. A table slow to delete from (many indexes, its pages out
 *  of the cache, a busy machine) then still holds the lock only briefly. */
const BATCH_TARGET_MS = 20;
const MIN_BATCH_ROWS = 100;

export interface Purged {
  rateEvents: number;
  signInWaits: number;
  auditEvents: number;
  /** The companies' events, kept as long as the audit log. */
  events: number;
  /** Outbox rows done with (delivered or given up on), kept as long as the audit log: a webhook's
   *  row is its delivery in the endpoint's log. */
  outbox: number;
  /** Company API keys that ended (revoked or expired) longer ago than the audit retention. */
  apiKeys: number;
  sessions: number;
  tickets: number;
  codes: number;
  webauthnChallenges: number;
  twoStepChallenges: number;
  proofOfWorkChallenges: number;
  /** The OpenID provider's expired sessions, interactions, codes, tokens and grants, and their links. */
  openidModels: number;
  /** Device codes' polling state and gateways' claim credentials past their end. */
  devices: number;
}

/** What one run deleted, and in how many statements; `skipped` when another process was purging. */
export interface PurgeRun extends Purged {
  batches: number;
  skipped: boolean;
}

export interface PurgeOptions {
  /** Awaited after each batch, once the purge has yielded to other work: a progress report. */
  afterBatch?: (table: keyof Purged, rows: number) => void | Promise<void>;
}

/**
 * Deletes what has outlived its use: throttling events past the longest window (a day), runs of
 * sign-in failures idle for a day, codes and tickets a day after they expired, passkey challenges as
 * soon as they expired or were used (anyone may ask for one, unsigned in), proof-of-work challenges
 * once expired, the OpenID provider's models and grant links once expired, sessions after their
 * configured retention, and audit events, company events, the outbox rows done with and the API keys
 * that ended after the audit retention.
 *
 * It deletes in batches of up to PURGE_BATCH_ROWS until nothing is left, each batch its own statement (on
 * SQLite its own short transaction), and yields to the event loop between them, so that a backlog of
 * millions is caught up in one run while requests keep being answered. On PostgreSQL only one process
 * purges at a time: the others skip their run and leave it to the one that is at it.
 */
export async function purgeExpired(ctx: AppContext, options: PurgeOptions = {}): Promise<PurgeRun> {
  // SQLite is one process, and its one connection must stay free for requests between the batches
  if (ctx.engine !== 'postgres') return sweep(ctx, ctx.db, options);
  // the advisory lock belongs to a connection: the whole run keeps the one that holds it
  return ctx.db.connection().execute(async (db) => {
    if (!(await tryPurgeLock(db))) return { ...nothingPurged(), batches: 0, skipped: true };
    try {
      return await sweep(ctx, db, options);
    } finally {
      await releasePurgeLock(db);
    }
  });
}

async function sweep(ctx: AppContext, db: Executor, options: PurgeOptions): Promise<PurgeRun> {
  const now = ctx.now();
  const { auditRetentionDays, sessionRetentionDays } = ctx.config;
  const sessionsBefore = now - sessionRetentionDays * DAY;
  const auditBefore = now - auditRetentionDays * DAY;
  const steps: [keyof Purged, (limit: number) => Promise<number>][] = [
    ['rateEvents', (limit) => deleteRateEventsBefore(db, now - DAY, limit)],
    ['signInWaits', (limit) => deleteSignInWaitsBefore(db, now - DAY, now, limit)],
    ['auditEvents', (limit) => deleteAuditEventsBefore(db, auditBefore, limit)],
    // the deliveries before their events: a delivery in a log keeps its event to show or send again
    ['outbox', (limit) => deleteOutboxDoneBefore(db, auditBefore, limit)],
    ['events', (limit) => deleteEventsBefore(db, auditBefore, limit)],
    ['apiKeys', (limit) => deleteApiKeysEndedBefore(db, auditBefore, limit)],
    ['sessions', (limit) => deleteSessionsExpiredBefore(db, sessionsBefore, limit)],
    ['sessions', (limit) => deleteSessionsRevokedBefore(db, sessionsBefore, limit)],
    ['tickets', (limit) => deleteTicketsExpiredBefore(db, now - DAY, limit)],
    ['codes', (limit) => deleteCodesExpiredBefore(db, now - DAY, limit)],
    ['webauthnChallenges', (limit) => deleteWebauthnChallengesExpiredBy(db, now, limit)],
    ['webauthnChallenges', (limit) => deleteUsedWebauthnChallenges(db, limit)],
    ['twoStepChallenges', (limit) => deleteTwoStepChallengesExpiredBefore(db, now - DAY, limit)],
    ['proofOfWorkChallenges', (limit) => deleteProofOfWorkChallengesExpiredBefore(db, now, limit)],
    ['openidModels', (limit) => deleteOpenidModelsExpiredBefore(db, now, limit)],
    ['openidModels', (limit) => deleteOpenidGrantLinksExpiredBefore(db, now, limit)],
    ['devices', (limit) => deleteDevicePollsExpiredBefore(db, now, limit)],
    ['devices', (limit) => deleteDeviceClaimsExpiredBefore(db, now, limit)],
  ];
  const purged = nothingPurged();
  let batches = 0;
  for (const [table, step] of steps) {
    // each table starts small and grows while its batches stay quick
    let limit = PURGE_BATCH_ROWS / 4;
    for (;;) {
      const started = performance.now();
      const rows = await step(limit);
      const took = performance.now() - started;
      purged[table] += rows;
      batches += 1;
      // requests that arrived during the batch are served before the next one
      await nextTurn();
      await options.afterBatch?.(table, rows);
      if (rows < limit) break;
      if (took > BATCH_TARGET_MS) limit = Math.max(MIN_BATCH_ROWS, Math.floor(limit / 2));
      else if (took < BATCH_TARGET_MS / 2) limit = Math.min(PURGE_BATCH_ROWS, limit * 2);
    }
  }
  return { ...purged, batches, skipped: false };
}

function nothingPurged(): Purged {
  return {
    rateEvents: 0,
    signInWaits: 0,
    auditEvents: 0,
    events: 0,
    outbox: 0,
    apiKeys: 0,
    sessions: 0,
    tickets: 0,
    codes: 0,
    webauthnChallenges: 0,
    twoStepChallenges: 0,
    proofOfWorkChallenges: 0,
    openidModels: 0,
    devices: 0,
  };
}

/**
 * Runs the purge every `intervalMinutes` while the app is up; the timer never keeps the process alive.
 * A run that outlasts the interval (a large backlog) is not started a second time beside itself.
 */
export function schedulePurge(ctx: AppContext, intervalMinutes: number): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeExpired(ctx)
      .then(
        (run) =>
          run.skipped
            ? ctx.log.info('purge skipped: another server process is purging')
            : ctx.log.info({ purged: run }, 'expired rows purged'),
        (error: unknown) => ctx.log.warn({ err: error }, 'purge failed; it runs again at the next interval'),
      )
      .finally(() => (running = false));
  }, intervalMinutes * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
