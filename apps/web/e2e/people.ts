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
const A = '/api/portal/admin/v4';

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

async function body<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(0);
  return envelope.data;
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
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const newest = (await body<{ text: string; at: string }[]>(response))[0];
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

/**
 * Proves the person's email the way its owner does in the personal centre: a `bind` code sent to
 * it, then `updateEmail` with that code. An email given at registration is unproven until then: it
 * neither signs in nor receives sign-in or reset codes. The send starts the email's code minute.
 */
export async function proveEmail(request: APIRequestContext, person: Pick<Person, 'email' | 'token'>): Promise<void> {
  const { email, token } = person;
  const headers = { Authorization: `Bearer ${token}` };
  await body(await request.post(`${F}/send-email`, { data: { email, scene: 'bind' } }));
  const code = await latestCode(request, email);
  await body(await request.post(`${A}/user/updateEmail`, { headers, data: { email, code } }));
  const current = await body<{ email: string | null; emailVerified: boolean }>(
    await request.get(`${F}/user/current`, { headers }),
  );
  expect(current).toMatchObject({ email, emailVerified: true });
}

/** A new administrator of a new company, signed up through an operator admin link. */
export async function newAdmin(
  request: APIRequestContext,
  nickname = 'Test Admin',
): Promise<Person & { domain: string }> {
  // a company without products: each test grants what it needs
  const link = await inviteLink('admin', undefined, undefined, []);
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
