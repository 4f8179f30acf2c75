import type { TwoStepSetupCodeSent } from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Messenger } from '../../messaging/messenger.ts';
import { anyEnterpriseRequiresTwoStep } from '../../queries/two-step.ts';
import type { UserRow } from '../../queries/users.ts';
import { sendCode, verifyCode } from '../codes/codes.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { maskEmail, maskPhone } from './security-notices.ts';

/**
 * Under a company's requirement, the session that sets up two-step sign-in may have been opened with
 * a password alone, and whoever holds it would enrol their own authenticator and lock the member out.
 * So that set-up also needs a code sent to a second channel of the account: its verified email, else
 * its verified phone, where its security notices go too. Not a channel the request names: until the
 * set-up is done, a verified phone is not replaced, and an account without either verifies only the
 * phone on record (certifyPhone), so the session cannot choose where the proof goes. The code is a
 * `bind` code, which proves that its holder receives what the account's identifier receives.
 */
const SCENE = 'bind';

export function setupChannelOf(user: UserRow): { channel: 'email' | 'sms'; target: string } | null {
  if (user.email && user.email_verified) return { channel: 'email', target: user.email };
  if (user.phone && user.phone_certified) return { channel: 'sms', target: user.phone };
  return null;
}

/** Whether confirming a set-up of this user needs the code of the second channel: read now, since a
 *  company may have required it since the session began. */
export async function setupCodeNeeded(ctx: AppContext, user: UserRow): Promise<boolean> {
  return user.totp_enabled_at === null && (await anyEnterpriseRequiresTwoStep(ctx.db, user.id));
}

/**
 * Sends the set-up's code to the account's second channel, under the sending limits of any code
 * (1009108 with the wait). 1009162 when two-step sign-in is on already; 1009130 for an account with
 * neither a verified email nor a verified phone, which verifies a phone first.
 */
export async function sendSetupCode(
  ctx: AppContext,
  messenger: Messenger,
  { session, ip }: SignedInCaller,
): Promise<TwoStepSetupCodeSent> {
  const { user } = session;
  if (user.totp_enabled_at !== null) throw new AppError(ErrorCode.TwoStepAlreadyOn);
  const to = setupChannelOf(user);
  if (!to) throw new AppError(ErrorCode.PhoneVerificationRequired);
  const { cooldownSeconds } = await sendCode(ctx, messenger, {
    channel: to.channel,
    target: to.target,
    scene: SCENE,
    ip,
    lang: user.lang_code,
    deliver: true,
    accountId: user.id,
    proofOfWork: undefined,
  });
  return {
    channel: to.channel,
    to: to.channel === 'email' ? maskEmail(to.target) : maskPhone(to.target),
    cooldownSeconds,
  };
}

/** Checks (and uses up) the set-up's code: 1009104 when it is missing or wrong, 1009130 without a
 *  channel to have sent it to. */
export async function assertSetupCode(ctx: AppContext, user: UserRow, code: string | undefined): Promise<void> {
  const to = setupChannelOf(user);
  if (!to) throw new AppError(ErrorCode.PhoneVerificationRequired);
  if (code === undefined || !(await verifyCode(ctx, SCENE, to.target, code))) {
    throw new AppError(ErrorCode.CodeInvalid);
  }
}
