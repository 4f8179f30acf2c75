import type { Transporter } from 'nodemailer';
import type { Messenger, OutgoingMessage } from './messenger.ts';

export function createSmtpMailer(url: string, from: string): Messenger {
  // nodemailer is loaded with the first message rather than by every idle process
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send(message: OutgoingMessage) {
      await (await transportOf()).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
