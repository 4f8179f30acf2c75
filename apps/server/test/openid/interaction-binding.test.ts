import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { FRONT_PREFIX } from '@portal/shared/api/contract/prefixes';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type StartedSignIn,
  type TestClient,
  authorizationUrl,
  follow,
  redeem,
  screenCall,
  signedInMember,
  startSignIn,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/**
 * The portal's screen of a product's sign-in acts only on the interaction of the browser that started
 * it, as the provider's interaction cookie names it: a link to someone else's interaction is worth
 * nothing to the person who opens it, and nothing to the one who sent it.
 */
describe(`oidcc-basic: the interaction belongs to the browser that started it (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  beforeAll(async () => {
    ({ t, client } = await startWithClient());
  });
  afterAll(async () => t?.close());

  /** Every call of the screen that moves an interaction on, made by `jar` with `token` on `uid`. */
  async function everyCall(jar: CookieJar, uid: string, token: string | null) {
    const on = { uid, token };
    return {
      step: await screenCall(t, jar, contract.interactionStep, on),
      continue: await screenCall(t, jar, contract.continueInteraction, { ...on, body: {} }),
      company: await screenCall(t, jar, contract.chooseInteractionCompany, { ...on, body: { enterpriseId: 1 } }),
      consent: await screenCall(t, jar, contract.consentInteraction, { ...on, body: {} }),
      abort: await screenCall(t, jar, contract.abortInteraction, { ...on, body: {} }),
    };
  }

  /** The browser that started `signIn` resumes it at the provider: where it lands. */
  const resume = (signIn: StartedSignIn) => follow(t, client, signIn.jar, `/oidc/auth/${signIn.uid}`);

  /** The browser that started `signIn` goes through its own screen as `token`'s person, to the product. */
  async function finishAtOwnScreen(signIn: StartedSignIn, token: string) {
    const on = { uid: signIn.uid, token };
    const asked = await screenCall(t, signIn.jar, contract.interactionStep, on);
    expect(asked.data, asked.msg).toMatchObject({ step: 'continue' });
    const done = await screenCall(t, signIn.jar, contract.continueInteraction, { ...on, body: {} });
    expect(done.data, done.msg).toMatchObject({ step: 'redirect' });
    const callback = await follow(t, client, signIn.jar, done.data.step === 'redirect' ? done.data.to : '');
    expect(callback.searchParams.get('code'), callback.href).toEqual(expect.any(String));
    return redeem(client, { ...signIn, callback });
  }

  it("refuses another person's browser every step of a sign-in it did not start, and the starter gets no code for them", async () => {
    // X starts a product's sign-in (no account needed) and sends Y the link of its screen
    const x = await startSignIn(t, client);
    const y = await signedInMember(t, ['esguard']);
    // Y's browser has an interaction of its own: its cookie names that one, not X's
    const ownOfY = await startSignIn(t, client);

    const calls = await everyCall(ownOfY.jar, x.uid, y.token);
    for (const [name, reply] of Object.entries(calls)) {
      expect([name, reply.status, reply.code]).toEqual([name, 404, ErrorCode.NotFound]);
    }

    const landed = await resume(x);
    expect(landed.searchParams.get('code'), landed.href).toBeNull();
    expect(landed.pathname).toBe('/authorize');

    // Y's own sign-in is untouched by all this
    const tokens = await finishAtOwnScreen(ownOfY, y.token);
    expect(tokens.claims()).toMatchObject({ sub: String(y.user.id), company_id: String(y.enterpriseId) });
  });

  it("refuses a signed-in browser without the interaction's cookie that would finish someone else's sign-in as itself", async () => {
    // Y's browser starts a product's sign-in; X, signed in to the portal, has the link
    const y = await signedInMember(t, ['esguard']);
    const ofY = await startSignIn(t, client);
    const x = await signedInMember(t, ['esguard']);

    const calls = await everyCall(new CookieJar(), ofY.uid, x.token);
    for (const [name, reply] of Object.entries(calls)) {
      expect([name, reply.status, reply.code]).toEqual([name, 404, ErrorCode.NotFound]);
    }

    // Y goes on in its own browser and is signed in to the product as Y, not as X
    const tokens = await finishAtOwnScreen(ofY, y.token);
    expect(tokens.claims()).toMatchObject({ sub: String(y.user.id), company_id: String(y.enterpriseId) });
  });

  it('lets only the browser that started a sign-in abort it', async () => {
    const person = await signedInMember(t, ['esguard']);
    const signIn = await startSignIn(t, client);

    const other = await screenCall(t, new CookieJar(), contract.abortInteraction, { uid: signIn.uid, body: {} });
    expect([other.status, other.code]).toEqual([404, ErrorCode.NotFound]);
    await finishAtOwnScreen(signIn, person.token);

    const declined = await startSignIn(t, client);
    const own = await screenCall(t, declined.jar, contract.abortInteraction, { uid: declined.uid, body: {} });
    expect(own.data).toMatchObject({ step: 'redirect' });
    const callback = await follow(t, client, declined.jar, own.data.step === 'redirect' ? own.data.to : '');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('never finishes a sign-in on asking for its step alone', async () => {
    const person = await signedInMember(t, ['esguard']);
    const signIn = await startSignIn(t, client);
    const asked = await screenCall(t, signIn.jar, contract.interactionStep, { uid: signIn.uid, token: person.token });
    expect(asked.data).toEqual({ step: 'continue', client: expect.objectContaining({ productCode: 'esguard' }) });
    const again = await screenCall(t, signIn.jar, contract.interactionStep, { uid: signIn.uid, token: person.token });
    expect(again.data).toMatchObject({ step: 'continue' });

    const landed = await resume(signIn);
    expect(landed.searchParams.get('code'), landed.href).toBeNull();
  });

  it('lets a person refused sign in with another account and finish the same sign-in', async () => {
    const refused = await signedInMember(t, []);
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, refused.token);
    const signIn = await startSignIn(t, client, {}, jar);
    const step = await screenCall(t, jar, contract.interactionStep, { uid: signIn.uid, token: refused.token });
    expect(step.data).toMatchObject({ step: 'denied' });

    // "sign in with another account": the portal signs out, and the same screen comes back after a sign-in
    expect((await call(t.app, contract.logout, { token: refused.token })).code).toBe(0);
    const other = await signedInMember(t, ['esguard']);
    jar.set(COOKIE_TOKEN, other.token);
    const tokens = await finishAtOwnScreen(signIn, other.token);
    expect(tokens.claims()).toMatchObject({ sub: String(other.user.id), company_id: String(other.enterpriseId) });
  });

  it("sets the interaction cookie on the path of the screen's calls, and the resume cookie on its own", async () => {
    const response = await fetch(await authorizationUrl(client), { redirect: 'manual' });
    const uid = new URL(response.headers.get('location')!, t.issuer).searchParams.get('interaction');
    const cookies = new Map(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
    expect(cookies.get('_interaction')).toMatch(new RegExp(`; path=${FRONT_PREFIX}/oidc/interaction;`, 'i'));
    expect(cookies.get('_interaction_resume')).toMatch(new RegExp(`; path=/oidc/auth/${uid};`, 'i'));
  });
});
