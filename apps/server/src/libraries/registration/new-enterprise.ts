import { randomBytes } from 'node:crypto';
import type { NewEnterpriseInput } from '@portal/shared/api/registration';
import { RESERVED_DOMAINS } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CodeWithoutRequiredData } from '@portal/shared/errors/error-data';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import type { EnterpriseUniqueColumn } from '../../queries/registration-enterprises.ts';
import { findTakenEnterpriseColumns, isDomainTaken } from '../../queries/registration-enterprises.ts';

/** The "already exists" code of each unique column of `enterprises`. */
export const ENTERPRISE_TAKEN_CODES: Record<EnterpriseUniqueColumn, CodeWithoutRequiredData> = {
  abbreviation: ErrorCode.AbbreviationExists,
  full_name: ErrorCode.FullNameExists,
  credit_code: ErrorCode.CreditCodeExists,
  domain: ErrorCode.DomainExists,
};

/** The catalogue has codes of its own for these two empty fields, so the schema lets emptiness through. */
export function assertEnterpriseNamed(input: NewEnterpriseInput): void {
  if (!input.abbreviation) throw new AppError(ErrorCode.AbbreviationEmpty);
  if (!input.fullName) throw new AppError(ErrorCode.FullNameEmpty);
}

/**
 * An early answer in the catalogue's order (abbreviation, full name, credit code, domain). It is only
 * the friendly path: under a race the unique constraints decide, and the transaction maps their error.
 * A reserved sub-host name counts as taken.
 */
export async function assertEnterpriseFree(ctx: AppContext, input: NewEnterpriseInput): Promise<void> {
  const taken = await findTakenEnterpriseColumns(ctx.db, {
    abbreviation: input.abbreviation,
    full_name: input.fullName,
    credit_code: input.creditCode,
    domain: input.domain,
  });
  if (input.domain !== undefined && RESERVED_DOMAINS.includes(input.domain)) taken.push('domain');
  if (taken[0]) throw new AppError(ENTERPRISE_TAKEN_CODES[taken[0]]);
}

const DOMAIN_TRIES = 5;

/** 'e' and 10 base-36 characters from a CSPRNG (about 51 bits): matches the domain rule, never reserved. */
function randomDomain(): string {
  const value = randomBytes(8).readBigUInt64BE() % 36n ** 10n;
  return `e${value.toString(36).padStart(10, '0')}`;
}

/** A free sub-host name for a company that did not choose one. */
export async function pickDomain(db: Executor): Promise<string> {
  for (let i = 0; i < DOMAIN_TRIES; i++) {
    const domain = randomDomain();
    if (!(await isDomainTaken(db, domain))) return domain;
  }
  throw new Error('no free enterprise domain found');
}
