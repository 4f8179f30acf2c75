import type { CodeScene, TicketResponse } from '@portal/shared/api/codes';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { emailSchema, isValidPhone, normalizePhone } from '@portal/shared/validation/rules';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Messenger } from '../../messaging/messenger.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import type { Caller } from '../platform/caller.ts';
import { sendCode, verifyCode } from './codes.ts';
import { issueTicket } from './tickets.ts';

/** Scenes whose codes go only to existing accounts; to anyone else they answer alike and send nothing. */
const ACCOUNT_ONLY: readonly CodeScene[] = ['login', 'reset'];

export function phoneTarget(raw: string): string {
  if (!isValidPhone(raw.trim()))
    throw new AppError(ErrorCode.BadRequest, { fields: { phone: 'validation.phoneFormat' } });
  return normalizePhone(raw.trim());
}

export function emailTarget(raw: string): string {
  if (!raw.trim()) throw new AppError(ErrorCode.EmailEmpty);
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCode.EmailFormat);
  return parsed.data;
}

interface CodeRequest {
  scene: CodeScene;
  /** A solved challenge, needed once the address's sends without one are used up. */
  proofOfWork: string | undefined;
}

async function requestCode(
  ctx: AppContext,
  messenger: Messenger,
  channel: 'sms' | 'email',
  column: 'phone' | 'email',
  target: string,
  request: CodeRequest,
  caller: Caller,
) {
  const owner = await findUserByIdentifier(ctx.db, column, target);
  // the message speaks the language its owner chose, else the language the request came in
  const lang = owner?.lang_code ?? caller.language;
  // only a proven phone or email names an account (see findUserByIdentifier): an unproven one opens nothing
  const deliver = ACCOUNT_ONLY.includes(request.scene) ? owner !== undefined : true;
  // a signed-in sender's sends count by the account too
  const accountId = caller.session?.user.id ?? null;
  return sendCode(ctx, messenger, { ...request, ip: caller.ip, accountId, channel, target, lang, deliver });
}

/** After the cut-off, a signed-in account without a verified phone may only ask for the code that
 *  verifies one (1009130). */
export async function requestPhoneCode(
  ctx: AppContext,
  messenger: Messenger,
  phone: string,
  request: CodeRequest,
  caller: Caller,
) {
  const cutOff = ctx.now() > ctx.config.phoneCertifyCutoffMs;
  if (cutOff && caller.session && !caller.session.user.phone_certified && request.scene !== 'certify') {
    throw new AppError(ErrorCode.PhoneVerificationRequired);
  }
  return requestCode(ctx, messenger, 'sms', 'phone', phoneTarget(phone), request, caller);
}

export function requestEmailCode(
  ctx: AppContext,
  messenger: Messenger,
  email: string,
  request: CodeRequest,
  caller: Caller,
) {
  return requestCode(ctx, messenger, 'email', 'email', emailTarget(email), request, caller);
}

/** Checks (and consumes) a code; a right one becomes a ticket for the registration or reset step. */
async function checkToTicket(ctx: AppContext, scene: CodeScene, target: string, code: string): Promise<TicketResponse> {
  if (!(await verifyCode(ctx, scene, target, code))) {
    throw new AppError(scene === 'register' ? ErrorCode.RegisterCodeInvalid : ErrorCode.CodeInvalid);
  }
  return issueTicket(ctx, scene, target);
}

export function checkPhoneCode(ctx: AppContext, phone: string, code: string, scene: CodeScene) {
  return checkToTicket(ctx, scene, phoneTarget(phone), code);
}

export function checkEmailCode(ctx: AppContext, email: string, code: string, scene: CodeScene) {
  return checkToTicket(ctx, scene, emailTarget(email), code);
}
