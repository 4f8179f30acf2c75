import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { SETTINGS_PREFIX, API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { NEW_PASSWORD, newCompany, newPhone } from './support/registration-flow.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const NUL = '\u0000';
const REFUSED = 'validation.controlCharacters';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  /** Whose session the call is made with. */
  as: 'nobody' | 'member' | 'admin';
  /** The refused field, as `data.fields` names it. */
  field: string;
}

/** The same string field of a request, with `value` in place. */
type Build = (value: string) => Omit<Case, 'name' | 'as'>;

const account = { nickname: 'New Person', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
const secret = 'abcdefghijklmnopqrstuvwxyz012345';
const enterpriseSignUp = (patch: Record<string, unknown>) => ({
  referralId: secret,
  ticket: secret,
  ...account,
  enterprise: newCompany(),
  ...patch,
});

/** Every string of every request, as a call sends it: bodies, query strings and path segments. */
const FIELDS: [string, Case['as'], Build][] = [
  [
    'sign-in identifier',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.login.path,
      body: { loginType: 'password', identifierType: 'account', identifier: `ad${v}min`, password: 'x' },
      field: 'identifier',
    }),
  ],
  [
    'sign-in password',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.login.path,
      body: { loginType: 'password', identifierType: 'account', identifier: 'admin', password: `Pass${v}word1` },
      field: 'password',
    }),
  ],
  [
    'sign-in code',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.login.path,
      body: { loginType: 'code', identifierType: 'phone', identifier: '13900000000', code: `123${v}56` },
      field: 'code',
    }),
  ],
  [
    'personalization query domain',
    'nobody',
    (v) => ({
      method: 'GET',
      url: `${contract.personalization.path}?domain=${encodeURIComponent(`acme${v}`)}`,
      field: 'domain',
    }),
  ],
  [
    'icon version',
    'nobody',
    (v) => ({
      method: 'GET',
      url: `${SETTINGS_PREFIX}/enterprise/personalization/icon/default?v=${encodeURIComponent(`1${v}`)}`,
      field: 'v',
    }),
  ],
  [
    'referral link id (path)',
    'nobody',
    (v) => ({ method: 'GET', url: `${API_PREFIX}/referral/info/${encodeURIComponent(`${secret}${v}`)}`, field: 'id' }),
  ],
  [
    'sendSms phone',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.sendSms.path,
      body: { phone: `139${v}00000000`, scene: 'login' },
      field: 'phone',
    }),
  ],
  [
    'send-email email',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.sendEmail.path,
      body: { email: `a${v}@example.com`, scene: 'login' },
      field: 'email',
    }),
  ],
  [
    'checkCode code',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.checkPhoneCode.path,
      body: { phone: '13900000000', code: `12${v}456`, scene: 'register' },
      field: 'code',
    }),
  ],
  [
    'email checkCode email',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.checkEmailCode.path,
      body: { email: `a${v}@example.com`, code: '123456', scene: 'register' },
      field: 'email',
    }),
  ],
  [
    'forgetPasswd identifier',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.forgetPassword.path,
      body: {
        identifierType: 'email',
        identifier: `a${v}@example.com`,
        code: '123456',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      field: 'identifier',
    }),
  ],
  [
    'admin sign-up company name',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.adminSignUp.path,
      body: enterpriseSignUp({ enterprise: newCompany({ fullName: `Acme${v} Ltd` }) }),
      field: 'enterprise.fullName',
    }),
  ],
  [
    'admin sign-up abbreviation',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.adminSignUp.path,
      body: enterpriseSignUp({ enterprise: newCompany({ abbreviation: `Ac${v}me` }) }),
      field: 'enterprise.abbreviation',
    }),
  ],
  [
    'owner sign-up link',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.ownerSignUp.path,
      body: enterpriseSignUp({ referralId: `${secret}${v}` }),
      field: 'referralId',
    }),
  ],
  [
    'member sign-up nickname',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.memberSignUp.path,
      body: { referralId: secret, ticket: secret, ...account, nickname: `New${v}Person` },
      field: 'nickname',
    }),
  ],
  [
    'join ticket',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.bindEnterprise.path,
      body: { referralId: secret, ticket: `${secret}${v}` },
      field: 'ticket',
    }),
  ],
  [
    'personal sign-up email',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.personalSignUp.path,
      body: { ticket: secret, ...account, email: `a${v}@example.com` },
      field: 'email',
    }),
  ],
  [
    'sign-up check link',
    'nobody',
    (v) => ({
      method: 'POST',
      url: contract.signUpCheck.path,
      body: { ticket: secret, referralId: `${v}${secret}` },
      field: 'referralId',
    }),
  ],
  [
    'nickname',
    'member',
    (v) => ({ method: 'POST', url: contract.updateNickname.path, body: { nickname: `Ni${v}ck` }, field: 'nickname' }),
  ],
  [
    'new email',
    'member',
    (v) => ({
      method: 'POST',
      url: contract.updateEmail.path,
      body: { email: `a${v}@example.com`, code: '123456' },
      field: 'email',
    }),
  ],
  [
    'new phone',
    'member',
    (v) => ({
      method: 'POST',
      url: contract.updatePhone.path,
      body: { phone: `1390000000${v}0`, code: '123456' },
      field: 'phone',
    }),
  ],
  [
    'old password',
    'member',
    (v) => ({
      method: 'POST',
      url: contract.updatePassword.path,
      body: { oldPassword: `Old${v}Pass1`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      field: 'oldPassword',
    }),
  ],
  [
    'phone verification code',
    'member',
    (v) => ({
      method: 'POST',
      url: contract.phoneAuth.path,
      body: { phone: '13900000000', code: `12345${v}` },
      field: 'code',
    }),
  ],
  [
    'department name',
    'admin',
    (v) => ({ method: 'POST', url: contract.createDepartment.path, body: { name: `Sales${v}` }, field: 'name' }),
  ],
  [
    'department new name',
    'admin',
    (v) => ({
      method: 'POST',
      url: contract.renameDepartment.path,
      body: { id: 1, name: `R${v}D` },
      field: 'name',
    }),
  ],
  [
    'branding name',
    'admin',
    (v) => ({
      method: 'POST',
      url: contract.savePersonalization.path,
      body: { platformName: `Acme${v}`, platformNameCn: '能源', platformNameEn: 'Energy', languageType: 'en-US' },
      field: 'platformName',
    }),
  ],
  [
    'new member nickname',
    'admin',
    (v) => ({
      method: 'POST',
      url: contract.createMember.path,
      body: { account: `staff${newPhone()}`, nickname: `St${v}aff`, password: NEW_PASSWORD },
      field: 'nickname',
    }),
  ],
  [
    'new member account',
    'admin',
    (v) => ({
      method: 'POST',
      url: contract.createMember.path,
      body: { account: `staff${v}one`, nickname: 'Staff', password: NEW_PASSWORD },
      field: 'account',
    }),
  ],
  [
    'new member email',
    'admin',
    (v) => ({
      method: 'POST',
      url: contract.createMember.path,
      body: { account: `staff${newPhone()}`, nickname: 'Staff', password: NEW_PASSWORD, email: `s${v}@example.com` },
      field: 'email',
    }),
  ],
  [
    'members keyword',
    'admin',
    (v) => ({
      method: 'GET',
      url: `${contract.members.path}?keyword=${encodeURIComponent(`ali${v}ce`)}`,
      field: 'keyword',
    }),
  ],
];

describe(`control characters in request strings (${ENGINE})`, () => {
  let t: TestApp;
  const tokens: Record<Case['as'], string | undefined> = { nobody: undefined, member: '', admin: '' };
  beforeAll(async () => {
    t = await startTestApp();
    const member = await createUser(t.app);
    tokens.member = await tokenFor(t.app, member.account, PASSWORD);
    tokens.admin = (await companyWithAdmin(t.app)).token;
  });
  afterAll(async () => t?.close());

  const send = (as: Case['as'], request: Omit<Case, 'name' | 'as'>) =>
    call(t.app, request.method, request.url, { token: tokens[as], body: request.body });

  it.each(FIELDS)('refuses a NUL in the %s with 1000400 naming the field', async (_name, as, build) => {
    const request = build(NUL);
    const reply = await send(as, request);
    expect({ status: reply.status, code: reply.code, fields: reply.data?.fields }).toEqual({
      status: 400,
      code: 1000400,
      fields: { [request.field]: REFUSED },
    });
  });

  // C0 controls and DEL; the C1 block; a UTF-16 half that is not part of a pair, which UTF-8 cannot encode
  it.each([
    ['U+0001', '\u0001'],
    ['a line feed inside', '\n'],
    ['a tab inside', '\t'],
    ['U+001F', '\u001f'],
    ['U+007F (DEL)', '\u007f'],
    ['U+0085 (C1, next line)', '\u0085'],
    ['U+009F (C1)', '\u009f'],
    ['a lone high surrogate', '\ud83d'],
    ['a lone low surrogate', '\ude00'],
  ])('refuses %s in a name, as it refuses NUL', async (_name, character) => {
    const nickname = FIELDS.find(([name]) => name === 'nickname')![2];
    const reply = await send('member', nickname(character));
    expect({ status: reply.status, code: reply.code, fields: reply.data?.fields }).toEqual({
      status: 400,
      code: 1000400,
      fields: { nickname: REFUSED },
    });
  });

  it('still takes names with emoji, CJK and accents, and trims surrounding spaces, tabs and line breaks', async () => {
    const nickname = '\t 张伟 Zoë 🚀 \r\n';
    const reply = await call(t.app, contract.updateNickname, { token: tokens.member, body: { nickname } });
    expect(reply.code, reply.msg).toBe(0);
    const current = await call(t.app, contract.currentUser, { token: tokens.member });
    expect(current.data.nickname).toBe('张伟 Zoë 🚀');

    const department = await call(t.app, contract.createDepartment, {
      token: tokens.admin,
      body: { name: ' 研发 🔧 ' },
    });
    expect(department.code, department.msg).toBe(0);
  });
});
