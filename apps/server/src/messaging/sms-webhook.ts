import type { Messenger, OutgoingMessage } from './messenger.ts';

/** SMS through an HTTP provider: a JSON POST with the number and the localised text. */
export function createSmsWebhook(url: string): Messenger {
  return {
    async send(message: OutgoingMessage) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
  };
}
