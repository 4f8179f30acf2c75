import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { PasskeySignInOptions, PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findPasskeyByCredentialId, findPasskeysOfUser, recordPasskeyUse } from '../../queries/passkeys.ts';
import type { UserRow } from '../../queries/users.ts';
import {
  authenticationOptions,
  clientDataOf,
  isAllowedOrigin,
  relyingPartyId,
  spendChallenge,
  userHandleOf,
} from '../account-security/passkeys.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import type { SignInMethodName } from '../sign-in/account-gate.ts';
import { credentialOf } from '../sign-in/passkey-sign-in.ts';

/** Live re-authentication challenges one account may hold: far more than a person asks for within
 *  the life of one, and few enough that a session cannot fill the table (each call stores a row). */
const REAUTHENTICATION_CHALLENGES_PER_USER = 10;

/** The `amr` (RFC 8176) of a passkey: `swk` when it may be synced to other devices (backed up), `hwk`
 *  when it is kept on its device. With user verification it is two factors in one. */
export type PasskeyAmr = Extract<SignInMethodName, 'hwk' | 'swk'>;

/**
 * The options for proving it is them with a passkey (`POST F/personal/reauthenticate/passkey-options`):
 * `allowCredentials` lists the session user's passkeys, user verification is required, and the
 * challenge (its own id, as for a sign-in) is bound to this user and to re-authentication, good once
 * for PASSKEY_CHALLENGE_TTL_SECONDS. 1000404 when the user has no passkey. A user gets
 * REAUTHENTICATION_CHALLENGES_PER_USER of them per lifetime of one (reserved atomically); beyond,
 * 1000429 with Retry-After.
 */
export async function reauthenticationPasskeyOptions(
  ctx: AppContext,
  { session }: SignedInCaller,
): Promise<PasskeySignInOptions> {
  const { user } = session;
  const passkeys = await findPasskeysOfUser(ctx.db, user.id);
  if (!passkeys.length) throw new AppError(ErrorCode.NotFound);
  return authenticationOptions(ctx, {
    cap: {
      bucket: 'passkey-reauthentication-challenge-user',
      subject: String(user.id),
      max: REAUTHENTICATION_CHALLENGES_PER_USER,
    },
    purpose: 'reauthentication',
    userId: user.id,
    allowCredentials: passkeys,
    userVerification: 'required',
  });
}

/**
 * Checks a passkey proof of the user: the challenge is used up first, whatever the outcome (1009170
 * when it is unknown, used, expired, another user's or not a re-authentication's); then the answer
 * must be signed over that challenge from an allowed origin, for the relying party, by one of THIS
 * user's passkeys, with user verification and a signature counter that grew (1009171 for any of
 * these). The use is recorded as a sign-in records it. Answers the passkey's `amr`, or the refusal.
 */
export async function checkPasskeyProof(
  ctx: AppContext,
  user: UserRow,
  { challengeId, response }: PasskeySignInRequest,
): Promise<
  { amr: PasskeyAmr } | { refused: typeof ErrorCode.PasskeyChallengeInvalid | typeof ErrorCode.PasskeyNotVerified }
> {
  if (!(await spendChallenge(ctx, challengeId, 'reauthentication', user.id))) {
    return { refused: ErrorCode.PasskeyChallengeInvalid };
  }
  const notVerified = { refused: ErrorCode.PasskeyNotVerified } as const;
  const clientData = clientDataOf(response.response.clientDataJSON);
  if (!clientData || clientData.challenge !== challengeId || !isAllowedOrigin(ctx.config, clientData.origin)) {
    return notVerified;
  }
  const found = await findPasskeyByCredentialId(ctx.db, response.id);
  // another account's passkey is checked like an unknown one, against the decoy key: the same work,
  // so that the time of the answer does not tell which credential ids exist
  const passkey = found?.user_id === user.id ? found : undefined;
  const [credential, { verifyAuthenticationResponse }] = await Promise.all([
    credentialOf(passkey, response.id),
    import('@simplewebauthn/server'),
  ]);
  const verification = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challengeId,
    expectedOrigin: clientData.origin,
    expectedRPID: relyingPartyId(ctx.config),
    credential,
    requireUserVerification: true,
  }).catch(() => null);
  const { userHandle } = response.response;
  if (
    !passkey ||
    !verification?.verified ||
    (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(user.id)).toString('base64url'))
  ) {
    return notVerified;
  }
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const recorded = await recordPasskeyUse(ctx.db, passkey.id, Number(passkey.counter), {
    counter: newCounter,
    backed_up: credentialBackedUp ? 1 : 0,
    last_used_at: ctx.now(),
  });
  // another use of this passkey moved its counter meanwhile: the same signature counter twice
  if (!recorded) return notVerified;
  return { amr: credentialBackedUp ? 'swk' : 'hwk' };
}
