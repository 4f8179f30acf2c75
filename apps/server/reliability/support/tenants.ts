import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { contract } from '@portal/shared/api/contract';
import type { InvitationKind, InvitationLink } from '@portal/shared/api/registration';
import type { ProductCode } from '@portal/shared/products';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import type { AppContext } from '../../src/context.ts';
import type { Db } from '../../src/db/database.ts';
import { createEnterprise } from '../../src/libraries/company/enterprises.ts';
import { createInvitation } from '../../src/libraries/company/invitations.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { insertMembership } from '../../src/queries/memberships.ts';
import { findProductsByCode, insertEnterpriseProducts } from '../../src/queries/products.ts';
import { fixtureContext as kitContext } from '../../test-kit/context.ts';
import { insertAccount } from './accounts.ts';
import { type ServerProcess, newClientAddress } from './server-process.ts';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The libraries' context on the server's database, for fixtures written the way the server writes them. */
export function fixtureContext(server: ServerProcess, db: Db): AppContext {
  return kitContext(db, { publicUrl: server.baseUrl, databaseUrl: server.databaseUrl });
}

let companySequence = Math.floor(Math.random() * 1_000_000) * 10;

/** A company with its default department and branding, the given products, and its people. */
export async function createCompany(
  ctx: AppContext,
  options: { products?: ProductCode[]; people?: { userId: number; role: 'admin' | 'member' }[] } = {},
) {
  const n = ++companySequence;
  const prefix = `91440300MA${String(n).padStart(7, '0')}`;
  const domain = `tenant${n}`;
  const { enterpriseId, defaultDepartmentId } = await companyTransaction(ctx, [], async (trx) => {
    const created = await createEnterprise(ctx, trx, {
      kind: 'common',
      abbreviation: `Te${n}`,
      fullName: `Tenant ${n} Ltd`,
      creditCode: prefix + creditCodeCheckChar(prefix),
      domain,
    });
    const products = await findProductsByCode(trx, options.products ?? []);
    await insertEnterpriseProducts(
      trx,
      created.enterpriseId,
      products.map((p) => p.id),
      ctx.now(),
    );
    for (const [index, person] of (options.people ?? []).entries()) {
      await insertMembership(trx, {
        enterprise_id: created.enterpriseId,
        user_id: person.userId,
        role: person.role,
        department_id: created.defaultDepartmentId,
        joined_at: ctx.now() + index,
      });
    }
    return created;
  });
  return { enterpriseId, defaultDepartmentId, domain };
}

/** An invitation link made as the settings centre or the operator makes it (the secret is known only here). */
export function inviteLink(ctx: AppContext, kind: InvitationKind, enterpriseId: number | null, maxUses?: number) {
  return createInvitation(ctx, { kind, enterpriseId, createdBy: null, ...(maxUses ? { maxUses } : {}) });
}

/** The operator command line on the server's database: `npm run portal -- <args> --json`. */
export async function operatorCommand(server: ServerProcess, args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args, '--json'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout);
}

export function operatorInvite(server: ServerProcess, args: string[]): Promise<InvitationLink> {
  return operatorCommand(server, ['invite', ...args]) as Promise<InvitationLink>;
}

/** Signs in with the account's password over HTTP; fails loudly, as a fixture must work. */
export async function signIn(server: ServerProcess, account: string, password: string): Promise<string> {
  const reply = await server.call(contract.login, {
    body: { loginType: 'password', identifierType: 'account', identifier: account, password },
    from: newClientAddress(),
  });
  if (reply.json?.code !== 0) throw new Error(`sign-in of ${account} failed: ${reply.text}`);
  return reply.json.data.token as string;
}

/** A person with a password, signed in. */
export async function signedInPerson(server: ServerProcess, db: Db, password: string) {
  const person = await insertAccount(db, { password });
  return { ...person, token: await signIn(server, person.account, password) };
}

/** The registration ticket of a phone, the way the web app gets it: send, read the outbox, check. */
export async function registrationTicket(server: ServerProcess, phone: string): Promise<string> {
  const sent = await server.call(contract.sendSms, {
    body: { phone, scene: 'register' },
    from: newClientAddress(),
  });
  if (sent.json?.code !== 0) throw new Error(`sendSms to ${phone}: ${sent.text}`);
  const code = await server.latestCode(phone);
  const checked = await server.call(contract.checkPhoneCode, {
    body: { phone, code, scene: 'register' },
    from: newClientAddress(),
  });
  if (checked.json?.code !== 0) throw new Error(`checkCode of ${phone}: ${checked.text}`);
  return checked.json.data.ticket as string;
}

/** Company details nobody else uses, with a valid unified social credit code. */
export function newCompanyDetails() {
  const n = ++companySequence;
  const prefix = `91310000MA${String(n).padStart(7, '0')}`;
  return { abbreviation: `Reg${n}`, fullName: `Registered ${n} Ltd`, creditCode: prefix + creditCodeCheckChar(prefix) };
}
