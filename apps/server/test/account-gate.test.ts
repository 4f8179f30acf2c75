import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { declaredOperations } from './support/api-document.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { type Reply, call, latestCode, signInWithPassword, tokenFor } from './support/http.ts';
import { registerPasskey, signInWithPasskey } from './support/passkey-ceremonies.ts';
import { accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';
import { authenticatorCode, turnOnTwoStep } from './support/two-step.ts';

type Schema = { properties?: Record<string, Schema>; items?: Schema } & Partial<
  Record<'anyOf' | 'oneOf' | 'allOf', Schema[]>
>;

/** Whether an answer of this shape can carry a session token, at any depth. */
function carriesToken(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.properties && 'token' in schema.properties) return true;
  return [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ].some(carriesToken);
}

const expectTicket = (reply: Reply) => {
  expect(reply.code, reply.msg).toBe(0);
  expect(reply.data.token).toBeUndefined();
  expect(reply.data.twoStep.ticket).toEqual(expect.any(String));
  return reply.data.twoStep.ticket as string;
};

describe(`one gate into every account (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** An account with two-step sign-in on, and its authenticator's secret. */
  async function twoStepAccount() {
    const user = await createUser(t.app);
    const { secret } = await turnOnTwoStep(t, await tokenFor(t.app, user.account, PASSWORD));
    return { user, secret };
  }

  /** A company that requires two-step sign-in of its members. */
  async function requiringCompany(members: { userId: number; role?: 'admin' | 'member' }[] = []) {
    const company = await createCompany(t.app, { members });
    await t.app.ctx.db
      .updateTable('enterprises')
      .set({ require_two_step: 1 })
      .where('id', '=', company.enterpriseId)
      .execute();
    return company;
  }

  const memberLink = async (enterpriseId: number) =>
    (await createInvitation(t.app.ctx, { kind: 'member', enterpriseId })).id;
  const adminLink = async () => (await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null })).id;

  /**
   * Every call whose answer can carry a session token, with what it must answer: for an existing
   * account with two-step sign-in proven by one factor, the ticket of the second step; where only
   * new accounts or both factors come in, a session flagged when a company requires two-step sign-in.
   * A call added later that can answer a token fails the first test until it is listed here.
   */
  const scenarios: Record<string, () => Promise<void>> = {
    [`POST ${contract.login.path}`]: async () => {
      const { user } = await twoStepAccount();
      expectTicket(await signInWithPassword(t.app, 'account', user.account, PASSWORD));
      const sent = await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' } });
      expect(sent.code, sent.msg).toBe(0);
      const code = await latestCode(t.app, user.phone!);
      const byCode = { loginType: 'code', identifierType: 'phone', identifier: user.phone, code };
      expectTicket(await call(t.app, contract.login, { body: byCode }));

      const member = await createUser(t.app);
      await requiringCompany([{ userId: member.id }]);
      const session = await signInWithPassword(t.app, 'account', member.account, PASSWORD);
      expect(session.data).toMatchObject({ token: expect.any(String), twoStepSetupRequired: true });
    },
    [`POST ${contract.loginTwoStep.path}`]: async () => {
      const { user, secret } = await twoStepAccount();
      const ticket = expectTicket(await signInWithPassword(t.app, 'account', user.account, PASSWORD));
      const second = await call(t.app, contract.loginTwoStep, {
        body: { ticket, code: await authenticatorCode(t, secret) },
      });
      expect(second.code, second.msg).toBe(0);
      expect(second.data).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
    },
    [`POST ${contract.passkeySignIn.path}`]: async () => {
      // a passkey with user verification is both factors: a session, the company's rule still applied
      const member = await createUser(t.app);
      const { credential } = await registerPasskey(t.app, await tokenFor(t.app, member.account, PASSWORD));
      await requiringCompany([{ userId: member.id }]);
      const reply = await signInWithPasskey(t.app, credential);
      expect(reply.code, reply.msg).toBe(0);
      expect(reply.data).toMatchObject({ token: expect.any(String), twoStepSetupRequired: true });
    },
    [`POST ${contract.bindEnterprise.path}`]: async () => {
      const { user, secret } = await twoStepAccount();
      const company = await createCompany(t.app);
      const body = { referralId: await memberLink(company.enterpriseId), ticket: await ticketFor(t.app, user.phone!) };
      // the phone code is one factor: nothing is written without the second step in the same request
      expect((await call(t.app, contract.bindEnterprise, { body })).code).toBe(1009160);
      const joined = await call(t.app, contract.bindEnterprise, {
        body: { ...body, twoStepCode: await authenticatorCode(t, secret) },
      });
      expect(joined.code, joined.msg).toBe(0);
      const portal = await call(t.app, contract.portalInfo, { token: joined.data.token });
      expect(portal.data.enterpriseId).toBe(company.enterpriseId);
    },
    [`POST ${contract.adminSignUp.path}`]: async () => {
      const { user, secret } = await twoStepAccount();
      const body = {
        referralId: await adminLink(),
        ticket: await ticketFor(t.app, user.phone!),
        ...accountFields(),
        enterprise: newCompany(),
      };
      expect((await call(t.app, contract.adminSignUp, { body })).code).toBe(1009160);
      const reply = await call(t.app, contract.adminSignUp, {
        body: { ...body, twoStepCode: await authenticatorCode(t, secret) },
      });
      expect(reply.code, reply.msg).toBe(0);
      expect(reply.data).toMatchObject({ token: expect.any(String) });
    },
    [`POST ${contract.ownerSignUp.path}`]: async () => {
      const { user, secret } = await twoStepAccount();
      const inviting = await createCompany(t.app);
      const link = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId: inviting.enterpriseId });
      const body = {
        referralId: link.id,
        ticket: await ticketFor(t.app, user.phone!),
        ...accountFields(),
        enterprise: newCompany(),
      };
      expect((await call(t.app, contract.ownerSignUp, { body })).code).toBe(1009160);
      const reply = await call(t.app, contract.ownerSignUp, {
        body: { ...body, twoStepCode: await authenticatorCode(t, secret) },
      });
      expect(reply.code, reply.msg).toBe(0);
      expect(reply.data).toMatchObject({ token: expect.any(String) });
    },
    [`POST ${contract.memberSignUp.path}`]: async () => {
      // only new accounts come in here: the company's requirement is what the gate has to apply
      const company = await requiringCompany();
      const body = {
        referralId: await memberLink(company.enterpriseId),
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields(),
      };
      const reply = await call(t.app, contract.memberSignUp, { body });
      expect(reply.code, reply.msg).toBe(0);
      expect(reply.data).toMatchObject({ token: expect.any(String), twoStepSetupRequired: true });
    },
    [`POST ${contract.personalSignUp.path}`]: async () => {
      // a new account with no company: nothing to ask, nothing to require
      const body = { ticket: await ticketFor(t.app, newPhone()), ...accountFields() };
      const reply = await call(t.app, contract.personalSignUp, { body });
      expect(reply.code, reply.msg).toBe(0);
      expect(reply.data).toEqual({ token: expect.any(String) });
    },
  };

  it('knows every call that can answer a session token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    const document = response.json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    const issuing = declaredOperations(document)
      .filter(({ operation }) => carriesToken(operation.responses['200']?.content?.['application/json']?.schema))
      .map(({ method, path }) => `${method} ${path}`);
    expect(issuing.sort()).toEqual(Object.keys(scenarios).sort());
  });

  it.each(Object.keys(scenarios))('%s passes the gate', async (route) => {
    await scenarios[route]!();
  });

  it('opens sessions and second steps nowhere but in the gate', async () => {
    const sources = join(import.meta.dirname, '../src');
    const files = (await readdir(sources, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const writers: string[] = [];
    for (const file of files) {
      const text = await readFile(join(sources, file), 'utf8');
      if (/\b(insertSession|insertTwoStepChallenge)\(/.test(text) && !file.startsWith('queries/')) writers.push(file);
    }
    expect(writers).toEqual(['libraries/sign-in/account-gate.ts']);
  });
});
