import { isTwoStepChallenge } from '@portal/shared/api/auth';
import type { PersonalSignUpRequest, PersonalSignUpResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import { spendTicket } from '../codes/tickets.ts';
import { hashPassword } from '../platform/passwords.ts';
import { enterAccount } from '../sign-in/account-gate.ts';
import {
  type RegistrationClient,
  assertPasswordsMatch,
  insertNewUser,
  registrantEntry,
  ticketPhone,
} from './registrant.ts';
import { inOneTransaction } from './transaction.ts';

/** `user/signUp`: a personal-version account without a company; signed in at once. */
export async function signUpPersonal(
  ctx: AppContext,
  body: PersonalSignUpRequest,
  client: RegistrationClient,
): Promise<PersonalSignUpResponse> {
  assertPasswordsMatch(body);
  if (await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket))) {
    throw new AppError(ErrorCode.PhoneSignedUp);
  }
  const passwordHash = await hashPassword(body.password);
  return inOneTransaction(ctx, async (within) => {
    const phone = await spendTicket(ctx, within.db, body.ticket, 'register');
    const userId = await insertNewUser(ctx, within.db, phone, body, passwordHash, 'personal', client);
    const entry = await registrantEntry(within.db, userId, client);
    const answer = await enterAccount(ctx, { ...entry, enterpriseId: null }, within);
    // a brand-new account has no second factor, nor any company to require one
    if (isTwoStepChallenge(answer)) throw new AppError(ErrorCode.RegistrationFailed);
    return { token: answer.token };
  });
}
