import { setTimeout as sleep } from 'node:timers/promises';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { BACKCHANNEL_LOGOUT_EVENT, BackchannelReceiver, signedByIssuer } from '../support/backchannel-receiver.ts';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { call, latestCode, tokenFor } from '../support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorize,
  redeem,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

const NEW_PASSWORD = 'Fresh2027x';

/** What a product keeps of a person's sign-in through the portal. */
interface ProductSession {
  sid: string;
  sub: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * The portal's own ways of ending a person's sessions end the product sessions begun through them,
 * by back-channel logout to the product, and the product's tokens stop working.
 * The logout runs in the background after the portal's answer, so the product's endpoint is polled.
 */
describe(`oidcc-backchannel-rp-initiated-logout, the portal's own triggers: ending a session ends the products' (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let receiver: BackchannelReceiver;
  let client: TestClient;

  beforeAll(async () => {
    receiver = await BackchannelReceiver.start();
    ({ t, client } = await startWithClient({ backchannelLogoutUri: receiver.uri }));
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A person of a company with the product, signed in to the portal `sessions` times. */
  async function person(sessions = 1) {
    const { user, token } = await signedInMember(t, ['esguard']);
    const tokens = [token];
    for (let i = 1; i < sessions; i++) tokens.push(await tokenFor(t.app, user.account, PASSWORD));
    return { user, tokens };
  }

  /** The person signs in to the product through the provider, from one portal session. */
  async function signInToProduct(portalToken: string, choose?: number): Promise<ProductSession> {
    const authorization = await authorize(t, client, portalToken, { choose });
    expect(authorization.callback.searchParams.get('code'), authorization.callback.href).toBeTruthy();
    const tokens = await redeem(client, authorization);
    const claims = tokens.claims()!;
    expect(claims.sid).toEqual(expect.any(String));
    return {
      sid: claims.sid as string,
      sub: claims.sub,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token!,
    };
  }

  const active = async (session: ProductSession) =>
    (await oidc.tokenIntrospection(client.config, session.accessToken)).active;

  async function refreshError(session: ProductSession): Promise<string | null> {
    try {
      await oidc.refreshTokenGrant(client.config, session.refreshToken);
      return null;
    } catch (error) {
      return (error as { error?: string }).error ?? String(error);
    }
  }

  /** The product was told, with the session's `sid` and the person, and its tokens are dead. */
  async function expectEnded(session: ProductSession): Promise<void> {
    const logout = await receiver.waitFor(session.sid);
    expect(logout, `no logout token for ${session.sid} within 2 s`).toBeDefined();
    expect(logout!.claims).toMatchObject({ iss: t.issuer, aud: client.clientId, sub: session.sub, sid: session.sid });
    expect(logout!.claims.events).toHaveProperty([BACKCHANNEL_LOGOUT_EVENT]);
    expect(logout!.claims).not.toHaveProperty('nonce');
    expect(await signedByIssuer(logout!.token, `${t.issuer}/oidc/jwks`)).toBe(true);
    // the grant's tokens are revoked just after the product is told
    await expect.poll(() => active(session), { timeout: 2_000, interval: 25 }).toBe(false);
    expect(await refreshError(session)).toBe('invalid_grant');
    expect(receiver.of(session.sid)).toHaveLength(1);
  }

  /** The product was not told and its tokens work: checked once the change's background work is done. */
  async function expectGoesOn(session: ProductSession): Promise<void> {
    // the background ends one grant after the other within milliseconds: a wrongly included grant
    // would have been told by now
    await sleep(250);
    expect(receiver.of(session.sid)).toEqual([]);
    expect(await active(session)).toBe(true);
    expect(await refreshError(session)).toBeNull();
  }

  it('signing out of the portal ends the product session begun in that portal session, not another', async () => {
    const { tokens } = await person(2);
    const [signedOut, other] = [await signInToProduct(tokens[0]!), await signInToProduct(tokens[1]!)];
    expect((await call(t.app, contract.logout, { token: tokens[0] })).code).toBe(0);
    await expectEnded(signedOut);
    await expectGoesOn(other);
  });

  it('revoking a session in My sessions ends its product session; the one begun in another goes on', async () => {
    const { tokens } = await person(2);
    const [kept, revoked] = [await signInToProduct(tokens[0]!), await signInToProduct(tokens[1]!)];
    const sessions = (await call(t.app, contract.mySessions, { token: tokens[0] })).data.items as {
      id: number;
      current: boolean;
    }[];
    const id = sessions.find((s) => !s.current)!.id;
    const reply = await call(t.app, contract.revokeMySession, { token: tokens[0], body: { id } });
    expect(reply).toMatchObject({ code: 0, data: { current: false } });
    await expectEnded(revoked);
    await expectGoesOn(kept);
  });

  it('revoking the current session in My sessions ends its product session', async () => {
    const { tokens } = await person();
    const session = await signInToProduct(tokens[0]!);
    const { id } = (await call(t.app, contract.mySessions, { token: tokens[0] })).data.items[0]!;
    expect(await call(t.app, contract.revokeMySession, { token: tokens[0], body: { id } })).toMatchObject({
      code: 0,
      data: { current: true },
    });
    await expectEnded(session);
  });

  it("signing out the other sessions ends each one's product session; this one's goes on", async () => {
    const { tokens } = await person(3);
    const sessions = await Promise.all(tokens.map((token) => signInToProduct(token)));
    const reply = await call(t.app, contract.revokeMyOtherSessions, { token: tokens[0] });
    expect(reply).toMatchObject({ code: 0, data: { revoked: 2 } });
    await expectEnded(sessions[1]!);
    await expectEnded(sessions[2]!);
    await expectGoesOn(sessions[0]!);
  });

  it('changing the password ends every product session of the person, not those of anybody else', async () => {
    const { tokens } = await person(2);
    const someoneElse = await signInToProduct((await person()).tokens[0]!);
    const sessions = [await signInToProduct(tokens[0]!), await signInToProduct(tokens[1]!)];
    const reply = await call(t.app, contract.updatePassword, {
      token: tokens[0],
      body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reply.code, reply.msg).toBe(0);
    // the portal session that changed it goes on; the products hold no password to check again
    expect((await call(t.app, contract.currentUser, { token: tokens[0] })).code).toBe(0);
    for (const session of sessions) await expectEnded(session);
    await expectGoesOn(someoneElse);
  });

  it('resetting a forgotten password ends every product session of the person', async () => {
    const { user, tokens } = await person(2);
    const sessions = [await signInToProduct(tokens[0]!), await signInToProduct(tokens[1]!)];
    const sent = await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'reset' } });
    expect(sent.code, sent.msg).toBe(0);
    const reply = await call(t.app, contract.forgetPassword, {
      body: {
        identifierType: 'phone',
        identifier: `+86${user.phone}`,
        code: await latestCode(t.app, user.phone!),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(reply.code, reply.msg).toBe(0);
    for (const session of sessions) await expectEnded(session);
  });

  it('removing a person from a company ends their product sessions in it; those in another company go on', async () => {
    const admin = await createUser(t.app);
    const user = await createUser(t.app);
    const a = await createCompany(t.app, {
      products: ['esguard', 'settcntr'],
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: user.id, role: 'member' },
      ],
    });
    const b = await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const portal = await tokenFor(t.app, user.account, PASSWORD);
    const inA = await signInToProduct(portal, a.enterpriseId);
    const inB = await signInToProduct(portal, b.enterpriseId);

    const reply = await call(t.app, contract.removeMember, {
      token: await tokenFor(t.app, admin.account, PASSWORD),
      body: { userId: user.id },
    });
    expect(reply.code, reply.msg).toBe(0);
    await expectEnded(inA);
    await expectGoesOn(inB);
    // the portal session itself goes on, in the company left to the person
    expect((await call(t.app, contract.currentUser, { token: portal })).code).toBe(0);
  });
});
