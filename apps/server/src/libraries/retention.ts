import type { AppContext } from '../context.ts';
import { deleteGrantLinksExpiredBefore, deleteModelsExpiredBefore } from '../queries/openid.ts';
import { deleteDeadWebauthnChallenges } from '../queries/passkeys.ts';
import { deleteProofOfWorkChallengesExpiredBefore } from '../queries/proof-of-work.ts';
import { deleteRateEventsBefore } from '../queries/rate-events.ts';
import {
  deleteAuditEventsBefore,
  deleteCodesExpiredBefore,
  deleteSessionsEndedBefore,
  deleteTicketsExpiredBefore,
} from '../queries/retention.ts';
import { deleteSignInWaitsBefore } from '../queries/sign-in-waits.ts';
import { deleteTwoStepChallengesExpiredBefore } from '../queries/two-step.ts';

const DAY = 86_400_000;

export interface Purged {
  rateEvents: number;
  signInWaits: number;
  auditEvents: number;
  sessions: number;
  tickets: number;
  codes: number;
  webauthnChallenges: number;
  twoStepChallenges: number;
  proofOfWorkChallenges: number;
  /** The OpenID provider's expired sessions, interactions, codes, tokens and grants, and their links. */
  openidModels: number;
}

/**
 * Deletes what has outlived its use: throttling events past the longest window (a day), runs of
 * sign-in failures idle for a day, codes and tickets a day after they expired, passkey challenges as
 * soon as they expired or were used (anyone may ask for one, unsigned in), proof-of-work challenges
 * once expired, the OpenID provider's models and grant links once expired, sessions and audit events
 * after their configured retention. Idempotent, so every server process may run it.
 */
export async function purgeExpired(ctx: AppContext): Promise<Purged> {
  const now = ctx.now();
  const { auditRetentionDays, sessionRetentionDays } = ctx.config;
  return {
    rateEvents: await deleteRateEventsBefore(ctx.db, now - DAY),
    signInWaits: await deleteSignInWaitsBefore(ctx.db, now - DAY, now),
    auditEvents: await deleteAuditEventsBefore(ctx.db, now - auditRetentionDays * DAY),
    sessions: await deleteSessionsEndedBefore(ctx.db, now - sessionRetentionDays * DAY),
    tickets: await deleteTicketsExpiredBefore(ctx.db, now - DAY),
    codes: await deleteCodesExpiredBefore(ctx.db, now - DAY),
    webauthnChallenges: await deleteDeadWebauthnChallenges(ctx.db, now),
    twoStepChallenges: await deleteTwoStepChallengesExpiredBefore(ctx.db, now - DAY),
    proofOfWorkChallenges: await deleteProofOfWorkChallengesExpiredBefore(ctx.db, now),
    openidModels: (await deleteModelsExpiredBefore(ctx.db, now)) + (await deleteGrantLinksExpiredBefore(ctx.db, now)),
  };
}

/** Runs the purge every `intervalMinutes` while the app is up; the timer never keeps the process alive. */
export function schedulePurge(ctx: AppContext, intervalMinutes: number): { stop(): void } {
  const timer = setInterval(() => {
    purgeExpired(ctx).then(
      (purged) => ctx.log.info({ purged }, 'expired rows purged'),
      (error: unknown) => ctx.log.warn({ err: error }, 'purge failed; it runs again at the next interval'),
    );
  }, intervalMinutes * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
