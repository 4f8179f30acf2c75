import { generateKeyPairSync } from 'node:crypto';
import type { AuthenticationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server';
import type { SessionResponse } from '@portal/shared/api/auth';
import type { PasskeySignInOptions, PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext, Logger, SignInOutcome } from '../../context.ts';
import { type PasskeyRow, findPasskeyByCredentialId, recordPasskeyUse } from '../../queries/passkeys.ts';
import { findUserById } from '../../queries/users.ts';
import {
  authenticationOptions,
  clientDataOf,
  isAllowedOrigin,
  relyingPartyId,
  spendChallenge,
  transportsOf,
  userHandleOf,
} from '../account-security/passkeys.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Caller } from '../platform/caller.ts';
import { ipKey } from '../platform/ip-key.ts';
import { accountSubject, identifierSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import { enterAccount } from './account-gate.ts';

/** Live sign-in challenges one address may hold: far more than a person's tries within their life,
 *  and few enough that an anonymous caller cannot fill the table (each call stores a row). */
const SIGN_IN_CHALLENGES_PER_IP = 20;

/** No account has this id (they start at 1): the user an unknown passkey is looked up as. */
const NO_USER_ID = 0;

let decoyPublicKey: Promise<Uint8Array<ArrayBuffer>> | null = null;

/**
 * The public key an unknown credential's answer is verified against: ES256 (P-256), as passkeys
 * almost all are, made once and never anyone's, so that no signature verifies with it. Made with the
 * first passkey sign-in, like the WebAuthn library is loaded: a process may never see one.
 */
function decoyKey(): Promise<Uint8Array<ArrayBuffer>> {
  decoyPublicKey ??= makeDecoyKey();
  return decoyPublicKey;
}

async function makeDecoyKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { cose, isoCBOR } = await import('@simplewebauthn/server/helpers');
  const { x, y } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, cose.COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, Buffer.from(x!, 'base64url')],
    [cose.COSEKEYS.y, Buffer.from(y!, 'base64url')],
  ]);
  return new Uint8Array(isoCBOR.encode(key));
}

/** The credential to verify the answer against: the passkey's, or for an unknown id the decoy. */
export async function credentialOf(passkey: PasskeyRow | undefined, credentialId: string): Promise<WebAuthnCredential> {
  if (!passkey) return { id: credentialId, publicKey: await decoyKey(), counter: 0 };
  return {
    id: passkey.credential_id,
    publicKey: new Uint8Array(passkey.public_key),
    counter: Number(passkey.counter),
    transports: transportsOf(passkey),
  };
}

/** Counts a refused passkey sign-in and logs it on the request's line, naming no credential. */
function refused(ctx: AppContext, log: Logger, outcome: SignInOutcome): void {
  ctx.metrics?.signIn('passkey', outcome);
  log.info({ signIn: { method: 'passkey', outcome } }, 'sign-in refused');
}

/**
 * The options of a passkey sign-in: no `allowCredentials`, so that the browser offers the
 * discoverable credentials it holds for the relying party and the person types nothing. The challenge
 * is its own id: the answer names it, and it is good once, for PASSKEY_CHALLENGE_TTL_SECONDS. An
 * address gets SIGN_IN_CHALLENGES_PER_IP of them per lifetime of one; beyond, 1000429 with Retry-After.
 */
export function passkeySignInOptions(ctx: AppContext, { ip }: Caller): Promise<PasskeySignInOptions> {
  return authenticationOptions(ctx, {
    cap: { bucket: 'passkey-challenge-ip', subject: ipKey(ip), max: SIGN_IN_CHALLENGES_PER_IP },
    purpose: 'sign-in',
    userId: null,
    userVerification: 'preferred',
  });
}

/**
 * Sign-in with a passkey. The credential names the account; the try is reserved like every sign-in
 * (under the client IP's cap, and as a failure of the account, or for an unknown credential of that
 * credential, until it succeeds). The challenge is used up first, whatever the outcome. Every failure
 * of the passkey itself (unknown credential, wrong origin or relying party, bad signature, no user
 * verification, a signature counter that did not grow) answers 1009117 as a wrong password does; a
 * dead challenge answers 1009170, which tells nothing of any account. The session is made as for a
 * password, without a two-step code: a passkey with user verification is two factors already.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  body: PasskeySignInRequest,
  caller: Caller,
): Promise<SessionResponse> {
  const { ip, log } = caller;
  const passkey = await findPasskeyByCredentialId(ctx.db, body.response.id);
  const subject = passkey ? accountSubject(passkey.user_id) : identifierSubject('passkey', body.response.id);
  const attempt = await reserveSignInAttempt(ctx, subject, ip).catch((error: unknown) => {
    if (error instanceof AppError) refused(ctx, log, 'throttled');
    throw error;
  });

  const fail = async (code: typeof ErrorCode.InvalidCredentials | typeof ErrorCode.PasskeyChallengeInvalid) => {
    refused(ctx, log, 'failure');
    await recordAudit(ctx, {
      action: 'sign-in.failure',
      userId: passkey?.user_id ?? null,
      ip,
      detail: { loginType: 'passkey' },
    });
    return new AppError(code);
  };

  if (!(await spendChallenge(ctx, body.challengeId, 'sign-in', null)))
    throw await fail(ErrorCode.PasskeyChallengeInvalid);
  const clientData = clientDataOf(body.response.response.clientDataJSON);
  if (!clientData || clientData.challenge !== body.challengeId || !isAllowedOrigin(ctx.config, clientData.origin)) {
    throw await fail(ErrorCode.InvalidCredentials);
  }
  // the same work whether the credential is registered or not (a look-up of its user, a signature
  // check), so that the time of the answer does not tell which credential ids exist
  const [user, credential, { verifyAuthenticationResponse }] = await Promise.all([
    findUserById(ctx.db, passkey?.user_id ?? NO_USER_ID),
    credentialOf(passkey, body.response.id),
    import('@simplewebauthn/server'),
  ]);
  const verification = await verifyAuthenticationResponse({
    response: body.response as AuthenticationResponseJSON,
    expectedChallenge: body.challengeId,
    expectedOrigin: clientData.origin,
    expectedRPID: relyingPartyId(ctx.config),
    credential,
    requireUserVerification: true,
  }).catch(() => null);
  const userHandle = body.response.response.userHandle;
  if (
    !passkey ||
    !user ||
    !verification?.verified ||
    (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(passkey.user_id)).toString('base64url'))
  ) {
    throw await fail(ErrorCode.InvalidCredentials);
  }

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const now = ctx.now();
  const recorded = await recordPasskeyUse(ctx.db, passkey.id, Number(passkey.counter), {
    counter: newCounter,
    backed_up: credentialBackedUp ? 1 : 0,
    last_used_at: now,
  });
  // another sign-in with this passkey moved its counter meanwhile: the same signature counter twice
  if (!recorded) throw await fail(ErrorCode.InvalidCredentials);

  // only after a valid passkey, so that a disabled account is not revealed to a guesser
  if (user.disabled) {
    refused(ctx, log, 'disabled');
    throw new AppError(ErrorCode.AccountDisabled);
  }

  return enterAccount(ctx, {
    user,
    client: caller,
    // a passkey that may be synced to other devices is a software key to RFC 8176, one kept on its device a hardware key
    proof: { bothFactors: [credentialBackedUp ? 'swk' : 'hwk'] },
    attempt,
    signIn: { method: 'passkey', detail: { loginType: 'passkey' } },
  });
}
