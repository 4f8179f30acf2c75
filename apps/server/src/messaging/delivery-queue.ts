import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger, Metrics } from '../context.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';

/** Waits between tries of a message whose transport failed; a code lives 5 minutes. */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
/** Messages handed to the transports at once; the rest wait their turn. */
const CONCURRENCY = 8;

/**
 * Delivers messages after the request that asked for them has been answered, with retries.
 *
 * Answering first keeps the answer the same whether or not a message goes out, and whatever the
 * provider does: a slow or failing SMS provider or SMTP server would otherwise tell an outsider which
 * phones and emails have accounts. Queued messages are kept in memory only, because they carry codes
 * in plain text: a crash loses them, and the person asks for a new code after the cooldown.
 */
export class DeliveryQueue implements Messenger {
  private readonly waiting: OutgoingMessage[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly transport: Messenger,
    private readonly log: Logger,
    private readonly metrics?: Metrics,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (this.stopping.signal.aborted) {
      this.log.error({ channel: message.channel }, 'message dropped: the server is shutting down');
      return;
    }
    this.waiting.push(message);
    // the transport is called only after the current request has been answered
    setImmediate(() => this.pump());
  }

  /** Resolves once every queued message has been delivered or given up. */
  idle(): Promise<void> {
    if (!this.waiting.length && !this.running.size) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops retrying, lets the sends in progress finish, then closes the transports. */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
    if (this.waiting.length) this.log.error({ messages: this.waiting.length }, 'messages dropped at shutdown');
    this.waiting.length = 0;
    await this.transport.close?.();
  }

  private pump(): void {
    while (this.running.size < CONCURRENCY && this.waiting.length) {
      const job = this.deliver(this.waiting.shift()!).finally(() => {
        this.running.delete(job);
        this.pump();
      });
      this.running.add(job);
    }
    if (!this.waiting.length && !this.running.size) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async deliver(message: OutgoingMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.transport.send(message);
        // the metric counts codes: security notifications carry none
        if (message.purpose !== 'notice') this.metrics?.codeSent(message.channel);
        return;
      } catch (error) {
        this.metrics?.providerFailure(message.channel);
        const delay = RETRY_DELAYS_MS[attempt];
        const expired = message.expiresAt !== undefined && Date.now() + (delay ?? 0) >= message.expiresAt;
        // never the text: it holds the code
        const about = { channel: message.channel, attempt: attempt + 1, err: String(error) };
        if (delay === undefined || expired || this.stopping.signal.aborted) {
          this.log.error(about, 'message not delivered');
          return;
        }
        this.log.warn(about, 'message delivery failed, trying again');
        try {
          await sleep(delay, undefined, { signal: this.stopping.signal });
        } catch {
          this.log.error(about, 'message not delivered: the server is shutting down');
          return;
        }
      }
    }
  }
}
