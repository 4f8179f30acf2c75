import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CodeWithoutRequiredData } from '@portal/shared/errors/error-data';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { companyTransaction, enclosing } from '../platform/company-transaction.ts';
import { uniqueViolationOf, violationKey } from '../platform/unique-violation.ts';
import type { EnclosingTransaction } from '../sign-in/account-gate.ts';
import { ENTERPRISE_TAKEN_CODES } from './new-enterprise.ts';

/** The business answer to each unique constraint a registration can run into. */
const VIOLATION_CODES: Record<string, CodeWithoutRequiredData> = {
  'enterprises.abbreviation': ENTERPRISE_TAKEN_CODES.abbreviation,
  'enterprises.full_name': ENTERPRISE_TAKEN_CODES.full_name,
  'enterprises.credit_code': ENTERPRISE_TAKEN_CODES.credit_code,
  'enterprises.domain': ENTERPRISE_TAKEN_CODES.domain,
  'users.phone': ErrorCode.PhoneSignedUp,
  'memberships.enterprise_id,user_id': ErrorCode.AlreadyJoined,
};

const ATTEMPTS = 3;

/**
 * One registration, all or nothing: the ticket, the link's use, the user, the company and the
 * membership are written together or not at all, so a failure leaves the link and the ticket usable.
 * What would tell someone of it is sent once it has committed, and an attempt rolled back sends
 * nothing. A unique-constraint error (a race the early reads could not see) becomes its business
 * code, unless `retry` says the work can simply run again (a generated domain taken meanwhile, say).
 */
export async function inOneTransaction<T>(
  ctx: AppContext,
  work: (transaction: EnclosingTransaction) => Promise<T>,
  retry: (violation: string) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      // the companies it changes are locked inside, once the link names them
      return await companyTransaction(ctx, [], (db) => work(enclosing(db)));
    } catch (error) {
      const violation = uniqueViolationOf(error);
      if (!violation) throw error;
      const key = violationKey(violation);
      if (attempt < ATTEMPTS && retry(key)) continue;
      const code = VIOLATION_CODES[key];
      if (code === undefined) throw error;
      throw new AppError(code);
    }
  }
}
