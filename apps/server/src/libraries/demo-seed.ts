import type { ProductCode } from '@portal/shared/products';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import type { AppContext } from '../context.ts';
import { insertMembership } from '../queries/memberships.ts';
import { findProductsByCode, insertEnterpriseProducts } from '../queries/products.ts';
import { findUserByIdentifier, insertUser } from '../queries/users.ts';
import { createEnterprise } from './enterprises.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PASSWORD = 'Portal2026';

const DEMO_COMPANIES = [
  {
    key: 'demo',
    abbreviation: '绿能示范',
    fullName: '绿能示范科技有限公司',
    creditPrefix: '91330100MA2DEMO01',
    products: ['esguard', 'mgguard', 'seop', 'settcntr', 'esark'],
  },
  {
    key: 'solo',
    abbreviation: '精算储能',
    fullName: '精算储能服务有限公司',
    creditPrefix: '91330100MA2SOLO02',
    products: ['saas-es-actuary'],
  },
] as const satisfies readonly {
  key: string;
  abbreviation: string;
  fullName: string;
  creditPrefix: string;
  products: readonly ProductCode[];
}[];

const DEMO_USERS = [
  {
    account: 'admin',
    nickname: '演示管理员',
    phone: '13800000000',
    email: 'admin@demo.example.com',
    companies: ['demo', 'solo'],
  },
  {
    account: 'solo',
    nickname: '单产品用户',
    phone: '13800000001',
    email: 'solo@demo.example.com',
    companies: ['solo'],
  },
] as const;

export interface DemoSeedResult {
  created: boolean;
  accounts: { account: string; password: string; phone: string; email: string }[];
  /** The companies by domain, the name `invite --enterprise` and the other commands take. */
  companies: { domain: string; name: string }[];
}

/**
 * The demo tenant: a company with several products, a second with exactly one, an administrator of
 * both and a member of the one-product company, each in the company's default department. Idempotent: a database that has the demo
 * administrator already is left alone.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoSeedResult> {
  const accounts = DEMO_USERS.map((u) => ({
    account: u.account,
    password: DEMO_PASSWORD,
    phone: u.phone,
    email: u.email,
  }));
  const companies = DEMO_COMPANIES.map((c) => ({ domain: c.key, name: c.abbreviation }));
  if (await findUserByIdentifier(ctx.db, 'account', 'admin')) return { created: false, accounts, companies };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const companies = new Map<string, { enterpriseId: number; defaultDepartmentId: number }>();
    for (const company of DEMO_COMPANIES) {
      // unique per seed run, with a valid GB 32100-2015 check character
      const creditCode = company.creditPrefix + creditCodeCheckChar(company.creditPrefix);
      const { enterpriseId, defaultDepartmentId } = await createEnterprise(ctx, trx, {
        kind: 'common',
        abbreviation: company.abbreviation,
        fullName: company.fullName,
        creditCode,
        domain: company.key,
      });
      const products = await findProductsByCode(trx, [...company.products]);
      await insertEnterpriseProducts(
        trx,
        enterpriseId,
        products.map((p) => p.id),
        now,
      );
      companies.set(company.key, { enterpriseId, defaultDepartmentId });
    }
    for (const user of DEMO_USERS) {
      const userId = await insertUser(trx, {
        account: user.account,
        nickname: user.nickname,
        phone: user.phone,
        email: user.email,
        password_hash: passwordHash,
        lang_code: 'zh-CN',
        user_type: 'investors',
        phone_certified: 1,
        email_verified: 1,
        disabled: 0,
        last_enterprise_id: null,
        created_at: now,
        updated_at: now,
      });
      for (const [index, key] of user.companies.entries()) {
        const { enterpriseId, defaultDepartmentId } = companies.get(key)!;
        await insertMembership(trx, {
          enterprise_id: enterpriseId,
          user_id: userId,
          role: user.account === 'admin' ? 'admin' : 'member',
          department_id: defaultDepartmentId,
          joined_at: now + index,
        });
      }
    }
  });
  return { created: true, accounts, companies };
}
