import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type {
  AddPasskeyRequest,
  Passkey,
  PasskeySignInOptions,
  RegistrationOptions,
  RemovePasskeyRequest,
  RenamePasskeyRequest,
} from '@portal/shared/api/passkeys';
import { PASSKEY_CHALLENGE_TTL_SECONDS, PASSKEY_LIMIT } from '@portal/shared/api/passkeys';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { AppError } from '../../app-error.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { WebauthnChallengesTable } from '../../db/schema.ts';
import {
  type PasskeyRow,
  deletePasskeyOfUser,
  findPasskeysOfUser,
  insertPasskeyWithinLimit,
  insertWebauthnChallenge,
  renamePasskeyOfUser,
  useWebauthnChallenge,
} from '../../queries/passkeys.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { hashSecret } from '../platform/secrets.ts';
import { tooManyAttempts } from '../platform/throttle.ts';
import { uniqueViolationOf } from '../platform/unique-violation.ts';
import { assertFreshProof } from './fresh-proof.ts';
import { notifySecurityEvent } from './security-notices.ts';

/**
 * Passkeys (WebAuthn): the relying party the portal is, and the person's own passkeys.
 *
 * The relying-party id is MAIN_DOMAIN when set, so that a passkey made on the portal also works on
 * every company sub-host `<domain>.<MAIN_DOMAIN>`; otherwise the host name of PUBLIC_URL. An answer
 * is accepted from PUBLIC_URL's origin, and with MAIN_DOMAIN from any origin whose host is that
 * domain or ends with `.<MAIN_DOMAIN>`, with PUBLIC_URL's scheme and port.
 */

export function relyingPartyId(config: Pick<Config, 'mainDomain' | 'publicUrl'>): string {
  return config.mainDomain?.toLowerCase() ?? new URL(config.publicUrl).hostname;
}

export function isAllowedOrigin(config: Pick<Config, 'mainDomain' | 'publicUrl'>, origin: string): boolean {
  const publicUrl = new URL(config.publicUrl);
  if (origin === publicUrl.origin) return true;
  if (!config.mainDomain) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const domain = config.mainDomain.toLowerCase();
  // an origin is exactly scheme://host[:port]: nothing else may ride along
  if (url.origin !== origin) return false;
  return (
    url.protocol === publicUrl.protocol &&
    url.port === publicUrl.port &&
    (url.hostname === domain || url.hostname.endsWith(`.${domain}`))
  );
}

/** The challenge and origin the browser signed over, or null when clientDataJSON is no such JSON. */
export function clientDataOf(clientDataJSON: string): { challenge: string; origin: string } | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null) return null;
    const { challenge, origin } = data as Record<string, unknown>;
    return typeof challenge === 'string' && typeof origin === 'string' ? { challenge, origin } : null;
  } catch {
    return null;
  }
}

/** The WebAuthn user handle of an account: its id, which names no person (never an identifier). */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`portal-user-${userId}`);
}

export function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] | undefined {
  if (!row.transports) return undefined;
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : undefined;
}

/**
 * The options of an authentication ceremony, a passkey sign-in or a proof within a session: a live
 * challenge is reserved under `cap` first (1000429 with Retry-After beyond it: each call stores a
 * row), then the challenge is stored for its purpose and the user it is bound to. The challenge is
 * its own id, which the answer names.
 */
export async function authenticationOptions(
  ctx: AppContext,
  {
    cap,
    purpose,
    userId,
    allowCredentials,
    userVerification,
  }: {
    cap: { bucket: string; subject: string; max: number };
    purpose: WebauthnChallengesTable['purpose'];
    userId: number | null;
    allowCredentials?: PasskeyRow[];
    userVerification: 'preferred' | 'required';
  },
): Promise<PasskeySignInOptions> {
  const windowMs = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;
  const reservation = await ctx.throttles.reserve([{ ...cap, windowMs }], ctx.now());
  if (!reservation.granted) throw tooManyAttempts(reservation.retryAfterMs);
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyId(ctx.config),
    allowCredentials: allowCredentials?.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification,
    timeout: windowMs,
  });
  await issueChallenge(ctx, options.challenge, purpose, userId);
  return { challengeId: options.challenge, options };
}

/** Stores the challenge of a ceremony, hashed, good for one answer within the time limit. */
export async function issueChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: WebauthnChallengesTable['purpose'],
  userId: number | null,
): Promise<void> {
  const now = ctx.now();
  await insertWebauthnChallenge(ctx.db, {
    challenge_hash: hashSecret(challenge),
    purpose,
    user_id: userId,
    expires_at: now + PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    created_at: now,
  });
}

/** Uses up a challenge; false when it is unknown, expired, already used, or not this ceremony's. */
export function spendChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: WebauthnChallengesTable['purpose'],
  userId: number | null,
): Promise<boolean> {
  return useWebauthnChallenge(ctx.db, hashSecret(challenge), purpose, userId, ctx.now());
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(Number(row.last_used_at)).toISOString(),
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
  };
}

export async function listPasskeys(ctx: AppContext, { session }: SignedInCaller): Promise<Passkey[]> {
  return (await findPasskeysOfUser(ctx.db, session.user.id)).map(toPasskey);
}

/**
 * The options of a new passkey: a discoverable credential (resident key required), so that signing
 * in needs no identifier; the passkeys the user has are excluded, so that one authenticator does not
 * hold two for the account. The relying party's name is the platform's, in the user's language.
 * Needs a fresh proof (1009166): a borrowed session must not plant a lasting way in.
 */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  { session }: SignedInCaller,
): Promise<RegistrationOptions> {
  await assertFreshProof(ctx, session);
  const existing = await findPasskeysOfUser(ctx.db, session.user.id);
  if (existing.length >= PASSKEY_LIMIT) throw new AppError(ErrorCode.PasskeyLimit);
  const { user } = session;
  // loaded with the first passkey call: a process may never see one
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const options = await generateRegistrationOptions({
    rpName: translate(user.lang_code, 'common.platformTitle'),
    rpID: relyingPartyId(ctx.config),
    userID: userHandleOf(user.id),
    userName: user.account ?? user.email ?? user.phone ?? user.nickname,
    userDisplayName: user.nickname,
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await issueChallenge(ctx, options.challenge, 'registration', user.id);
  return options;
}

/**
 * Verifies the browser's answer to the user's registration options and stores the passkey. The
 * challenge is used up first, whatever the outcome, so that an answer is tried once. Rejections:
 * 1009170 (the challenge is unknown, expired, used or another user's), 1009171 (the answer does not
 * verify: wrong origin or relying party, no user verification, a malformed attestation), 1009172
 * (the credential is registered already), 1009173 (the user holds PASSKEY_LIMIT passkeys). Needs a
 * fresh proof (1009166), checked before the challenge is used up; the person is told of the new passkey.
 */
export async function addPasskey(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
  body: AddPasskeyRequest,
): Promise<Passkey> {
  await assertFreshProof(ctx, session);
  const client = clientDataOf(body.response.response.clientDataJSON);
  if (!client) throw new AppError(ErrorCode.PasskeyNotVerified);
  if (!(await spendChallenge(ctx, client.challenge, 'registration', session.user.id))) {
    throw new AppError(ErrorCode.PasskeyChallengeInvalid);
  }
  if (!isAllowedOrigin(ctx.config, client.origin)) throw new AppError(ErrorCode.PasskeyNotVerified);

  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  const verification = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: client.challenge,
    expectedOrigin: client.origin,
    expectedRPID: relyingPartyId(ctx.config),
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError(ErrorCode.PasskeyNotVerified);

  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const now = ctx.now();
  const transports = body.response.response.transports ?? credential.transports;
  const row: Omit<PasskeyRow, 'id'> = {
    user_id: session.user.id,
    credential_id: credential.id,
    public_key: credential.publicKey,
    counter: credential.counter,
    transports: transports?.length ? JSON.stringify(transports) : null,
    device_type: credentialDeviceType,
    backed_up: credentialBackedUp ? 1 : 0,
    name: body.name ?? null,
    created_at: now,
    last_used_at: null,
  };
  let id: number | null;
  try {
    id = await insertPasskeyWithinLimit(ctx.db, ctx.engine, row, PASSKEY_LIMIT);
  } catch (error) {
    if (uniqueViolationOf(error)) throw new AppError(ErrorCode.PasskeyExists);
    throw error;
  }
  if (id === null) throw new AppError(ErrorCode.PasskeyLimit);
  await recordAudit(ctx, {
    action: 'passkey.add',
    userId: session.user.id,
    enterpriseId: session.enterpriseId,
    ip,
    detail: { passkeyId: id, deviceType: credentialDeviceType },
  });
  notifySecurityEvent(ctx, session.user, 'passkey-added', { at: now, ip, userAgent });
  return toPasskey({ id, ...row });
}

/** Renames one of the user's own passkeys; 1000404 for any other id (another user's included). */
export async function renamePasskey(
  ctx: AppContext,
  { session }: SignedInCaller,
  body: RenamePasskeyRequest,
): Promise<void> {
  if (!(await renamePasskeyOfUser(ctx.db, session.user.id, body.id, body.name))) throw new AppError(ErrorCode.NotFound);
}

/** Removes one of the user's own passkeys; 1000404 for any other id (another user's included).
 *  Needs a fresh proof (1009166): a borrowed session must not take away the owner's way in. */
export async function removePasskey(
  ctx: AppContext,
  { session, ip }: SignedInCaller,
  body: RemovePasskeyRequest,
): Promise<void> {
  await assertFreshProof(ctx, session);
  if (!(await deletePasskeyOfUser(ctx.db, session.user.id, body.id))) throw new AppError(ErrorCode.NotFound);
  await recordAudit(ctx, {
    action: 'passkey.remove',
    userId: session.user.id,
    enterpriseId: session.enterpriseId,
    ip,
    detail: { passkeyId: body.id },
  });
}
