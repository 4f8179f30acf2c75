import type { Transporter } from 'nodemailer';
import type { Messenger, OutgoingMessage } from './messenger.ts';

/** A try ends well within the outbox's lease (a minute): one still waiting on a silent server when the
 *  lease ends would be taken again beside it, and the message sent twice. nodemailer waits minutes by
 *  default (2 to connect, 10 on a quiet socket). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSmtpMailer(url: string, from: string): Messenger {
  // nodemailer is loaded with the first message rather than by every idle process
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= Promise.all([import('nodemailer'), import('nodemailer/lib/smtp-transport/index.js')]).then(
      // the SMTP transport itself: createTransport keeps only what a URL says and drops other options
      ([{ default: nodemailer }, { default: SmtpTransport }]) =>
        nodemailer.createTransport(new SmtpTransport({ ...TIMEOUTS, url })),
    ));
  return {
    async send(message: OutgoingMessage) {
      await (await transportOf()).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
