import type { Messenger, OutgoingMessage } from './messenger.ts';

/** Sends each message by the transport of its channel; the dev outbox, when on, receives everything
 *  that has no real transport. */
export function routeMessages(transports: {
  sms: Messenger | null;
  email: Messenger | null;
  fallback: Messenger | null;
}): Messenger {
  const pick = (m: OutgoingMessage) => (m.channel === 'sms' ? transports.sms : transports.email) ?? transports.fallback;
  return {
    async send(message) {
      const transport = pick(message);
      if (!transport) throw new Error(`no transport configured for ${message.channel}`);
      await transport.send(message);
    },
    async close() {
      await Promise.all([transports.sms?.close?.(), transports.email?.close?.()]);
    },
  };
}
