import nodemailer from 'nodemailer';
import type { Messenger, OutgoingMessage } from './messenger.ts';

export function createSmtpMailer(url: string, from: string): Messenger {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: OutgoingMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
