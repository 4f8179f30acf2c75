import type { AppContext } from '../../context.ts';
import type { Messenger, OutgoingMessage, Within } from '../../messaging/messenger.ts';
import { forgetOutboxPayload } from '../../queries/outbox-messages.ts';
import { type OutboxRow, insertOutboxRows } from '../../queries/outbox.ts';
import { hashSecret, seal, unseal } from '../platform/secrets.ts';
import type { OutboxTopicHandler, OutboxWorker, TryOutcome } from './outbox-worker.ts';

/** Waits between tries of a message whose transport failed; a code lives 5 minutes. */
export const MESSAGE_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
/** What the delays add up to, with room for the tries themselves: a row still failing then (its
 *  payload unreadable, say) is given up rather than tried every minute for ever. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

/** The wait before the next try: the listed delay, jittered in its upper half (as `backoff` does) so
 *  that messages that failed together, a provider's outage, do not all come back in the same instant. */
export function messageRetryDelayMs(attempts: number): number {
  const delay = MESSAGE_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), MESSAGE_RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(delay / 2 + Math.random() * (delay / 2));
}

/**
 * Delivers messages through the outbox: `send` writes the message as an outbox row (sealed with
 * OUTBOX_SECRET, as it may hold a code) before the request that asked for it is answered, so a crash
 * or a deploy loses no message whose request was answered; the outbox's worker, in whichever server
 * process is up, hands it to its transport afterwards, with retries.
 *
 * The transport is called only by the worker, never by the request: the answer is the same whether
 * or not a message goes out, and whatever the provider does, since a slow or failing SMS provider or
 * SMTP server would otherwise tell an outsider which phones and emails have accounts. Delivery is at
 * least once: a process killed after a send and before writing it sends it again from another.
 */
export class OutboxMessenger implements Messenger {
  private readonly writing = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly worker: OutboxWorker,
    private readonly transport: Messenger,
  ) {
    worker.handle(this.handler());
  }

  /** Writes the message; in `within`, the caller's transaction, when given: the worker is woken once
   *  that has committed, when the row can be seen. */
  async send(message: OutgoingMessage, within?: Within): Promise<void> {
    const now = this.ctx.now();
    const write = insertOutboxRows(within?.db ?? this.ctx.db, [
      {
        topic: 'message',
        // one recipient's messages arrive in the order they were asked for (a change's notice before
        // the code asked for next); the address only as a hash, beside the sealed payload
        ordering_key: `to:${hashSecret(`${message.channel}:${message.to}`).slice(0, 32)}`,
        payload: seal(this.ctx.config.outboxSecret, JSON.stringify(message)),
        endpoint_id: null,
        event_id: null,
        next_at: now,
        created_at: now,
      },
    ]);
    // a notice is sent without being waited for: `idle` waits for its row to be written
    this.writing.add(write);
    try {
      await write;
    } finally {
      this.writing.delete(write);
    }
    if (within) within.afterCommit(() => this.worker.nudge());
    else this.worker.nudge();
  }

  /** Resolves once every message written so far and due has been tried (delivered, due again later,
   *  or given up). */
  async idle(): Promise<void> {
    while (this.writing.size) await Promise.allSettled([...this.writing]);
    await this.worker.idle();
  }

  /** Lets the sends in progress finish, then closes the transports; the messages not sent yet stay in
   *  the outbox for the next process. */
  async close(): Promise<void> {
    while (this.writing.size) await Promise.allSettled([...this.writing]);
    await this.worker.close();
    await this.transport.close?.();
  }

  private handler(): OutboxTopicHandler {
    const { ctx, transport } = this;
    return {
      topic: 'message',
      async attempt(row: OutboxRow): Promise<TryOutcome> {
        const message = JSON.parse(unseal(ctx.config.outboxSecret, row.payload, 'OUTBOX_SECRET')) as OutgoingMessage;
        if (message.purpose === 'decoy') return { ok: true };
        const now = ctx.now();
        // a code that died while nobody could send it (every process down) is of no use to anyone
        if (message.expiresAt !== undefined && now >= message.expiresAt) {
          return { ok: false, error: 'expired before it could be sent', permanent: true };
        }
        try {
          await transport.send(message);
        } catch (error) {
          ctx.metrics?.providerFailure(message.channel);
          // never the text in the error: it holds the code
          const delay = MESSAGE_RETRY_DELAYS_MS[row.attempts - 1];
          const last = delay === undefined || (message.expiresAt !== undefined && now + delay >= message.expiresAt);
          return { ok: false, error: String(error), permanent: last };
        }
        // the metric counts codes: security notifications carry none
        if (message.purpose !== 'notice') ctx.metrics?.codeSent(message.channel);
        return { ok: true };
      },
      retryDelayMs: messageRetryDelayMs,
      giveUpAfterMs: () => GIVE_UP_AFTER_MS,
      async after(row: OutboxRow, _outcome: TryOutcome, state: 'delivered' | 'retry' | 'dead'): Promise<void> {
        // sent or given up: the text (a code) is not kept at rest any longer than needed
        if (state !== 'retry') await forgetOutboxPayload(ctx.db, row.id);
      },
    };
  }
}
