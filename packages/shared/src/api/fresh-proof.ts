import { z } from 'zod';
import { signInPasswordSchema } from '../validation/rules.ts';
import { passkeySignInRequestSchema } from './passkeys.ts';
import { twoStepCodeSchema } from './two-step.ts';

/**
 * Sensitive changes of an account (adding a passkey, a new phone, email or password, two-step sign-in
 * on or off, signing out everywhere) need a fresh proof that the person is at the keyboard: a session
 * borrowed for a moment must not plant a lasting way in.
 */

/** How long a proof stays fresh: the sign-in that opened the session, or the last `reauthenticate`. */
export const FRESH_PROOF_MINUTES = 10;

/** Passkeys added this recently are offered for removal after a password change or signing out everywhere:
 *  a borrowed session may have planted one. */
export const RECENT_PASSKEY_DAYS = 7;

/** `POST F/personal/reauthenticate`: the password, or a code of the authenticator app or a recovery code
 *  when two-step sign-in is on, or a passkey of the account (the answer to the challenge of
 *  `POST F/personal/reauthenticate/passkey-options`); the person chooses. */
export const reauthenticateRequestSchema = z.union([
  z.strictObject({ password: signInPasswordSchema }),
  z.strictObject({ code: twoStepCodeSchema }),
  z.strictObject({ passkey: passkeySignInRequestSchema }),
]);
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequestSchema>;

/** A passkey added within RECENT_PASSKEY_DAYS; `createdAt` is ISO 8601. */
export const recentPasskeySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  createdAt: z.string(),
});
export type RecentPasskey = z.infer<typeof recentPasskeySchema>;

/** Part of the answers of a password change and of signing out everywhere, oldest first. */
export const recentPasskeysSchema = z.array(recentPasskeySchema);
