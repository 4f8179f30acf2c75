import { generate } from 'otplib';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { call } from './http.ts';
import type { TestApp } from './test-app.ts';

const STEP_MS = 30_000;

/** The authenticator app's code for the server's clock, as the person's phone shows it. */
export const authenticatorCode = (t: TestApp, secret: string) =>
  generate({ secret, epoch: Math.floor(t.app.ctx.now() / 1000) });

/** Turns two-step sign-in on for the session's account, as the personal centre does; the clock then
 *  moves past the confirming code's step, so that the next code is accepted. */
export async function turnOnTwoStep(t: TestApp, token: string) {
  const setup = await call(t.app, contract.twoStepSetup, { token });
  expect(setup.code, setup.msg).toBe(0);
  const secret = setup.data.secret as string;
  const confirmed = await call(t.app, contract.twoStepConfirm, {
    token,
    body: { code: await authenticatorCode(t, secret) },
  });
  expect(confirmed.code, confirmed.msg).toBe(0);
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}
