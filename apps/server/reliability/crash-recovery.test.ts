import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { Db } from '../src/db/database.ts';
import { freshPhone, insertAccount } from './support/accounts.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';
import {
  createCompany,
  fixtureContext,
  inviteLink,
  newCompanyDetails,
  operatorInvite,
  registrationTicket,
  signIn,
} from './support/tenants.ts';

const OLD_PASSWORD = 'Before2026x';
const NEW_PASSWORD = 'After2026xy';
const REGISTRATION_PASSWORD = 'Joined2026x';
const ROUNDS = 3;
const WORKERS = 6;

/** A write as the client knows it: not sent yet, waiting for its answer, acknowledged (the answer said
 *  success), failed while the server ran (a defect), or unknown (the server died before answering). */
type Known = 'untouched' | 'pending' | 'acknowledged' | 'failed' | 'unknown';
const STATES: Known[] = ['untouched', 'pending', 'acknowledged', 'failed', 'unknown'];

interface Registration {
  kind: 'admin' | 'member';
  phone: string;
  state: Known;
  answer?: { token: string; enterpriseId: number };
  failure?: string;
}

/** An account that changes its password once, so that an unanswered change leaves one of two passwords. */
interface PasswordChange {
  account: string;
  token: string;
  state: Known;
  failure?: string;
}

describe(`kill -9 during registrations and password changes, then a restart (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  const adminLinks: string[] = [];
  let memberLink = '';
  let memberCompanyId = 0;
  const people: PasswordChange[] = [];
  const registrations: Registration[] = [];

  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
    const ctx = fixtureContext(server, db);
    // the platform operator's links, as the command line prints them, and more of the same kind
    const fromOperator = await Promise.all([
      operatorInvite(server, ['--kind', 'admin']),
      operatorInvite(server, ['--kind', 'admin']),
    ]);
    adminLinks.push(...fromOperator.map((link) => link.id));
    for (let i = 0; i < 60; i++) adminLinks.push((await inviteLink(ctx, 'admin', null)).id);

    const owner = await insertAccount(db, { password: OLD_PASSWORD });
    const company = await createCompany(ctx, { people: [{ userId: owner.id, role: 'admin' }] });
    memberCompanyId = company.enterpriseId;
    memberLink = (await inviteLink(ctx, 'member', company.enterpriseId, 1000)).id;

    const accounts = await Promise.all(Array.from({ length: 45 }, () => insertAccount(db, { password: OLD_PASSWORD })));
    for (const account of accounts) {
      people.push({
        account: account.account,
        token: await signIn(server, account.account, OLD_PASSWORD),
        state: 'untouched',
      });
    }
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  /** One registration through the web app's steps: code, ticket, then the redeeming call. */
  async function register(registration: Registration): Promise<void> {
    registration.state = 'pending';
    const ticket = await registrationTicket(server, registration.phone);
    const account = {
      ticket,
      nickname: 'Crash Test',
      password: REGISTRATION_PASSWORD,
      confirmPassword: REGISTRATION_PASSWORD,
    };
    const reply =
      registration.kind === 'admin'
        ? await server.call(contract.adminSignUp, {
            body: { referralId: adminLinks.pop(), ...account, enterprise: newCompanyDetails() },
            from: newClientAddress(),
          })
        : await server.call(contract.memberSignUp, {
            body: { referralId: memberLink, ...account },
            from: newClientAddress(),
          });
    if (reply.json?.code !== 0) throw new Error(reply.text);
    registration.state = 'acknowledged';
    registration.answer = reply.json.data;
  }

  async function changePassword(person: PasswordChange): Promise<void> {
    person.state = 'pending';
    const reply = await server.call(contract.updatePassword, {
      token: person.token,
      body: { oldPassword: OLD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      from: newClientAddress(),
    });
    if (reply.json?.code !== 0) throw new Error(reply.text);
    person.state = 'acknowledged';
  }

  /** Registrations and password changes from several clients at once, until the process is killed. */
  async function streamThenKill(round: number) {
    let killed = false;
    /** A write that did not get its success: unknown once the kill came, a defect before it. */
    const settle = (write: { state: Known; failure?: string }) => (error: Error) => {
      write.state = killed ? 'unknown' : 'failed';
      write.failure = error.message;
    };
    const worker = async (index: number) => {
      for (let step = 0; !killed; step++) {
        const person = (index + step) % 3 === 0 ? people.find((p) => p.state === 'untouched') : undefined;
        if (person) {
          await changePassword(person).catch(settle(person));
        } else {
          const registration: Registration = {
            kind: (index + step) % 2 ? 'admin' : 'member',
            phone: freshPhone(),
            state: 'untouched',
          };
          registrations.push(registration);
          await register(registration).catch(settle(registration));
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, i) => worker(i));
    const acknowledged = () => registrations.filter((r) => r.state === 'acknowledged').length;
    const target = acknowledged() + 4;
    const deadline = Date.now() + 20_000;
    while (acknowledged() < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // a moment later than an answer, so that the kill lands inside requests rather than between them
    await new Promise((r) => setTimeout(r, 37 * round));
    const inFlight =
      registrations.filter((r) => r.state === 'pending').length + people.filter((p) => p.state === 'pending').length;
    killed = true;
    await server.stop('SIGKILL');
    expect(server.exitSignal).toBe('SIGKILL');
    await Promise.all(workers);
    console.log(`[${ENGINE}] round ${round}: killed with ${inFlight} writes in flight`);
    await server.launch();
  }

  it(
    'keeps every acknowledged write, and no company without its default department and an administrator',
    { timeout: 180_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round++) await streamThenKill(round);

      const byState = (list: { state: Known }[]) =>
        Object.fromEntries(STATES.map((state) => [state, list.filter((x) => x.state === state).length]));
      const changes = people.filter((p) => p.state !== 'untouched');
      console.log(`[${ENGINE}] registrations:`, byState(registrations), 'password changes:', byState(changes));
      expect(registrations.filter((r) => r.state === 'acknowledged').length).toBeGreaterThanOrEqual(4 * ROUNDS);
      expect(changes.filter((p) => p.state === 'acknowledged').length).toBeGreaterThanOrEqual(1);
      expect([...registrations, ...changes].filter((w) => w.state === 'failed').map((w) => w.failure)).toEqual([]);

      // each acknowledged registration: its user, company and membership, and the session it was given
      for (const registration of registrations.filter((r) => r.state === 'acknowledged')) {
        const user = await db.db
          .selectFrom('users')
          .select(['id', 'phone_certified'])
          .where('phone', '=', registration.phone)
          .executeTakeFirst();
        expect(user, registration.phone).toBeDefined();
        expect(user!.phone_certified).toBe(1);
        const enterpriseId = registration.answer!.enterpriseId;
        if (registration.kind === 'member') expect(enterpriseId).toBe(memberCompanyId);
        const membership = await db.db
          .selectFrom('memberships')
          .select('role')
          .where('user_id', '=', user!.id)
          .where('enterprise_id', '=', enterpriseId)
          .executeTakeFirst();
        expect(membership?.role, registration.phone).toBe(registration.kind === 'admin' ? 'admin' : 'member');
        const current = await server.call(contract.currentUser, {
          token: registration.answer!.token,
          from: newClientAddress(),
        });
        expect(current.json.code, registration.phone).toBe(0);
      }
      // an unanswered registration happened whole or not at all
      let writtenUnanswered = 0;
      for (const registration of registrations.filter((r) => r.state === 'unknown')) {
        const user = await db.db
          .selectFrom('users')
          .select('id')
          .where('phone', '=', registration.phone)
          .executeTakeFirst();
        if (!user) continue;
        writtenUnanswered++;
        const memberships = await db.db
          .selectFrom('memberships')
          .select('role')
          .where('user_id', '=', user.id)
          .execute();
        expect(
          memberships.map((m) => m.role),
          registration.phone,
        ).toEqual([registration.kind === 'admin' ? 'admin' : 'member']);
      }
      console.log(`[${ENGINE}] unanswered registrations that were written whole: ${writtenUnanswered}`);

      // every company, made before or during the crashes: a default department and an administrator
      const companies = await db.db
        .selectFrom('enterprises')
        .select((eb) => [
          'id',
          eb
            .selectFrom('departments')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('departments.enterprise_id', '=', 'enterprises.id')
            .where('is_default', '=', 1)
            .as('defaults'),
          eb
            .selectFrom('memberships')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('memberships.enterprise_id', '=', 'enterprises.id')
            .where('role', '=', 'admin')
            .as('admins'),
        ])
        .execute();
      console.log(`[${ENGINE}] ${companies.length} companies after ${ROUNDS} crashes`);
      const broken = companies.filter((c) => Number(c.defaults) !== 1 || Number(c.admins) < 1);
      expect(broken).toEqual([]);

      // an acknowledged password change signs in with the new password; an unanswered one with exactly one of the two
      const signsIn = async (account: string, password: string) =>
        (
          await server.call(contract.login, {
            body: { loginType: 'password', identifierType: 'account', identifier: account, password },
            from: newClientAddress(),
          })
        ).json.code === 0;
      for (const person of changes.filter((p) => p.state === 'acknowledged')) {
        expect(await signsIn(person.account, NEW_PASSWORD), person.account).toBe(true);
      }
      let tookEffect = 0;
      for (const person of changes.filter((p) => p.state === 'unknown')) {
        const works = [await signsIn(person.account, NEW_PASSWORD), await signsIn(person.account, OLD_PASSWORD)];
        expect(works.filter(Boolean), person.account).toHaveLength(1);
        if (works[0]) tookEffect++;
      }
      console.log(`[${ENGINE}] unanswered password changes that took effect: ${tookEffect}`);
    },
  );
});
