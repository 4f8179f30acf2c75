import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import {
  addUser,
  choosePasswordHashCost,
  companyTransaction,
  createEnterprise,
  findDefaultDepartmentId,
  findEnterpriseByDomain,
  hashSecret,
  insertMembership,
  passwordHashOf,
} from '@portal/server/test-kit';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { operationCalls } from '@portal/shared/api/contract/operations';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { succeed } from './call';
import { DATABASE, connection, database } from './database';

/**
 * Fresh people for tests that change what they touch, so that no test alters the shared demo tenant
 * nor meets another's people: written into the running e2e server's database as registration leaves
 * them (the registration screens have tests of their own), then signed in through the API. Invitation
 * links come from the operator command line.
 */
const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export const PASSWORD = 'Fresh2026pass';
// the e2e server's own cost (PASSWORD_HASH_COST in playwright.config.ts): a stored hash is verified at
// the cost it was made with, on each sign-in of these people
choosePasswordHashCost('test');

/** The worker's own digit (workers run side by side on one database), then a counter started from
 *  the clock, so that a worker started again after a failure does not repeat its predecessor. */
const WORKER_DIGIT = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
let counter = Date.now() % 10_000_000;
/** A phone number no other test of the run uses. */
export function uniquePhone(): string {
  counter = (counter + 1) % 10_000_000;
  return `159${WORKER_DIGIT}${String(counter).padStart(7, '0')}`;
}

export interface Invitation {
  id: string;
  url: string;
  expiresAt: string;
}

/** An invitation link from the operator command line, on the database of the running e2e server. */
export async function inviteLink(
  kind: 'admin' | 'member' | 'owner',
  enterprise = 'demo',
  hours?: number,
  /** `admin` only: the new company's products; the command line's default (the settings centre) unless given. */
  products?: string[],
): Promise<Invitation> {
  const args = ['--import', 'tsx', 'apps/server/src/cli.ts', 'invite', '--kind', kind, '--json'];
  if (kind !== 'admin') args.push('--enterprise', enterprise);
  if (hours !== undefined) args.push('--hours', String(hours));
  if (products !== undefined) args.push('--products', products.join(','));
  const { stdout } = await run(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: `sqlite:${DATABASE}` },
  });
  return JSON.parse(stdout) as Invitation;
}

/** How long a code may take to reach the outbox after the send has answered (a delivery queue). */
const DELIVERY_WAIT_MS = 5_000;
/**
 * A message older than this belongs to an earlier send: one target gets one code a minute, so the
 * code before the one just asked for went out at least a minute before it, and is never taken for it.
 */
const FRESH_MS = 30_000;

/**
 * The code of the newest message the development outbox holds for a phone or email, once it is
 * there: read just after a send, it may not have been delivered yet.
 */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  for (;;) {
    const newest = (await succeed(request, operationCalls.devOutbox, { query: { to } }))[0];
    const fresh = newest && Date.parse(newest.at) > Date.now() - FRESH_MS ? newest : undefined;
    const code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() >= deadline) {
      const older = newest ? ` (only one from ${newest.at}, before this send)` : '';
      throw new Error(`no code in the outbox for ${to} within ${DELIVERY_WAIT_MS / 1000} s${older}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A registration ticket for a phone, through sendSms, the outbox and checkCode. */
export async function registrationTicket(request: APIRequestContext, phone: string): Promise<string> {
  await succeed(request, codeCalls.sendSms, { body: { phone, scene: 'register' } });
  const code = await latestCode(request, phone);
  return (await succeed(request, codeCalls.checkPhoneCode, { body: { phone, code, scene: 'register' } })).ticket;
}

export interface Person {
  id: number;
  phone: string;
  password: string;
  nickname: string;
  email: string;
  token: string;
}

export interface PersonOptions {
  /** A phone of the test's choosing (uniquePhone()), where it must be known before the person is. */
  phone?: string;
  /** An account name, as an administrator hands out; people who sign up themselves have none. */
  account?: string;
  /** An email given at registration is unproven until its owner proves it: it neither signs in nor
   *  receives codes. True: proven already. */
  emailProven?: boolean;
}

async function signInByPhone(request: APIRequestContext, phone: string): Promise<string> {
  const body = { loginType: 'password', identifierType: 'phone', identifier: phone, password: PASSWORD };
  const signedIn = await succeed(request, signInCalls.login, { body });
  if (!('token' in signedIn)) throw new Error(`${phone} was asked for a second step`);
  return signedIn.token;
}

async function companyOf(domain: string): Promise<{ enterpriseId: number; departmentId: number }> {
  const enterprise = await findEnterpriseByDomain(database(), domain);
  if (!enterprise) throw new Error(`no company ${domain}`);
  return { enterpriseId: enterprise.id, departmentId: await findDefaultDepartmentId(database(), enterprise.id) };
}

/** A person who signed up with a proven phone and, unless told otherwise, an unproven email, in
 *  the default department of a company, as a member or its administrator; signed in once. */
async function newPerson(
  request: APIRequestContext,
  company: { enterpriseId: number; departmentId: number },
  role: 'admin' | 'member',
  nickname: string,
  options: PersonOptions,
): Promise<Person> {
  const phone = options.phone ?? uniquePhone();
  const email = `${phone}@people.example.com`;
  const now = Date.now();
  const id = await addUser(database(), {
    account: options.account ?? null,
    nickname,
    phone,
    email,
    passwordHash: await passwordHashOf(PASSWORD),
    emailProven: options.emailProven ?? false,
    lastEnterpriseId: company.enterpriseId,
    at: now,
  });
  await insertMembership(database(), {
    enterprise_id: company.enterpriseId,
    user_id: id,
    role,
    department_id: company.departmentId,
    joined_at: now,
  });
  return { id, phone, password: PASSWORD, nickname, email, token: await signInByPhone(request, phone) };
}

/** A new member of a company (demo by default). */
export async function newMember(
  request: APIRequestContext,
  enterprise = 'demo',
  nickname = 'Test Member',
  options: PersonOptions = {},
): Promise<Person> {
  return newPerson(request, await companyOf(enterprise), 'member', nickname, options);
}

/** Makes a person a member of a further company too. */
export async function joinCompany(person: Pick<Person, 'id'>, enterprise: string): Promise<void> {
  const { enterpriseId, departmentId } = await companyOf(enterprise);
  await insertMembership(database(), {
    enterprise_id: enterpriseId,
    user_id: person.id,
    role: 'member',
    department_id: departmentId,
    joined_at: Date.now(),
  });
}

/** The administrator of a new company without products (each test grants what it needs). */
export async function newAdmin(
  request: APIRequestContext,
  nickname = 'Test Admin',
): Promise<Person & { domain: string; companyName: string }> {
  const phone = uniquePhone();
  const suffix = phone.slice(-8);
  const domain = `t${suffix}`;
  const companyName = `Test Company ${suffix}`;
  // a new company is written in a company transaction, as the server writes one
  const { enterpriseId, defaultDepartmentId } = await companyTransaction(connection(), [], (trx) =>
    createEnterprise({ now: Date.now }, trx, {
      kind: 'common',
      abbreviation: `T${suffix}`,
      fullName: companyName,
      creditCode: creditCode(suffix),
      domain,
    }),
  );
  const admin = await newPerson(request, { enterpriseId, departmentId: defaultDepartmentId }, 'admin', nickname, {
    phone,
  });
  return { ...admin, domain, companyName };
}

/** Ends an invitation link's lifetime at once, as its hours having passed would. */
export async function expireInvitation(invitation: Pick<Invitation, 'id'>): Promise<void> {
  await database()
    .updateTable('invitations')
    .set({ expires_at: Date.now() - 1 })
    .where('token_hash', '=', hashSecret(invitation.id))
    .execute();
}

/** A valid unified social credit code that varies with `seed`. */
function creditCode(seed: string): string {
  const first17 = `913301${seed.padStart(8, '0').slice(-8)}MA2`;
  return first17 + creditCodeCheckChar(first17);
}
