import type { PasskeySignInOptions, PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { apiPaths } from '@portal/shared/api/paths';
import { startAuthentication } from '@simplewebauthn/browser';
import { type CallOptions, apiClient } from '../../lib/api-client';

/**
 * The passkey sign-in's ceremony, loaded only when the button is pressed (the sign-in screen's
 * JavaScript budget): the server's options (no allowCredentials: the browser offers the passkeys it
 * holds for the portal), the browser's own dialog, then the answer, which the server turns into a
 * session as for a password (`call` for the caller's handling of its refusals). The browser's refusal
 * (cancelled, timed out) rejects with its error.
 */
export async function signInWithPasskey(call: CallOptions = {}): Promise<{ token: string; expiresAt: string }> {
  const { challengeId, options } = await apiClient.post<PasskeySignInOptions>(apiPaths.passkeySignInOptions);
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  const body: PasskeySignInRequest = { challengeId, response: response as PasskeySignInRequest['response'] };
  // a session, as a password's: a passkey never asks for a two-step code
  return apiClient.post<{ token: string; expiresAt: string }>(apiPaths.passkeySignIn, body, call);
}
