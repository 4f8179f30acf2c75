import { signInCalls } from '../../lib/api-calls';
import { type OptionsOf, call } from '../../lib/api-client';
import type { RequestOf } from '../../lib/call-view';

/** The second step of a sign-in: the first step's ticket and a code of the app or a recovery code. */
export function signInTwoStep(
  body: RequestOf<typeof signInCalls.loginTwoStep>,
  options?: OptionsOf<typeof signInCalls.loginTwoStep>,
) {
  return call(signInCalls.loginTwoStep, body, options);
}
