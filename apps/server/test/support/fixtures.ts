import type { FastifyInstance } from 'fastify';
import type { Language } from '@portal/shared/constants';
import type { ProductCode } from '@portal/shared/products';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { createEnterprise } from '../../src/libraries/company/enterprises.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { insertMembership } from '../../src/queries/memberships.ts';
import { findProductsByCode, insertEnterpriseProducts } from '../../src/queries/products.ts';
import { addUser, passwordHashOf } from '../../test-kit/users.ts';

let sequence = 0;
const next = () => ++sequence;

export const PASSWORD = 'Secret2026';

export interface UserInput {
  account?: string;
  phone?: string | null;
  email?: string | null;
  nickname?: string;
  phoneCertified?: boolean;
  /** Proven unless false: a fixture's email signs in and receives codes like a proven one. */
  emailVerified?: boolean;
  disabled?: boolean;
  langCode?: Language;
}

/** A user with PASSWORD; every identifier unique unless given. */
export async function createUser(app: FastifyInstance, input: UserInput = {}) {
  const n = next();
  const now = app.ctx.now();
  const user = {
    account: input.account ?? `user${n}`,
    phone: input.phone === undefined ? `139${String(n).padStart(8, '0')}` : input.phone,
    email: input.email === undefined ? `user${n}@example.com` : input.email,
  };
  const id = await addUser(app.ctx.db, {
    ...user,
    nickname: input.nickname ?? `User ${n}`,
    passwordHash: await passwordHashOf(PASSWORD),
    phoneProven: input.phoneCertified !== false,
    emailProven: input.emailVerified !== false,
    disabled: input.disabled,
    langCode: input.langCode,
    at: now,
  });
  return { id, ...user };
}

/** A company with the given products, and its members. */
export async function createCompany(
  app: FastifyInstance,
  options: {
    products?: ProductCode[];
    members?: { userId: number; role?: 'admin' | 'member' }[];
    domain?: string;
  } = {},
) {
  const n = next();
  const prefix = `91330100MA${String(n).padStart(7, '0')}`;
  const { enterpriseId, defaultDepartmentId } = await companyTransaction(app.ctx, [], async (trx) => {
    const created = await createEnterprise(app.ctx, trx, {
      kind: 'common',
      abbreviation: `Co${n}`,
      fullName: `Company ${n} Ltd`,
      creditCode: prefix + creditCodeCheckChar(prefix),
      domain: options.domain ?? `company${n}`,
    });
    const products = await findProductsByCode(trx, options.products ?? []);
    await insertEnterpriseProducts(
      trx,
      created.enterpriseId,
      products.map((p) => p.id),
      app.ctx.now(),
    );
    for (const [index, member] of (options.members ?? []).entries()) {
      await insertMembership(trx, {
        enterprise_id: created.enterpriseId,
        user_id: member.userId,
        role: member.role ?? 'member',
        department_id: created.defaultDepartmentId,
        joined_at: app.ctx.now() + index,
      });
    }
    return created;
  });
  return { enterpriseId, defaultDepartmentId, domain: options.domain ?? `company${n}` };
}
