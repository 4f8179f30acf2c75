import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { COOKIE_LANG } from '@portal/shared/cookies';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { uniqueViolationOf, violationKey } from '../src/libraries/platform/unique-violation.ts';
import { findEnterpriseById } from '../src/queries/enterprises.ts';
import { findUserByIdentifier } from '../src/queries/users.ts';
import { documentedPath } from './support/api-document.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, latestCode } from './support/http.ts';
import {
  NEW_PASSWORD,
  accountFields,
  newCompany,
  newPhone,
  referralInfo,
  ticketFor,
} from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`registration (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = <D extends CallDeclaration>(declaration: D, body: unknown) => call(t.app, declaration, { body });
  const adminLink = () => createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
  async function memberLink() {
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, { members: [{ userId: admin.id, role: 'admin' }] });
    return {
      ...company,
      link: await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: company.enterpriseId }),
    };
  }
  const check = (ticket: string, referralId?: string) =>
    post(contract.signUpCheck, referralId === undefined ? { ticket } : { ticket, referralId });
  /** A second ticket for the same phone needs the send cooldown to pass. */
  async function nextTicket(phone: string) {
    t.clock.advance(61_000);
    return ticketFor(t.app, phone);
  }

  describe('an existing account joins another company (user/boundEnterprise)', () => {
    it('joins as a member, signed in there; personalSignUpCheck tells before and after; joining twice is 1009110', async () => {
      const user = await createUser(t.app, { nickname: 'Existing Person' });
      const first = await createCompany(t.app, { members: [{ userId: user.id }] });
      const { enterpriseId, link } = await memberLink();

      const ticket = await ticketFor(t.app, user.phone!);
      expect((await check(ticket, link.id)).data).toEqual({ registered: true, joined: false });
      expect((await check(ticket)).data).toEqual({ registered: true, joined: false });
      const joined = await post(contract.bindEnterprise, { referralId: link.id, ticket });
      expect(joined.code, joined.msg).toBe(0);
      expect(joined.data).toMatchObject({ enterpriseId, token: expect.any(String) });

      const portal = await call(t.app, contract.portalInfo, { token: joined.data.token });
      expect(portal.data.enterpriseId).toBe(enterpriseId);
      expect(
        portal.data.enterpriseProduct.map((e: { enterpriseId: number; role: string }) => [e.enterpriseId, e.role]),
      ).toEqual([
        [first.enterpriseId, 'member'],
        [enterpriseId, 'member'],
      ]);
      // the account itself is unchanged: same name, same password
      expect(portal.data.userinfo).toMatchObject({ userId: user.id, nickname: 'Existing Person' });
      const signIn = await post(contract.login, {
        loginType: 'password',
        identifierType: 'phone',
        identifier: user.phone,
        password: PASSWORD,
      });
      expect(signIn.code).toBe(0);

      const ticket2 = await nextTicket(user.phone!);
      expect((await check(ticket2, link.id)).data).toEqual({ registered: true, joined: true });
      const second = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
      const twice = await post(contract.bindEnterprise, { referralId: second.id, ticket: ticket2 });
      expect(twice.code).toBe(1009110);
      // the refused call used up neither the link nor the ticket
      expect((await referralInfo(t.app, second.id)).data.status).toBe('valid');
      expect((await check(ticket2)).code).toBe(0);
    });

    it('answers 1008118 when the phone has no account, 1009104 for a bad ticket, 1008117 for a disabled account', async () => {
      const { link } = await memberLink();
      const phone = newPhone();
      const ticket = await ticketFor(t.app, phone);
      expect((await check(ticket, link.id)).data).toEqual({ registered: false, joined: false });
      expect((await post(contract.bindEnterprise, { referralId: link.id, ticket })).code).toBe(1008118);
      expect((await post(contract.bindEnterprise, { referralId: link.id, ticket: 'forged-ticket' })).code).toBe(
        1009104,
      );
      expect((await check('forged-ticket')).code).toBe(1009104);

      const disabled = await createUser(t.app, { disabled: true });
      const disabledTicket = await ticketFor(t.app, disabled.phone!);
      expect((await post(contract.bindEnterprise, { referralId: link.id, ticket: disabledTicket })).code).toBe(1008117);
      expect((await referralInfo(t.app, link.id)).data.status).toBe('valid');
    });

    it('refuses a ticket of another scene', async () => {
      const user = await createUser(t.app);
      const { link } = await memberLink();
      await post(contract.sendSms, { phone: user.phone, scene: 'certify' });
      const code = await latestCode(t.app, user.phone!);
      const certify = await post(contract.checkPhoneCode, { phone: user.phone, code, scene: 'certify' });
      expect(certify.code).toBe(0);
      expect((await post(contract.bindEnterprise, { referralId: link.id, ticket: certify.data.ticket })).code).toBe(
        1009104,
      );
      expect((await check(certify.data.ticket)).code).toBe(1009104);
    });
  });

  describe('admin/signup', () => {
    const signUp = (body: Record<string, unknown>) => post(contract.adminSignUp, body);

    it('answers every rejection of the registering calls, and after each the link and the ticket still work', async () => {
      const taken = newCompany({ domain: 'taken-domain' });
      const first = await signUp({
        referralId: (await adminLink()).id,
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields(),
        enterprise: taken,
      });
      expect(first.code, first.msg).toBe(0);

      const link = await adminLink();
      const ticket = await ticketFor(t.app, newPhone());
      const fresh = newCompany();
      const body = (enterprise: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
        referralId: link.id,
        ticket,
        ...accountFields(),
        enterprise: { ...fresh, ...enterprise },
        ...extra,
      });
      const expectations: [Record<string, unknown>, Record<string, unknown>, number][] = [
        [{}, { confirmPassword: 'Other2026x' }, 1008107],
        [{ abbreviation: '' }, {}, 1009118],
        [{ abbreviation: '   ' }, {}, 1009118],
        [{ fullName: '' }, {}, 1009111],
        [{ abbreviation: taken.abbreviation }, {}, 1009112],
        [{ fullName: taken.fullName }, {}, 1009114],
        [{ creditCode: taken.creditCode }, {}, 1009115],
        [{ creditCode: taken.creditCode.toLowerCase() }, {}, 1009115],
        [{ domain: 'taken-domain' }, {}, 1009116],
        [{ domain: 'www' }, {}, 1009116],
        [{}, { ticket: 'forged-ticket' }, 1009104],
        [{}, { referralId: 'forged-link' }, 1008110],
      ];
      for (const [enterprise, extra, code] of expectations) {
        const reply = await signUp(body(enterprise, extra));
        expect([reply.code, enterprise, extra]).toEqual([code, enterprise, extra]);
        expect(reply.status).toBe(200);
      }
      // catalogue order when several are taken: abbreviation first
      expect((await signUp(body({ fullName: taken.fullName, abbreviation: taken.abbreviation }))).code).toBe(1009112);

      const invalid: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
        [{ creditCode: '91110000MA0000000X' }, {}, 'enterprise.creditCode', 'validation.creditCodeInvalid'],
        [{ creditCode: '' }, {}, 'enterprise.creditCode', 'validation.creditCodeRequired'],
        [{ domain: 'Bad_Domain' }, {}, 'enterprise.domain', 'validation.domainFormat'],
        [{ abbreviation: 'x' }, {}, 'enterprise.abbreviation', 'validation.abbreviationLength'],
        [{ fullName: 'y'.repeat(31) }, {}, 'enterprise.fullName', 'validation.companyFieldTooLong'],
        [{}, { password: 'weakpass', confirmPassword: 'weakpass' }, 'password', 'validation.passwordRule'],
        [{}, { nickname: '' }, 'nickname', 'validation.nameRequired'],
        [{}, { email: 'not-an-email' }, 'email', 'validation.emailFormat'],
        [{}, { role: 'admin' }, 'role', 'validation.unknownField'],
        [{ enterpriseId: 1 }, {}, 'enterpriseId', 'validation.unknownField'],
      ];
      for (const [enterprise, extra, field, key] of invalid) {
        const reply = await signUp(body(enterprise, extra));
        expect([reply.status, reply.code, reply.data?.fields?.[field]]).toEqual([400, 1000400, key]);
      }
      const { enterprise: _omitted, ...withoutEnterprise } = body({});
      expect((await signUp(withoutEnterprise)).code).toBe(1000400);

      expect((await referralInfo(t.app, link.id)).data.status).toBe('valid');
      // blank optional fields count as not given
      const done = await signUp(body({ domain: '' }, { email: '  ' }));
      expect(done.code, done.msg).toBe(0);
      expect(done.data.enterpriseDomain).toMatch(/^e[0-9a-z]{10}$/);
      expect((await referralInfo(t.app, link.id)).data).toEqual({ status: 'used' });
    });

    it('makes the ticket phone’s existing account the administrator, unchanged', async () => {
      const user = await createUser(t.app, { nickname: 'Already Here' });
      const ticket = await ticketFor(t.app, user.phone!);
      const enterprise = newCompany();
      const reply = await signUp({
        referralId: (await adminLink()).id,
        ticket,
        nickname: 'Ignored Name',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        email: 'ignored@example.com',
        enterprise,
      });
      expect(reply.code, reply.msg).toBe(0);
      const portal = await call(t.app, contract.portalInfo, { token: reply.data.token });
      expect(portal.data.userinfo).toMatchObject({ userId: user.id, nickname: 'Already Here', email: user.email });
      expect(portal.data.enterpriseProduct).toEqual([
        expect.objectContaining({ enterpriseId: reply.data.enterpriseId, role: 'admin' }),
      ]);
      const oldPassword = await post(contract.login, {
        loginType: 'password',
        identifierType: 'phone',
        identifier: user.phone,
        password: PASSWORD,
      });
      expect(oldPassword.code).toBe(0);
    });

    it('keeps the email of the form unproven: another account’s email neither blocks nor is taken over', async () => {
      const other = await createUser(t.app);
      const link = await adminLink();
      const ticket = await ticketFor(t.app, newPhone());
      const body = { referralId: link.id, ticket, ...accountFields(), enterprise: newCompany() };
      const reply = await signUp({ ...body, email: other.email!.toUpperCase() });
      expect(reply.code, reply.msg).toBe(0);
      const me = await call(t.app, contract.currentUser, { token: reply.data.token });
      expect(me.data).toMatchObject({ email: other.email, emailVerified: false });
      // the email still signs in to the account that proved it, and to no other
      const byEmail = await call(t.app, contract.login, {
        body: { loginType: 'password', identifierType: 'email', identifier: other.email, password: PASSWORD },
      });
      expect(byEmail.code).toBe(0);
      const current = await call(t.app, contract.currentUser, { token: byEmail.data.token });
      expect(current.data.userId).toBe(other.id);
    });

    it('two concurrent sign-ups with the same abbreviation: exactly one company, the other 1009112', async () => {
      const links = [await adminLink(), await adminLink()];
      const tickets = [await ticketFor(t.app, newPhone()), await ticketFor(t.app, newPhone())];
      const abbreviation = newCompany().abbreviation;
      const replies = await Promise.all(
        links.map((link, i) =>
          signUp({
            referralId: link.id,
            ticket: tickets[i],
            ...accountFields(),
            enterprise: newCompany({ abbreviation }),
          }),
        ),
      );
      expect(replies.map((r) => r.code).sort()).toEqual([0, 1009112]);
      const rows = await t.app.ctx.db
        .selectFrom('enterprises')
        .select('id')
        .where('abbreviation', '=', abbreviation)
        .execute();
      expect(rows).toHaveLength(1);
      // the loser's link is still valid and its ticket still live
      const loser = replies.findIndex((r) => r.code !== 0);
      expect((await referralInfo(t.app, links[loser]!.id)).data.status).toBe('valid');
      expect((await check(tickets[loser]!)).code).toBe(0);
    });

    it('two concurrent sign-ups by the same new phone make one account that administers both companies', async () => {
      const phone = newPhone();
      const tickets = [await ticketFor(t.app, phone), await nextTicket(phone)];
      const links = [await adminLink(), await adminLink()];
      const replies = await Promise.all(
        links.map((link, i) =>
          signUp({ referralId: link.id, ticket: tickets[i], ...accountFields(), enterprise: newCompany() }),
        ),
      );
      expect(replies.map((r) => r.code)).toEqual([0, 0]);
      const user = await findUserByIdentifier(t.app.ctx.db, 'phone', phone);
      const portal = await call(t.app, contract.portalInfo, { token: replies[0]!.data.token });
      expect(portal.data.userinfo.userId).toBe(user!.id);
      expect(portal.data.enterpriseProduct.map((e: { role: string }) => e.role)).toEqual(['admin', 'admin']);
    });
  });

  describe('user/ownerEnterpriseSignup', () => {
    it('answers the enterprise rejections of admin/signup and refuses an admin link', async () => {
      const { enterpriseId } = await memberLink();
      const link = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId });
      const taken = (await findEnterpriseById(t.app.ctx.db, enterpriseId))!;
      const ticket = await ticketFor(t.app, newPhone());
      const body = (enterprise: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
        referralId: link.id,
        ticket,
        ...accountFields(),
        enterprise: { ...newCompany(), ...enterprise },
        ...extra,
      });
      const sign = (b: unknown) => post(contract.ownerSignUp, b);
      expect((await sign(body({ abbreviation: taken.abbreviation }))).code).toBe(1009112);
      expect((await sign(body({ fullName: taken.full_name }))).code).toBe(1009114);
      expect((await sign(body({ creditCode: taken.credit_code }))).code).toBe(1009115);
      expect((await sign(body({ domain: taken.domain }))).code).toBe(1009116);
      expect((await sign(body({ abbreviation: '' }))).code).toBe(1009118);
      expect((await sign(body({ fullName: '' }))).code).toBe(1009111);
      expect((await sign(body({}, { confirmPassword: 'Mismatch2026' }))).code).toBe(1008107);
      expect((await sign(body({}, { referralId: (await adminLink()).id }))).data).toEqual({ status: 'invalid' });
      const done = await sign(body({}));
      expect(done.code, done.msg).toBe(0);
      expect((await findEnterpriseById(t.app.ctx.db, done.data.enterpriseId))?.parent_enterprise_id).toBe(enterpriseId);
    });
  });

  describe('user/boundEnterpriseSignUp', () => {
    it('answers 1008115 for a phone with an account, 1008107, 1000400 and 1009104', async () => {
      const existing = await createUser(t.app);
      const { link } = await memberLink();
      const sign = (b: Record<string, unknown>) => post(contract.memberSignUp, b);
      const existingTicket = await ticketFor(t.app, existing.phone!);
      expect((await sign({ referralId: link.id, ticket: existingTicket, ...accountFields() })).code).toBe(1008115);

      const ticket = await ticketFor(t.app, newPhone());
      const body = { referralId: link.id, ticket, ...accountFields() };
      expect((await sign({ ...body, confirmPassword: 'Mismatch2026' })).code).toBe(1008107);
      expect((await sign({ ...body, password: 'short', confirmPassword: 'short' })).data.fields.password).toBe(
        'validation.passwordRule',
      );
      expect((await sign({ ...body, enterprise: newCompany() })).data.fields.enterprise).toBe(
        'validation.unknownField',
      );
      expect((await sign({ ...body, ticket: 'forged' })).code).toBe(1009104);
      expect((await sign(body)).code).toBe(0);
      // the ticket is spent now
      expect((await check(ticket)).code).toBe(1009104);
    });
  });

  describe('user/signUp (personal version)', () => {
    it('makes a personal account without a company and signs it in; the same phone again is 1008115', async () => {
      const phone = newPhone();
      const ticket = await ticketFor(t.app, phone);
      expect((await check(ticket)).data).toEqual({ registered: false, joined: false });
      const sign = (b: Record<string, unknown>) => post(contract.personalSignUp, b);
      expect((await sign({ ticket, ...accountFields(), confirmPassword: 'Mismatch2026' })).code).toBe(1008107);
      expect((await sign({ ticket, ...accountFields(), referralId: 'x' })).code).toBe(1000400);
      const reply = await sign({ ticket, ...accountFields('Solo Person'), email: 'solo.person@example.com' });
      expect(reply.code, reply.msg).toBe(0);
      expect(Object.keys(reply.data)).toEqual(['token']);
      const current = await call(t.app, contract.currentUser, { token: reply.data.token });
      expect(current.data).toMatchObject({
        phone,
        userType: 'personal',
        nickname: 'Solo Person',
        phoneCertified: true,
      });
      const portal = await call(t.app, contract.portalInfo, { token: reply.data.token });
      expect(portal.data).toMatchObject({ enterpriseId: null, enterpriseProduct: [] });

      expect((await sign({ ticket, ...accountFields() })).code).toBe(1009104);
      const again = await nextTicket(phone);
      expect((await check(again)).data).toEqual({ registered: true, joined: false });
      expect((await sign({ ticket: again, ...accountFields() })).code).toBe(1008115);
      const other = await ticketFor(t.app, newPhone());
      // one ticket cannot probe emails: a taken one answers like a free one
      expect((await sign({ ticket: other, ...accountFields(), email: 'Solo.Person@example.com' })).code).toBe(0);
    });
  });

  describe('the new account speaks the language the page shows', () => {
    const PAGE = { cookie: `${COOKIE_LANG}=ja-JP`, 'accept-language': 'en-US,en;q=0.9' };
    const registerWith = async (
      declaration: CallDeclaration,
      body: Record<string, unknown>,
      headers: Record<string, string>,
    ) => {
      const reply = await call(t.app, declaration, { body, headers });
      expect(reply.code, reply.msg).toBe(0);
      return (await call(t.app, contract.currentUser, { token: reply.data.token })).data.langCode;
    };

    it('stores the langCode cookie over Accept-Language, on every call that makes an account', async () => {
      const { enterpriseId, link } = await memberLink();
      const owner = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId });
      const calls: [CallDeclaration, (ticket: string) => Promise<Record<string, unknown>> | Record<string, unknown>][] =
        [
          [
            contract.adminSignUp,
            async (ticket) => ({
              referralId: (await adminLink()).id,
              ticket,
              ...accountFields(),
              enterprise: newCompany(),
            }),
          ],
          [
            contract.ownerSignUp,
            (ticket) => ({ referralId: owner.id, ticket, ...accountFields(), enterprise: newCompany() }),
          ],
          [contract.memberSignUp, (ticket) => ({ referralId: link.id, ticket, ...accountFields() })],
          [contract.personalSignUp, (ticket) => ({ ticket, ...accountFields() })],
        ];
      for (const [declaration, body] of calls) {
        const language = await registerWith(declaration, await body(await ticketFor(t.app, newPhone())), PAGE);
        expect([declaration.path, language]).toEqual([declaration.path, 'ja-JP']);
      }
    });

    it('falls back to Accept-Language, then to the default, when the cookie names no language of ours', async () => {
      const body = async () => ({ ticket: await ticketFor(t.app, newPhone()), ...accountFields() });
      const signUp = (headers: Record<string, string>) =>
        body().then((b) => registerWith(contract.personalSignUp, b, headers));
      expect(await signUp({ cookie: `${COOKIE_LANG}=xx-XX`, 'accept-language': 'de-DE' })).toBe('de-DE');
      expect(await signUp({ 'accept-language': 'it' })).toBe('it-IT');
      expect(await signUp({ cookie: `${COOKIE_LANG}=xx-XX`, 'accept-language': 'fr-FR' })).toBe(DEFAULT_LANGUAGE);
    });
  });

  it('describes the calls in the OpenAPI document', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    expect(reply.statusCode).toBe(200);
    const paths = Object.keys(reply.json().paths);
    for (const path of [
      documentedPath(contract.referralInfo),
      contract.adminSignUp.path,
      contract.memberSignUp.path,
      contract.bindEnterprise.path,
      contract.ownerSignUp.path,
      contract.personalSignUp.path,
      contract.signUpCheck.path,
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('unique constraint errors of both engines', () => {
  it('names the table and columns', () => {
    const sqlite = Object.assign(new Error('UNIQUE constraint failed: enterprises.abbreviation'), {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    const sqlitePk = Object.assign(
      new Error('UNIQUE constraint failed: memberships.enterprise_id, memberships.user_id'),
      { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' },
    );
    const postgres = {
      code: '23505',
      table: 'users',
      constraint: 'users_email_key',
      detail: 'Key (email)=(a@b.c) already exists.',
    };
    const postgresPk = {
      code: '23505',
      table: 'memberships',
      constraint: 'memberships_pk',
      detail: 'Key (enterprise_id, user_id)=(1, 2) already exists.',
    };
    const postgresNoDetail = { code: '23505', table: 'enterprises', constraint: 'enterprises_credit_code_key' };
    expect(
      [sqlite, sqlitePk, postgres, postgresPk, postgresNoDetail].map((e) => violationKey(uniqueViolationOf(e)!)),
    ).toEqual([
      'enterprises.abbreviation',
      'memberships.enterprise_id,user_id',
      'users.email',
      'memberships.enterprise_id,user_id',
      'enterprises.credit_code',
    ]);
    expect(uniqueViolationOf(new Error('boom'))).toBeNull();
    expect(uniqueViolationOf({ code: '23503' })).toBeNull();
    expect(
      uniqueViolationOf({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed' }),
    ).toBeNull();
    expect(uniqueViolationOf(null)).toBeNull();
  });
});
