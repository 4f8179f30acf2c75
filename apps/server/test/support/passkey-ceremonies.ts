import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { call } from './http.ts';
import {
  type CeremonyOptions,
  type SoftwareCredential,
  createCredential,
  signInResponse,
} from './software-authenticator.ts';

/** Registers a passkey through the calls, as the personal centre does; answers the passkey and its credential. */
export async function registerPasskey(
  app: FastifyInstance,
  token: string,
  options: { name?: string; ceremony?: CeremonyOptions & { counter?: number | null; id?: Buffer } } = {},
) {
  const started = await call(app, contract.passkeyRegistrationOptions, { token });
  expect(started.code, started.msg).toBe(0);
  const { credential, response } = createCredential(started.data, options.ceremony);
  const body = options.name === undefined ? { response } : { response, name: options.name };
  const reply = await call(app, contract.addPasskey, { token, body });
  return { reply, credential, options: started.data };
}

/** A passkey sign-in as the sign-in page makes it: options, then the authenticator's answer. */
export async function signInWithPasskey(
  app: FastifyInstance,
  credential: SoftwareCredential,
  ceremony: CeremonyOptions & { counter?: number } = {},
  ip?: string,
) {
  const started = await call(app, contract.passkeySignInOptions, ip ? { ip } : {});
  expect(started.code, started.msg).toBe(0);
  const { challengeId } = started.data;
  const response = signInResponse(credential, started.data.options.challenge, ceremony);
  return call(app, contract.passkeySignIn, { body: { challengeId, response }, ...(ip ? { ip } : {}) });
}

/** A fresh proof by passkey as the "Confirm it's you" dialog makes it: the options of the session's
 *  account, then the authenticator's answer, as the body of `reauthenticate`. */
export async function passkeyProof(
  app: FastifyInstance,
  token: string,
  credential: SoftwareCredential,
  ceremony: CeremonyOptions & { counter?: number } = {},
) {
  const started = await call(app, contract.reauthenticatePasskeyOptions, { token });
  expect(started.code, started.msg).toBe(0);
  const { challengeId } = started.data;
  return { passkey: { challengeId, response: signInResponse(credential, started.data.options.challenge, ceremony) } };
}
