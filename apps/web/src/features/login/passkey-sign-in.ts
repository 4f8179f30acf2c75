import { startAuthentication } from '@simplewebauthn/browser';
import type { PasskeySignInRequest } from '@portal/shared/api/passkeys';
import type { signInCalls } from '../../lib/api-calls';
import type { OptionsOf } from '../../lib/api-client';
import { passkeySignIn, passkeySignInOptions } from './sign-in-api';

/**
 * The passkey sign-in's ceremony, loaded only when the button is pressed (the sign-in screen's
 * JavaScript budget): the server's options (no allowCredentials: the browser offers the passkeys it
 * holds for the portal), the browser's own dialog, then the answer, which the server turns into a
 * session as for a password (`options` for the caller's handling of its refusals). The browser's
 * refusal (cancelled, timed out) rejects with its error.
 */
export async function signInWithPasskey(options: OptionsOf<typeof signInCalls.passkeySignIn> = {}) {
  const { challengeId, options: requestOptions } = await passkeySignInOptions();
  const response = await startAuthentication({
    optionsJSON: requestOptions as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  const body: PasskeySignInRequest = { challengeId, response: response as PasskeySignInRequest['response'] };
  return passkeySignIn(body, options);
}
