import type { Executor } from '../queries/executor.ts';

/** One message to one phone or email address, already in the recipient's language. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  /** Epoch ms after which the message is useless (a dead code): delivery stops trying then. */
  expiresAt?: number;
  /** `notice`: a security notification, which carries no code; `decoy`: the message of a code that
   *  nobody receives (a sign-in code for a phone without an account), written and taken like any other
   *  and sent to nobody, so that the request costs the same either way; a verification code otherwise. */
  purpose?: 'code' | 'notice' | 'decoy';
}

/** A caller's transaction, and how to wait for its commit. */
export interface Within {
  db: Executor;
  /** Keeps `run` until the transaction has committed; one rolled back never calls it. */
  afterCommit(run: () => void): void;
}

/** Every transport delivers through this; the libraries never know which one is configured. */
export interface Messenger {
  /** `within`: the caller's transaction, for the outbox, which writes the message in it (it exists
   *  exactly when the change does) and looks for it once it has committed; a transport, which sends,
   *  has nothing to do with it. */
  send(message: OutgoingMessage, within?: Within): Promise<void>;
  close?(): Promise<void>;
}
