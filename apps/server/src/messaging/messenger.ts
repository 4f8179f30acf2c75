/** One message to one phone or email address, already in the recipient's language. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  /** Epoch ms after which the message is useless (a dead code): delivery stops trying then. */
  expiresAt?: number;
  /** `notice`: a security notification, which carries no code; a verification code otherwise. */
  purpose?: 'code' | 'notice';
}

/** Every transport delivers through this; the libraries never know which one is configured. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}
