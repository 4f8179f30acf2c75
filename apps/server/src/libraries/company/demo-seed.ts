import type { ProductCode } from '@portal/shared/products';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { ConfigError } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { findMembership, insertMembership } from '../../queries/memberships.ts';
import { findClient, insertClient } from '../../queries/openid.ts';
import { findProductsByCode } from '../../queries/products.ts';
import { findDefaultDepartmentId } from '../../queries/registration-enterprises.ts';
import { findUserByIdentifier, insertUser } from '../../queries/users.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { companyTransaction, lockCompanies } from '../platform/company-transaction.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { hashSecret } from '../platform/secrets.ts';
import { createEnterprise } from './enterprises.ts';
import { changeProductRights } from './product-rights.ts';

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

/**
 * The sample product's OpenID client (examples/product-app, on port 3001). Its secret is fixed and
 * written in docs/product-teams.md, which is acceptable only because the demo tenant is for local use:
 * seedDemo refuses production, the demo accounts' password is just as public, and every URI the client
 * accepts is on localhost, so a code issued to it only ever reaches the browser's own machine.
 * Stored as a hash like every client secret.
 */
export const DEMO_CLIENT = {
  clientId: 'demo-product',
  secret: 'demo-product-secret',
  productCode: 'esguard',
  redirectUri: 'http://localhost:3001/callback',
  postLogoutRedirectUri: 'http://localhost:3001/',
  backchannelLogoutUri: 'http://localhost:3001/backchannel-logout',
} as const satisfies { productCode: ProductCode } & Record<string, string>;

export interface DemoSeedResult {
  /** Made from nothing by this call. */
  created: boolean;
  /** What this call added to a demo tenant it found incomplete (an older start, one that died part
   *  way, or a part deleted since): "company demo", "account solo", "solo in demo", "client". */
  repaired: string[];
  /** `password` is null once the account no longer signs in with the seeded one (changed or reset). */
  accounts: { account: string; password: string | null; phone: string; email: string }[];
  /** The companies by domain, the name `invite --enterprise` and the other commands take. */
  companies: { domain: string; name: string }[];
  /** `secret` is null once the client's secret was rotated. */
  client: { clientId: string; secret: string | null; redirectUri: string };
}

/** The sample product's client, which a demo tenant seeded before clients existed lacks. */
async function insertDemoClient(ctx: AppContext, trx: Executor): Promise<void> {
  const now = ctx.now();
  await insertClient(trx, {
    client_id: DEMO_CLIENT.clientId,
    product_code: DEMO_CLIENT.productCode,
    name: 'Demo product (examples/product-app)',
    secret_hash: hashSecret(DEMO_CLIENT.secret),
    auth_method: 'client_secret_basic',
    redirect_uris: JSON.stringify([DEMO_CLIENT.redirectUri]),
    post_logout_redirect_uris: JSON.stringify([DEMO_CLIENT.postLogoutRedirectUri]),
    backchannel_logout_uri: DEMO_CLIENT.backchannelLogoutUri,
    first_party: 1,
    disabled_at: null,
    created_at: now,
    updated_at: now,
  });
}

/**
 * The demo tenant: a company with several products, a second with exactly one, an administrator of
 * both and a member of the one-product company, each in the company's default department, and the
 * sample product's client. Whatever of it is missing is added, all in one transaction, so that a
 * process that dies meanwhile leaves the database as it found it: a database without the tenant gets
 * all of it, one with all of it is left alone, and one with a part (a company, an account, a
 * membership or the client missing) keeps what it has and gets the rest, which `repaired` names.
 * Refused in production: its passwords and its client secret are public.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoSeedResult> {
  if (ctx.config.production)
    throw new ConfigError(
      'seed-demo is refused with NODE_ENV=production: the demo tenant has public passwords and a public client secret',
    );
  const accounts = DEMO_USERS.map((u) => ({
    account: u.account,
    password: DEMO_PASSWORD,
    phone: u.phone,
    email: u.email,
  }));
  const companies = DEMO_COMPANIES.map((c) => ({ domain: c.key, name: c.abbreviation }));
  const client = { clientId: DEMO_CLIENT.clientId, secret: DEMO_CLIENT.secret, redirectUri: DEMO_CLIENT.redirectUri };
  // argon2 takes a while: hashed before the transaction, and only when an account is to be made
  let passwordHash: string | undefined;
  for (const user of DEMO_USERS)
    if (!(await findUserByIdentifier(ctx.db, 'account', user.account)))
      passwordHash ??= await hashPassword(DEMO_PASSWORD);

  const added = await companyTransaction(ctx, [], async (trx) => {
    const now = ctx.now();
    const added: string[] = [];
    const companies = new Map<string, { enterpriseId: number; defaultDepartmentId: number }>();
    const existing = await Promise.all(DEMO_COMPANIES.map((company) => findEnterpriseByDomain(trx, company.key)));
    await lockCompanies(
      trx,
      existing.flatMap((found) => (found ? [found.id] : [])),
    );
    for (const [index, company] of DEMO_COMPANIES.entries()) {
      const found = existing[index];
      if (found) {
        companies.set(company.key, {
          enterpriseId: found.id,
          defaultDepartmentId: await findDefaultDepartmentId(trx, found.id),
        });
        continue;
      }
      // with a valid GB 32100-2015 check character
      const creditCode = company.creditPrefix + creditCodeCheckChar(company.creditPrefix);
      const created = await createEnterprise(ctx, trx, {
        kind: 'common',
        abbreviation: company.abbreviation,
        fullName: company.fullName,
        creditCode,
        domain: company.key,
      });
      const products = await findProductsByCode(trx, [...company.products]);
      await changeProductRights(ctx, trx, created.enterpriseId, { grant: products.map((p) => p.id) });
      companies.set(company.key, created);
      added.push(`company ${company.key}`);
    }
    for (const user of DEMO_USERS) {
      let userId = (await findUserByIdentifier(trx, 'account', user.account))?.id;
      if (userId === undefined) {
        passwordHash ??= await hashPassword(DEMO_PASSWORD);
        userId = await insertUser(trx, {
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
        added.push(`account ${user.account}`);
      }
      for (const [index, key] of user.companies.entries()) {
        const { enterpriseId, defaultDepartmentId } = companies.get(key)!;
        if (await findMembership(trx, enterpriseId, userId)) continue;
        const role = user.account === 'admin' ? 'admin' : 'member';
        await insertMembership(trx, {
          enterprise_id: enterpriseId,
          user_id: userId,
          role,
          department_id: defaultDepartmentId,
          joined_at: now + index,
        });
        await recordEvent(ctx, trx, {
          enterpriseId,
          type: 'member.joined',
          data: { userId, role, departmentId: defaultDepartmentId, via: 'created' },
        });
        added.push(`${user.account} in ${key}`);
      }
    }
    if (!(await findClient(trx, DEMO_CLIENT.clientId))) {
      await insertDemoClient(ctx, trx);
      added.push('client');
    }
    return added;
  });
  // every part added: the tenant was not there at all
  const parts = DEMO_COMPANIES.length + DEMO_USERS.length + DEMO_USERS.flatMap((u) => u.companies).length + 1;
  const created = added.length === parts;
  if (created) return { created, repaired: [], accounts, companies, client };
  // a tenant that was there is told as it is: a password or secret changed since the seed is not printed
  const present = await Promise.all(
    accounts.map(async (a) => {
      const user = await findUserByIdentifier(ctx.db, 'account', a.account);
      const seeded = !!user?.password_hash && (await verifyPassword(user.password_hash, DEMO_PASSWORD));
      return { ...a, password: seeded ? DEMO_PASSWORD : null };
    }),
  );
  const stored = await findClient(ctx.db, DEMO_CLIENT.clientId);
  const secret = stored?.secret_hash === hashSecret(DEMO_CLIENT.secret) ? DEMO_CLIENT.secret : null;
  return { created, repaired: added, accounts: present, companies, client: { ...client, secret } };
}
