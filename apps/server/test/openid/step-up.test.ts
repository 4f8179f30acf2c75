import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { call, latestCode, signInWithPassword, tokenFor } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type StartedSignIn,
  type TestClient,
  authorize,
  follow,
  redeem,
  screenCall,
  signedInMember,
  startSignIn,
  startWithClient,
} from '../support/openid.ts';
import { passkeyProof, registerPasskey, signInWithPasskey } from '../support/passkey-ceremonies.ts';
import { signInResponse } from '../support/software-authenticator.ts';
import { ENGINE } from '../support/test-app.ts';
import { authenticatorCode, turnOnTwoStep } from '../support/two-step.ts';

const ONE_FACTOR = 'urn:energy-portal:acr:1fa';
const TWO_FACTORS = 'urn:energy-portal:acr:2fa';

/**
 * A product's `prompt=login`, `max_age` and `acr_values` are answered with the portal's fresh proof
 * on the sign-in screen, not a sign-out: the portal session stays, and the ID token tells the proof
 * (`auth_time`, `amr`, `acr`).
 */
describe(`oidcc-prompt-login, oidcc-max-age, oidcc-ensure-request-with-acr-values-succeeds: a fresh sign-in is a step-up, not a sign-out (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** A portal sign-in made `ms` before now, as the portal's clock tells it. */
  async function signedInAgo(account: string, ms: number): Promise<string> {
    t.clock.advance(-ms);
    try {
      return await tokenFor(t.app, account, PASSWORD);
    } finally {
      t.clock.advance(ms);
    }
  }

  /** A product's sign-in in a browser signed in to the portal with `token`, up to the screen. */
  async function startIn(token: string, params: Record<string, string>) {
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, encodeURIComponent(token));
    const signIn = await startSignIn(t, client, { prompt: null, ...params }, jar);
    const on = (declaration: CallDeclaration, body?: unknown) =>
      screenCall<AuthorizeStep>(t, jar, declaration, { uid: signIn.uid, token, body });
    return { signIn, on };
  }

  /** A portal sign-in older than the provider's own clock, however far the two-step set-ups of the
   *  tests before moved the portal's, and still fresh enough to add a passkey. */
  const EARLIER_MS = 5 * 60_000;

  /** The ceremonies' origin and relying party: the issuer's. */
  const here = () => ({ origin: t.issuer, rpId: new URL(t.issuer).hostname });
  /** A passkey of the account, registered while its session is fresh. */
  async function passkeyOf(token: string, ceremony: { backedUp?: boolean } = {}) {
    const { reply, credential } = await registerPasskey(t.app, token, { ceremony: { ...here(), ...ceremony } });
    expect(reply.code, reply.msg).toBe(0);
    return credential;
  }

  /** The browser goes on from a `redirect` step to the product, whose code is redeemed. */
  async function toProduct(signIn: StartedSignIn, step: AuthorizeStep) {
    expect(step.step).toBe('redirect');
    const callback = await follow(t, client, signIn.jar, step.step === 'redirect' ? step.to : '');
    expect(callback.searchParams.get('code'), callback.href).toEqual(expect.any(String));
    return (await redeem(client, { ...signIn, callback })).claims()!;
  }

  it('answers prompt=login with a fresh password proof: a new auth_time and amr [pwd], the portal session kept', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await signedInAgo(user.account, 60_000);
    const { signIn, on } = await startIn(token, { prompt: 'login' });

    const asked = await on(contract.interactionStep);
    expect(asked.data).toEqual({
      step: 'reauthenticate',
      client: expect.any(Object),
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: false,
    });
    const wrong = await on(contract.reauthenticateInteraction, { password: `${PASSWORD}x` });
    expect(wrong.code).toBe(ErrorCode.PasswordIncorrect);

    const provenAt = Math.floor(t.app.ctx.now() / 1000);
    const proven = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(proven.code, proven.msg).toBe(0);
    const claims = await toProduct(signIn, proven.data);
    expect(claims).toMatchObject({ sub: String(user.id), amr: ['pwd'], acr: ONE_FACTOR });
    expect(claims.auth_time).toBeGreaterThanOrEqual(provenAt);

    // the portal session went on all along
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);
  });

  it('answers max_age older than the portal sign-in with a step-up, and a younger one without', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await signedInAgo(user.account, 120_000);
    const old = await startIn(token, { max_age: '60' });
    expect((await old.on(contract.interactionStep)).data).toMatchObject({ step: 'reauthenticate' });
    const proven = await old.on(contract.reauthenticateInteraction, { password: PASSWORD });
    const claims = await toProduct(old.signIn, proven.data);
    expect(claims).toMatchObject({ amr: ['pwd'] });
    expect(claims.auth_time).toBeGreaterThanOrEqual(Math.floor(t.app.ctx.now() / 1000) - 5);

    const young = await startIn(token, { max_age: '600' });
    expect((await young.on(contract.interactionStep)).data).toMatchObject({ step: 'continue' });
  });

  it('wants the second factor of acr_values 2fa: a password alone does not finish, a TOTP code then gives amr otp and acr 2fa', async () => {
    const { token } = await signedInMember(t, ['esguard']);
    const { secret } = await turnOnTwoStep(t, token);
    const { signIn, on } = await startIn(token, { acr_values: TWO_FACTORS });

    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({ step: 'reauthenticate', methods: ['password', 'code'], secondFactor: true });
    const password = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(password.code, password.msg).toBe(0);
    // one factor proved: the screen asks for the second, the product gets nothing yet
    expect(password.data).toMatchObject({ step: 'reauthenticate', methods: ['code'], secondFactor: true });

    const code = await on(contract.reauthenticateInteraction, { code: await authenticatorCode(t, secret) });
    expect(code.code, code.msg).toBe(0);
    const claims = await toProduct(signIn, code.data);
    expect(claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
    expect(claims.acr).toBe(TWO_FACTORS);
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);

    // the provider's session now carries two factors: the product's silent sign-in asking for them succeeds
    const silent = await authorize(t, client, token, {
      jar: signIn.jar,
      params: { prompt: 'none', scope: 'openid company', acr_values: TWO_FACTORS },
    });
    expect(silent.callback.searchParams.get('error')).toBeNull();
    expect((await redeem(client, silent)).claims()).toMatchObject({ acr: TWO_FACTORS });
  });

  /** A portal sign-in with both steps, the password then a code of the app; the clock then moves past
   *  the code's step, so that the next code is accepted. */
  async function signedInWithBothSteps(account: string, secret: string): Promise<string> {
    const password = await signInWithPassword(t.app, 'account', account, PASSWORD);
    const second = await call(t.app, contract.loginTwoStep, {
      body: { ticket: password.data.twoStep.ticket, code: await authenticatorCode(t, secret) },
    });
    expect(second.code, second.msg).toBe(0);
    t.clock.advance(30_000);
    return second.data.token as string;
  }

  /** What a product asks before a remote command: a fresh sign-in with two factors. */
  const STEP_UP = { prompt: 'login', max_age: '300', acr_values: TWO_FACTORS };

  it('asks a person who signed in with both steps for both again: the password, then the code; amr pwd, otp, mfa and acr 2fa', async () => {
    const { user, token: first } = await signedInMember(t, ['esguard']);
    const { secret } = await turnOnTwoStep(t, first);
    const token = await signedInWithBothSteps(user.account, secret);
    const { signIn, on } = await startIn(token, STEP_UP);

    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({ step: 'reauthenticate', methods: ['password', 'code'], secondFactor: true });
    const password = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(password.code, password.msg).toBe(0);
    // the portal's own sign-in was before the request: it is not the second factor of this one
    expect(password.data).toMatchObject({ step: 'reauthenticate', methods: ['code'], secondFactor: true });
    const provenAt = Math.floor(t.app.ctx.now() / 1000);
    const code = await on(contract.reauthenticateInteraction, { code: await authenticatorCode(t, secret) });
    expect(code.code, code.msg).toBe(0);
    const claims = await toProduct(signIn, code.data);
    expect(claims).toMatchObject({ sub: String(user.id), acr: TWO_FACTORS });
    expect([...(claims.amr as string[])].sort()).toEqual(['mfa', 'otp', 'pwd']);
    expect(claims.auth_time).toBeGreaterThanOrEqual(provenAt);
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);
  });

  it('asks both of a person whose sign-in with both steps is older than max_age: the code first, if they choose it, then the password', async () => {
    const { user, token: first } = await signedInMember(t, ['esguard']);
    const { secret } = await turnOnTwoStep(t, first);
    const token = await signedInWithBothSteps(user.account, secret);
    const { signIn, on } = await startIn(token, { max_age: '60', acr_values: TWO_FACTORS });
    // the sign-in grows older than max_age while the screen is open
    t.clock.advance(60_000);
    expect((await on(contract.interactionStep)).data).toMatchObject({
      step: 'reauthenticate',
      methods: ['password', 'code'],
      secondFactor: true,
    });
    const code = await on(contract.reauthenticateInteraction, { code: await authenticatorCode(t, secret) });
    expect(code.data).toMatchObject({ step: 'reauthenticate', methods: ['password'], secondFactor: true });
    const password = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    const claims = await toProduct(signIn, password.data);
    expect(claims).toMatchObject({ acr: TWO_FACTORS });
    expect([...(claims.amr as string[])].sort()).toEqual(['mfa', 'otp', 'pwd']);
  });

  it('takes a passkey alone from a person who signed in with one: amr hwk, mfa and acr 2fa', async () => {
    const { user, token: first } = await signedInMember(t, ['esguard']);
    const credential = await passkeyOf(first);
    const signedIn = await signInWithPasskey(t.app, credential, here());
    expect(signedIn.code, signedIn.msg).toBe(0);
    const token = signedIn.data.token as string;
    t.clock.advance(1_000);
    const { signIn, on } = await startIn(token, STEP_UP);

    expect((await on(contract.interactionStep)).data).toMatchObject({
      step: 'reauthenticate',
      methods: ['passkey'],
      secondFactor: true,
      noSecondFactor: false,
    });
    const proven = await on(contract.reauthenticateInteraction, await passkeyProof(t.app, token, credential, here()));
    expect(proven.code, proven.msg).toBe(0);
    expect(await toProduct(signIn, proven.data)).toMatchObject({
      sub: String(user.id),
      amr: ['hwk', 'mfa'],
      acr: TWO_FACTORS,
    });
  });

  it('tells a person with the password only that the product wants a second factor, and gives acr 1fa', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await signedInAgo(user.account, 60_000);
    const { signIn, on } = await startIn(token, STEP_UP);
    expect((await on(contract.interactionStep)).data).toEqual({
      step: 'reauthenticate',
      client: expect.any(Object),
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: true,
    });
    const proven = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(await toProduct(signIn, proven.data)).toMatchObject({ amr: ['pwd'], acr: ONE_FACTOR });
  });

  it('gives acr 1fa to a person without a second factor, whom it cannot ask for one', async () => {
    const { token } = await signedInMember(t, ['esguard']);
    const { signIn, on } = await startIn(token, { acr_values: TWO_FACTORS });
    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({ step: 'continue' });
    const done = await on(contract.continueInteraction, {});
    expect((await toProduct(signIn, done.data)).acr).toBe(ONE_FACTOR);
  });

  it('tells how the portal sign-in was made: amr [pwd] for a password, [pwd, otp, mfa] and acr 2fa after its second step', async () => {
    const { user, token } = await signedInMember(t, ['esguard']);
    const first = await authorize(t, client, token);
    expect((await redeem(client, first)).claims()).toMatchObject({ amr: ['pwd'], acr: ONE_FACTOR });
    // a code to the phone is sms
    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' } })).code).toBe(0);
    const byCode = await call(t.app, contract.login, {
      body: {
        loginType: 'code',
        identifierType: 'phone',
        identifier: user.phone,
        code: await latestCode(t.app, user.phone!),
      },
    });
    expect(byCode.code, byCode.msg).toBe(0);
    const bySms = await authorize(t, client, byCode.data.token as string);
    expect((await redeem(client, bySms)).claims()).toMatchObject({ amr: ['sms'], acr: ONE_FACTOR });

    const { secret } = await turnOnTwoStep(t, token);
    const password = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    const second = await call(t.app, contract.loginTwoStep, {
      body: { ticket: password.data.twoStep.ticket, code: await authenticatorCode(t, secret) },
    });
    expect(second.code, second.msg).toBe(0);
    const twoFactors = second.data.token as string;
    // a product asking for two factors signs this person in silently, and is told both
    const silent = await authorize(t, client, twoFactors, {
      params: { prompt: 'none', scope: 'openid company', acr_values: TWO_FACTORS },
    });
    expect(silent.callback.searchParams.get('error')).toBeNull();
    expect((await redeem(client, silent)).claims()).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: TWO_FACTORS });
    // and on the screen, no step-up is asked of it
    const { on } = await startIn(twoFactors, { acr_values: TWO_FACTORS });
    expect((await on(contract.interactionStep)).data).toMatchObject({ step: 'continue' });
  });

  it('takes a passkey as two factors for acr_values 2fa: amr [hwk, mfa] and acr 2fa, nothing asked after it', async () => {
    const { user, token } = await signedInMember(t, ['esguard']);
    const credential = await passkeyOf(token);
    const { signIn, on } = await startIn(token, { acr_values: TWO_FACTORS });

    // a password alone would not give two factors to a person without the authenticator app
    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({ step: 'reauthenticate', methods: ['passkey'], secondFactor: true });
    const provenAt = Math.floor(t.app.ctx.now() / 1000);
    const proven = await on(contract.reauthenticateInteraction, await passkeyProof(t.app, token, credential, here()));
    expect(proven.code, proven.msg).toBe(0);
    const claims = await toProduct(signIn, proven.data);
    expect(claims).toMatchObject({ sub: String(user.id), amr: ['hwk', 'mfa'], acr: TWO_FACTORS });
    expect(claims.auth_time).toBeGreaterThanOrEqual(provenAt);
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);
  });

  it('answers prompt=login with a synced passkey: amr [swk, mfa] and acr 2fa', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await signedInAgo(user.account, EARLIER_MS);
    await turnOnTwoStep(t, token);
    const credential = await passkeyOf(token, { backedUp: true });
    const { signIn, on } = await startIn(token, { prompt: 'login' });

    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({
      step: 'reauthenticate',
      methods: ['password', 'code', 'passkey'],
      secondFactor: false,
    });
    const body = await passkeyProof(t.app, token, credential, { ...here(), backedUp: true });
    const proven = await on(contract.reauthenticateInteraction, body);
    expect(proven.code, proven.msg).toBe(0);
    expect(await toProduct(signIn, proven.data)).toMatchObject({ amr: ['swk', 'mfa'], acr: TWO_FACTORS });
  });

  it('after the password, offers the code or a passkey for the second factor, and a passkey finishes it', async () => {
    const { token } = await signedInMember(t, ['esguard']);
    await turnOnTwoStep(t, token);
    const credential = await passkeyOf(token);
    const { signIn, on } = await startIn(token, { acr_values: TWO_FACTORS });

    const asked = await on(contract.interactionStep);
    expect(asked.data).toMatchObject({ methods: ['password', 'code', 'passkey'], secondFactor: true });
    const password = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(password.data).toMatchObject({ step: 'reauthenticate', methods: ['code', 'passkey'], secondFactor: true });
    const proven = await on(contract.reauthenticateInteraction, await passkeyProof(t.app, token, credential, here()));
    expect(proven.code, proven.msg).toBe(0);
    expect(await toProduct(signIn, proven.data)).toMatchObject({ amr: ['pwd', 'hwk', 'mfa'], acr: TWO_FACTORS });
  });

  it("refuses another account's passkey on the screen (1009171) and a challenge used twice (1009170)", async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await signedInAgo(user.account, EARLIER_MS);
    const own = await passkeyOf(token);
    const other = await signedInMember(t, ['esguard']);
    const theirs = await passkeyOf(other.token);
    const { on } = await startIn(token, { prompt: 'login' });

    const started = await call(t.app, contract.reauthenticatePasskeyOptions, { token });
    const { challengeId } = started.data;
    const foreign = { passkey: { challengeId, response: signInResponse(theirs, challengeId, here()) } };
    expect((await on(contract.reauthenticateInteraction, foreign)).code).toBe(1009171);
    const again = { passkey: { challengeId, response: signInResponse(own, challengeId, here()) } };
    expect((await on(contract.reauthenticateInteraction, again)).code).toBe(1009170);
    expect((await on(contract.interactionStep)).data).toMatchObject({ step: 'reauthenticate' });
  });

  it('asks an account with passkeys only (no password, no two-step) for a passkey, and keeps its portal session', async () => {
    const { user, token: first } = await signedInMember(t, ['esguard']);
    const credential = await passkeyOf(first);
    await t.app.ctx.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    t.clock.advance(-EARLIER_MS);
    const signedIn = await signInWithPasskey(t.app, credential, here()).finally(() => t.clock.advance(EARLIER_MS));
    expect(signedIn.code, signedIn.msg).toBe(0);
    const token = signedIn.data.token as string;

    const { signIn, on } = await startIn(token, { prompt: 'login' });
    const asked = await on(contract.interactionStep);
    expect(asked.data).toEqual({
      step: 'reauthenticate',
      client: expect.any(Object),
      methods: ['passkey'],
      secondFactor: false,
      noSecondFactor: false,
    });
    const proven = await on(contract.reauthenticateInteraction, await passkeyProof(t.app, token, credential, here()));
    expect(proven.code, proven.msg).toBe(0);
    expect(await toProduct(signIn, proven.data)).toMatchObject({
      sub: String(user.id),
      amr: ['hwk', 'mfa'],
      acr: TWO_FACTORS,
    });
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);
  });

  it('sends an account with no password, two-step sign-in or passkey to sign in again', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    await t.app.ctx.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    t.clock.advance(-EARLIER_MS);
    const byCode = await (async () => {
      expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' } })).code).toBe(0);
      const code = await latestCode(t.app, user.phone!);
      return call(t.app, contract.login, {
        body: { loginType: 'code', identifierType: 'phone', identifier: user.phone, code },
      });
    })().finally(() => t.clock.advance(EARLIER_MS));
    expect(byCode.code, byCode.msg).toBe(0);
    const token = byCode.data.token as string;
    const { on } = await startIn(token, { prompt: 'login' });
    expect((await on(contract.interactionStep)).data).toMatchObject({ step: 'signIn', fresh: true });
  });

  it('publishes its authentication context classes in discovery', async () => {
    const document = (await (await fetch(`${t.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(document.acr_values_supported).toEqual([ONE_FACTOR, TWO_FACTORS]);
    expect(document.claims_supported).toEqual(expect.arrayContaining(['auth_time', 'acr', 'amr']));
  });

  it('refuses a silent sign-in asking for two factors when the session proved one', async () => {
    const { token } = await signedInMember(t, ['esguard']);
    const first = await authorize(t, client, token);
    expect((await redeem(client, first)).claims()).toMatchObject({ acr: ONE_FACTOR });
    const silent = await authorize(t, client, token, {
      jar: first.jar,
      params: { prompt: 'none', scope: 'openid company', acr_values: TWO_FACTORS },
    });
    expect(silent.callback.searchParams.get('error')).toBe('login_required');
  });

  it('goes on after the person chose another company than that of their grant', async () => {
    const user = await createUser(t.app);
    const a = await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const b = await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const token = await signedInAgo(user.account, 60_000);
    const first = await authorize(t, client, token, { choose: a.enterpriseId });
    expect((await redeem(client, first)).claims()).toMatchObject({ company_id: String(a.enterpriseId) });

    const { signIn, on } = await startIn(token, { prompt: 'login' });
    const proven = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(proven.data).toMatchObject({ step: 'company' });
    const chosen = await on(contract.chooseInteractionCompany, { enterpriseId: b.enterpriseId });
    expect(chosen.code, chosen.msg).toBe(0);
    const claims = await toProduct(signIn, chosen.data);
    expect(claims).toMatchObject({ company_id: String(b.enterpriseId), amr: ['pwd'] });
    expect((await call(t.app, contract.mySessions, { token })).code).toBe(0);
  });
});

describe(`prompt=login: a portal sign-in before the request is no fresh proof, however recent (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  it('asks for a proof after a portal sign-in a few milliseconds before the request, within the same second', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    for (let round = 0; round < 3; round++) {
      // early in a second of the clock, so that the sign-in and the request fall within it
      await new Promise((resolve) => setTimeout(resolve, 1000 - (t.app.ctx.now() % 1000) + 20));
      const token = await tokenFor(t.app, user.account, PASSWORD);
      const jar = new CookieJar();
      jar.set(COOKIE_TOKEN, encodeURIComponent(token));
      const signIn = await startSignIn(t, client, { prompt: 'login' }, jar);
      const step = await screenCall<AuthorizeStep>(t, jar, contract.interactionStep, { uid: signIn.uid, token });
      expect(step.data).toMatchObject({ step: 'reauthenticate', methods: ['password'] });
    }
  });

  it('answers max_age=0 with one proof: a sign-in milliseconds old is too old, the proof on the screen is not', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, encodeURIComponent(token));
    const signIn = await startSignIn(t, client, { prompt: null, max_age: '0' }, jar);
    const on = (declaration: CallDeclaration, body?: unknown) =>
      screenCall<AuthorizeStep>(t, jar, declaration, { uid: signIn.uid, token, body });
    expect((await on(contract.interactionStep)).data).toMatchObject({ step: 'reauthenticate' });
    const proven = await on(contract.reauthenticateInteraction, { password: PASSWORD });
    expect(proven.data).toMatchObject({ step: 'redirect' });
  });

  it('takes a portal sign-in made on the screen after the request as its fresh sign-in', async () => {
    const { user } = await signedInMember(t, ['esguard']);
    const jar = new CookieJar();
    const signIn = await startSignIn(t, client, { prompt: 'login' }, jar);
    const first = await screenCall<AuthorizeStep>(t, jar, contract.interactionStep, { uid: signIn.uid, token: null });
    expect(first.data).toMatchObject({ step: 'signIn' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    jar.set(COOKIE_TOKEN, encodeURIComponent(token));
    const next = await screenCall<AuthorizeStep>(t, jar, contract.interactionStep, { uid: signIn.uid, token });
    expect(next.data).toMatchObject({ step: 'continue' });
  });
});
