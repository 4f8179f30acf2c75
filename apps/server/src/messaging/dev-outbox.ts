import type { Logger } from '../context.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';

export interface OutboxEntry extends OutgoingMessage {
  at: string;
}

/** Development transport: messages go to the log and stay readable at `GET /api/dev/outbox?to=`.
 *  Never constructed with NODE_ENV=production (config refuses it). */
export class DevOutbox implements Messenger {
  private readonly entries: OutboxEntry[] = [];
  constructor(private readonly log: Logger) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.entries.push({ ...message, at: new Date().toISOString() });
    if (this.entries.length > 1000) this.entries.shift();
    this.log.info({ outbox: { channel: message.channel, to: message.to } }, `[dev outbox] ${message.text}`);
  }

  /** Newest first. */
  list(to: string): OutboxEntry[] {
    return this.entries.filter((e) => e.to === to).reverse();
  }
}
