import type { AppContext } from '../../context.ts';

const running = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Runs `work` once the current request has been answered (in the event loop's next check phase, after
 * the answer's write), for what the person need not wait for. It is never lost silently: a failure is
 * logged with `what`, and the app's close, like a test, waits for it (`answeredWorkDone`).
 */
export function afterAnswer(ctx: AppContext, what: string, work: () => Promise<void>): void {
  let works = running.get(ctx);
  if (!works) running.set(ctx, (works = new Set()));
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => ctx.log.error({ err: error }, `${what} failed after the answer`))
    .finally(() => works.delete(job));
  works.add(job);
}

/** Resolves once the work started after the answers so far has ended, with what it started in turn. */
export async function answeredWorkDone(ctx: AppContext): Promise<void> {
  const works = running.get(ctx);
  while (works?.size) await Promise.all(works);
}
