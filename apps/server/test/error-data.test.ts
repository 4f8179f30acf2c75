import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { failureEnvelopeSchema } from '@portal/shared/api/envelope';
import { CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF, SIGN_IN_FREE_FAILURES } from '@portal/shared/constants';
import { ErrorCode, type FailureCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../src/app-error.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { type Reply, call, latestCode, randomLoopback, signInWithPassword, tokenFor } from './support/http.ts';
import { accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** The rejection is its code's envelope to the letter: its details parse by the code's schema
 *  (errors/error-data.ts) and lose nothing in parsing, so that they hold no key it does not declare. */
function expectDeclared(reply: Reply, code: FailureCode): void {
  const body = { code: reply.code, msg: reply.msg, data: reply.data };
  expect(body.code).toBe(code);
  const parsed = failureEnvelopeSchema([code]).safeParse(body);
  expect(parsed.error?.issues ?? [], JSON.stringify(body.data)).toEqual([]);
  expect(parsed.data).toEqual(body);
}

describe(`the details of real rejections are those their code declares (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const sendSms = (phone: string, ip: string, headers: Record<string, string> = {}) =>
    call(t.app, contract.sendSms, { body: { phone, scene: 'register' }, ip, headers });

  it('1000400: the refused fields of a request the call can read; nothing for one it cannot', async () => {
    const invalid = await call(t.app, contract.login, { body: { loginType: 'password' } });
    expectDeclared(invalid, ErrorCode.BadRequest);
    expect(Object.keys(invalid.data.fields)).toContain('identifier');
    const unreadable = await call(t.app, contract.login, {
      body: '{"loginType":',
      headers: { 'content-type': 'application/json' },
    });
    expectDeclared(unreadable, ErrorCode.BadRequest);
    expect(unreadable.data).toBeNull();
  });

  it('1009117 and 1000429: nothing for a wrong password, then the sign-in wait', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i <= SIGN_IN_FREE_FAILURES; i++) {
      expectDeclared(
        await signInWithPassword(t.app, 'account', user.account, 'Wrong2026x'),
        ErrorCode.InvalidCredentials,
      );
    }
    const waiting = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    expectDeclared(waiting, ErrorCode.TooManyAttempts);
    expect(waiting.status).toBe(429);
  });

  it("1009108 and 1009180: the target's cooldown with the wait, and the proof-of-work challenge", async () => {
    const ip = randomLoopback();
    const phone = newPhone();
    expect((await sendSms(phone, ip)).code).toBe(0);
    const early = await sendSms(phone, ip);
    expectDeclared(early, ErrorCode.SmsBusy);
    expect(early.data.cooldownSeconds).toBe(early.data.retryAfterSeconds);
    for (let i = 1; i < CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF; i++) expect((await sendSms(newPhone(), ip)).code).toBe(0);
    expectDeclared(await sendSms(newPhone(), ip), ErrorCode.ProofOfWorkRequired);
  });

  it('1009106: the colleague holding the phone, masked', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    const colleague = await createUser(t.app, { phone: newPhone() });
    await createCompany(t.app, { members: [{ userId: user.id }, { userId: colleague.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const phone = colleague.phone!;
    expect((await call(t.app, contract.sendSms, { token, body: { phone, scene: 'certify' } })).code).toBe(0);
    const code = (await latestCode(t.app, phone))!;
    const bound = await call(t.app, contract.phoneAuth, { token, body: { phone, code } });
    expectDeclared(bound, ErrorCode.PhoneBound);
    expect(bound.data.boundTo).not.toBeNull();
  });

  it('1008110 and 1000403: what the link says, and why the last administrator stays one', async () => {
    const body = { referralId: 'no-such-link', ticket: await ticketFor(t.app, newPhone()), ...accountFields() };
    const refused = await call(t.app, contract.adminSignUp, { body: { ...body, enterprise: newCompany() } });
    expectDeclared(refused, ErrorCode.RegistrationFailed);
    const a = await companyWithAdmin(t.app);
    const last = await call(t.app, contract.updateMember, {
      token: a.token,
      body: { userId: a.admin.id, role: 'member' },
    });
    expectDeclared(last, ErrorCode.Forbidden);
    expect(last.data).toEqual({ reason: 'lastAdmin' });
  });

  it('refuses, at compile time, details that are not those of the code', () => {
    const sample = () => [
      new AppError(ErrorCode.BadRequest, { fields: { phone: 'validation.phoneFormat' } }),
      new AppError(ErrorCode.InvalidCredentials),
      // @ts-expect-error: 1000400 names its fields under `fields`
      new AppError(ErrorCode.BadRequest, { phone: 'validation.phoneFormat' }),
      // @ts-expect-error: 1009117 carries nothing
      new AppError(ErrorCode.InvalidCredentials, { reason: 'lastAdmin' }),
      // @ts-expect-error: 1009106 always says who holds the phone, null when nobody it may name
      new AppError(ErrorCode.PhoneBound),
      // @ts-expect-error: the only reason 1000403 gives
      new AppError(ErrorCode.Forbidden, { reason: 'notMember' }),
      // @ts-expect-error: a link's status is one of those `referral/info` answers
      new AppError(ErrorCode.RegistrationFailed, { status: 'archived' }),
    ];
    expect(sample().map((error) => error.code)).toEqual([
      1000400, 1009117, 1000400, 1009117, 1009106, 1000403, 1008110,
    ]);
  });
});
