import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type TwoStepConfirmRequest,
  type TwoStepConfirmResponse,
  type TwoStepDisableRequest,
  type TwoStepSetup,
  type TwoStepState,
  isAuthenticatorCode,
} from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import {
  advanceTotpStep,
  anyEnterpriseRequiresTwoStep,
  countRecoveryCodesLeft,
  deleteRecoveryCodes,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  useRecoveryCode,
} from '../../queries/two-step.ts';
import { findUserById } from '../../queries/users.ts';
import type { UserRow } from '../../queries/users.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { hashSecret, seal, unseal } from '../platform/secrets.ts';
import { accountSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import { assertFreshProof, sessionProvenNow } from './fresh-proof.ts';
import { notifySecurityEvent } from './security-notices.ts';
import { assertSetupCode, setupCodeNeeded } from './two-step-setup-code.ts';

/** The name authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'Energy Portal';

/** A code of the step before or after the server's is accepted too: phones' clocks drift. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Recovery codes: 10 characters of a 30-letter alphabet without 0/o, 1/l/i and u (49 bits), shown as
 *  two groups of five. Random enough that an unsalted SHA-256 keeps them. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstvwxyz23456789';
const RECOVERY_LENGTH = 10;

// ---- the secret at rest ----

/** Sealed with TOTP_SECRET_KEY when it is set (libraries/platform/secrets.ts). */
export function sealTotpSecret(ctx: AppContext, secret: string): string {
  return seal(ctx.config.totpSecretKey, secret);
}

export function openTotpSecret(ctx: AppContext, stored: string): string {
  return unseal(ctx.config.totpSecretKey, stored, 'TOTP_SECRET_KEY');
}

// ---- codes ----

/** The time step a code of `secret` was made for, if it is a current one (the step before and after
 *  included) and later than `after`; null otherwise. */
async function totpStepOf(ctx: AppContext, secret: string, code: string, after: number | null): Promise<number | null> {
  // loaded with the first two-step call, as qrcode is: many processes never see one
  const { verify } = await import('otplib');
  const result = await verify({
    secret,
    token: code.replace(/\s/g, ''),
    epoch: Math.floor(ctx.now() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as stored: letters in lower case, without the dash or spaces a person may type. */
function recoveryCodeHash(code: string): string {
  return hashSecret(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * Checks the second factor of a user whose two-step sign-in is on: a code of the authenticator app
 * (not one accepted before: the last accepted time step is kept), or an unused recovery code (used
 * up here). Both are taken by one conditional update, so that concurrent uses cannot both pass.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
  db: Executor = ctx.db,
): Promise<'totp' | 'recovery' | null> {
  if (user.totp_enabled_at === null || user.totp_secret === null) return null;
  if (isAuthenticatorCode(code)) {
    const step = await totpStepOf(ctx, openTotpSecret(ctx, user.totp_secret), code, user.totp_last_step);
    return step !== null && (await advanceTotpStep(db, user.id, step)) ? 'totp' : null;
  }
  return (await useRecoveryCode(db, user.id, recoveryCodeHash(code), ctx.now())) ? 'recovery' : null;
}

// ---- the personal centre ----

/** Whether a company of the user requires two-step sign-in that the user has not turned on. */
export async function twoStepSetupRequired(ctx: AppContext, user: UserRow): Promise<boolean> {
  return user.totp_enabled_at === null && (await anyEnterpriseRequiresTwoStep(ctx.db, user.id));
}

export async function twoStepState(ctx: AppContext, { session }: SignedInCaller): Promise<TwoStepState> {
  const enabled = session.user.totp_enabled_at !== null;
  const recoveryCodesLeft = enabled ? await countRecoveryCodesLeft(ctx.db, session.user.id) : 0;
  const setupCodeNeeded = !enabled && session.twoStepRequired;
  return { enabled, recoveryCodesLeft, required: session.twoStepRequired, setupCodeNeeded };
}

/** The name the app shows for the account: its account name, else its phone or email. */
function accountLabel(user: UserRow): string {
  return user.account ?? user.phone ?? user.email ?? String(user.id);
}

/** A new pending secret (replacing an earlier pending one), with its QR code; 1009162 when two-step
 *  sign-in is already on, 1009166 without a fresh proof. */
export async function startTwoStepSetup(ctx: AppContext, { session }: SignedInCaller): Promise<TwoStepSetup> {
  if (session.user.totp_enabled_at !== null) throw new AppError(ErrorCode.TwoStepAlreadyOn);
  await assertFreshProof(ctx, session);
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
    import('otplib'),
    import('qrcode'),
  ]);
  const secret = generateSecret();
  if (!(await setPendingTotpSecret(ctx.db, session.user.id, sealTotpSecret(ctx, secret), ctx.now()))) {
    throw new AppError(ErrorCode.TwoStepAlreadyOn);
  }
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: accountLabel(session.user), secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauthUri,
    qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Turns two-step sign-in on with a code of the pending secret and hands out the recovery codes,
 * shown this once. 1009164 without a pending set-up, 1009160 for a wrong code. The proof of the
 * session must still be fresh (1009166): a set-up begun while fresh is not finished by whoever finds
 * the session later. Under a company's requirement, `setupCode` must be the code sent to the account's
 * verified email or phone (1009104), checked last, so that a wrong app code does not use it up.
 */
export async function confirmTwoStep(
  ctx: AppContext,
  { session, ip }: SignedInCaller,
  { code, setupCode }: TwoStepConfirmRequest,
): Promise<TwoStepConfirmResponse> {
  // the row as it is now: the session's copy was read before a set-up of another tab
  const user = await findUserById(ctx.db, session.user.id);
  if (!user) throw new AppError(ErrorCode.Unauthorized);
  if (user.totp_enabled_at !== null) throw new AppError(ErrorCode.TwoStepAlreadyOn);
  if (user.totp_secret === null) throw new AppError(ErrorCode.TwoStepSetupMissing);
  await assertFreshProof(ctx, session);
  const step = isAuthenticatorCode(code)
    ? await totpStepOf(ctx, openTotpSecret(ctx, user.totp_secret), code, null)
    : null;
  if (step === null) throw new AppError(ErrorCode.TwoStepCodeInvalid);
  if (await setupCodeNeeded(ctx, user)) await assertSetupCode(ctx, user, setupCode);

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    if (!(await enableTotp(trx, user.id, user.totp_secret!, step, now))) {
      throw new AppError(ErrorCode.TwoStepSetupMissing);
    }
    await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(recoveryCodeHash), now);
    await recordAudit(ctx, { action: 'two-step.on', userId: user.id, enterpriseId: session.enterpriseId, ip }, trx);
  });
  return { recoveryCodes };
}

/**
 * Turns two-step sign-in off, with the password and a code of the app or a recovery code. Each try
 * counts as a failed sign-in of the account (the same counter and wait, reserved before the check),
 * so that a borrowed session cannot guess them. The person is told by their security notice.
 */
export async function disableTwoStep(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
  body: TwoStepDisableRequest,
) {
  const user = await findUserById(ctx.db, session.user.id);
  if (!user) throw new AppError(ErrorCode.Unauthorized);
  if (user.totp_enabled_at === null) throw new AppError(ErrorCode.TwoStepNotOn);
  // read now, not from the session: a company may have required it since the session began
  if (await anyEnterpriseRequiresTwoStep(ctx.db, user.id)) throw new AppError(ErrorCode.TwoStepRequiredByCompany);
  const attempt = await reserveSignInAttempt(ctx, accountSubject(user.id), ip);
  if (!(await verifyPassword(user.password_hash, body.password))) throw new AppError(ErrorCode.PasswordIncorrect);
  const factor = await checkSecondFactor(ctx, user, body.code);
  if (!factor) throw new AppError(ErrorCode.TwoStepCodeInvalid);

  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await disableTotp(trx, user.id, now);
    await deleteRecoveryCodes(trx, user.id);
    await recordAudit(
      ctx,
      { action: 'two-step.off', userId: user.id, enterpriseId: session.enterpriseId, ip, detail: { with: factor } },
      trx,
    );
  });
  await attempt.succeeded();
  // the password and the code are a fresh proof themselves: a stale session may turn it off
  await sessionProvenNow(ctx, session);
  notifySecurityEvent(ctx, user, 'two-step-off', { ip, userAgent });
}
