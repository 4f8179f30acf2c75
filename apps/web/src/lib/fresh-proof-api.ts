import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { personalCalls } from './api-calls';
import { type OptionsOf, call } from './api-client';

/** "Confirm it's you": the password, a code of the app or a passkey renews the session's proof. */
export function reauthenticate(body: ReauthenticateRequest, options?: OptionsOf<typeof personalCalls.reauthenticate>) {
  return call(personalCalls.reauthenticate, body, options);
}

/** The server's options of a passkey's proof: this account's passkeys, user verification required. */
export function reauthenticatePasskeyOptions() {
  return call(personalCalls.reauthenticatePasskeyOptions);
}
