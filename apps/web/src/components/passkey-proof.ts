import { startAuthentication } from '@simplewebauthn/browser';
import type { PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { reauthenticatePasskeyOptions } from '../lib/fresh-proof-api';

/**
 * The ceremony of proving it is you with a passkey, loaded on the first press of "Use a passkey"
 * (or just before, once the button shows): the server's options (`allowCredentials`: this account's
 * passkeys, user verification required), then the browser's own dialog. The answer is what
 * `reauthenticate` (or a product's step-up) takes as `passkey`. The server's refusals are the api
 * client's; the browser's (cancelled, timed out, no such passkey here) reject with its error.
 */
export async function passkeyProof(): Promise<PasskeySignInRequest> {
  const { challengeId, options } = await reauthenticatePasskeyOptions();
  // the shared schema's `type` is a plain string; WebAuthn knows only 'public-key'
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return { challengeId, response: response as PasskeySignInRequest['response'] };
}
