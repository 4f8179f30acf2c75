import type { LoginRequest } from '@portal/shared/api/auth';
import type { PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { signInCalls } from '../../lib/api-calls';
import { type OptionsOf, call } from '../../lib/api-client';

/** A password or a code: the session, or the ticket of the second step of two-step sign-in. */
export function signIn(body: LoginRequest, options?: OptionsOf<typeof signInCalls.login>) {
  return call(signInCalls.login, body, options);
}

/** The challenge of a passkey sign-in, without allowCredentials: the browser offers the passkeys it
 *  holds for the portal. */
export function passkeySignInOptions() {
  return call(signInCalls.passkeySignInOptions);
}

/** The browser's answer to the challenge, turned into a session as for a password. */
export function passkeySignIn(body: PasskeySignInRequest, options?: OptionsOf<typeof signInCalls.passkeySignIn>) {
  return call(signInCalls.passkeySignIn, body, options);
}
