import type { AppContext } from '../../context.ts';
import { endPassedSupportAccess } from './support-access.ts';
import { expirePassedSupportRequests } from './support-requests.ts';

/** How often each server looks for windows past their end: their sessions end within it. */
export const SUPPORT_SWEEP_MS = 1_000;

/** Every server sweeps the windows past their end once a second, and the support requests past
 *  their day. */
export function scheduleSupportSweep(ctx: AppContext): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    endPassedSupportAccess(ctx)
      .then(() => expirePassedSupportRequests(ctx))
      .catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'ending passed support windows or requests failed; retried'),
      )
      .finally(() => (running = false));
  }, SUPPORT_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
