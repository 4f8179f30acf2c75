import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';

/**
 * Fresh people for tests that change what they touch: an operator invite link from the command
 * line, then the real registration calls, so that no test alters the shared demo tenant.
 */
const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATABASE = fileURLToPath(new URL(`../test-results/e2e-${PORT}.db`, import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const F = '/api/portal/front/v4';

export const PASSWORD = 'Fresh2026pass';

let counter = 0;
/** A phone number no other test run uses: the time and a counter keep them apart. */
export function uniquePhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter % 100}`.padStart(8, '0').slice(-8);
  return `159${tail}`;
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
): Promise<Invitation> {
  const args = ['--import', 'tsx', 'apps/server/src/cli.ts', 'invite', '--kind', kind, '--json'];
  if (kind !== 'admin') args.push('--enterprise', enterprise);
  if (hours !== undefined) args.push('--hours', String(hours));
  const { stdout } = await run(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: `sqlite:${DATABASE}` },
  });
  return JSON.parse(stdout) as Invitation;
}

async function body<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(0);
  return envelope.data;
}

/** The newest code the development outbox holds for a phone or email. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const messages = await body<{ text: string }[]>(response);
  const code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A registration ticket for a phone, through sendSms, the outbox and checkCode. */
export async function registrationTicket(request: APIRequestContext, phone: string): Promise<string> {
  await body(await request.post(`${F}/sendSms`, { data: { phone, scene: 'register' } }));
  const code = await latestCode(request, phone);
  return (
    await body<{ ticket: string }>(await request.post(`${F}/checkCode`, { data: { phone, code, scene: 'register' } }))
  ).ticket;
}

export interface Person {
  phone: string;
  password: string;
  nickname: string;
  email: string;
  token: string;
}

/** A new member of a company (demo by default), signed up through a member link. */
export async function newMember(
  request: APIRequestContext,
  enterprise = 'demo',
  nickname = 'Test Member',
): Promise<Person> {
  const link = await inviteLink('member', enterprise);
  const phone = uniquePhone();
  const email = `${phone}@people.example.com`;
  const ticket = await registrationTicket(request, phone);
  const data = await body<{ token: string }>(
    await request.post(`${F}/user/boundEnterpriseSignUp`, {
      data: { referralId: link.id, ticket, nickname, password: PASSWORD, confirmPassword: PASSWORD, email },
    }),
  );
  return { phone, password: PASSWORD, nickname, email, token: data.token };
}

/** A new administrator of a new company, signed up through an operator admin link. */
export async function newAdmin(
  request: APIRequestContext,
  nickname = 'Test Admin',
): Promise<Person & { domain: string }> {
  const link = await inviteLink('admin');
  const phone = uniquePhone();
  const email = `${phone}@people.example.com`;
  const ticket = await registrationTicket(request, phone);
  const suffix = phone.slice(-8);
  const data = await body<{ token: string; enterpriseDomain: string }>(
    await request.post(`${F}/admin/signup`, {
      data: {
        referralId: link.id,
        ticket,
        nickname,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        email,
        enterprise: { abbreviation: `T${suffix}`, fullName: `Test Company ${suffix}`, creditCode: creditCode(suffix) },
      },
    }),
  );
  return { phone, password: PASSWORD, nickname, email, token: data.token, domain: data.enterpriseDomain };
}

/** A valid unified social credit code that varies with `seed`. */
function creditCode(seed: string): string {
  const first17 = `913301${seed.padStart(8, '0').slice(-8)}MA2`;
  return first17 + creditCodeCheckChar(first17);
}
