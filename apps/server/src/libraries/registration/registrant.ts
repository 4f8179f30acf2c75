import { ErrorCode } from '@portal/shared/errors/error-codes';
import { passwordsMatch } from '@portal/shared/validation/rules';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import type { UserRow } from '../../queries/users.ts';
import { findUserById, insertUser } from '../../queries/users.ts';
import { readTicket } from '../codes/tickets.ts';
import type { Caller } from '../platform/caller.ts';
import type { Entry } from '../sign-in/account-gate.ts';
import type { SecondStep } from './second-step.ts';

/** Where a registration request came from: the audit trail's IP, the new account's language, and the
 *  client its session is opened from. */
export type RegistrationClient = Pick<Caller, 'ip' | 'userAgent' | 'language'>;

export function assertPasswordsMatch(body: { password: string; confirmPassword: string }): void {
  if (!passwordsMatch(body)) throw new AppError(ErrorCode.PasswordsDoNotMatch);
}

/** Only after the ticket proved the phone may a call say anything about the phone's account. */
export function assertEnabled(user: UserRow | undefined): void {
  if (user?.disabled) throw new AppError(ErrorCode.AccountDisabled);
}

/** The phone a live `register` ticket proves, read without using the ticket (1009104 otherwise). */
export async function ticketPhone(ctx: AppContext, ticket: string): Promise<string> {
  return (await readTicket(ctx, ticket, 'register')).target;
}

interface NewAccount {
  nickname: string;
  email?: string | undefined;
}

/**
 * A new account: its phone is the ticket's, so it is proven. The email the form carried is kept
 * unproven (no code proved it): it neither signs in nor receives codes until its owner proves it in
 * the personal centre, and it blocks nobody, so no registration can tell whether an email is taken.
 */
export function insertNewUser(
  ctx: AppContext,
  trx: Executor,
  phone: string,
  account: NewAccount,
  passwordHash: string,
  userType: 'investors' | 'personal',
  client: RegistrationClient,
): Promise<number> {
  const now = ctx.now();
  return insertUser(trx, {
    account: null,
    nickname: account.nickname,
    phone,
    email: account.email ?? null,
    password_hash: passwordHash,
    lang_code: client.language,
    user_type: userType,
    phone_certified: 1,
    disabled: 0,
    last_enterprise_id: null,
    created_at: now,
    updated_at: now,
  });
}

/** A registration reaches the gate proven by the code its phone ticket came from, one factor, and by
 *  the second step an existing account with two-step sign-in passed in the same request (its try is
 *  settled with the session). */
export async function registrantEntry(
  trx: Executor,
  userId: number,
  client: RegistrationClient,
  secondStep: SecondStep | null = null,
): Promise<Entry> {
  const user = await findUserById(trx, userId);
  if (!user) throw new AppError(ErrorCode.RegistrationFailed);
  return {
    user,
    client: { ip: client.ip, userAgent: client.userAgent },
    ...(secondStep
      ? { proof: { bothFactors: ['sms', 'otp'] }, attempt: secondStep.attempt }
      : { proof: { first: { loginType: 'code', identifierType: 'phone' } } }),
  };
}
