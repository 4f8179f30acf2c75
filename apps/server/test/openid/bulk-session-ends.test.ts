import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { HeldBackchannelReceiver } from '../support/held-backchannel-receiver.ts';
import { tokenFor, urlOf } from '../support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorize,
  redeem,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** Sessions of one person in each case: the portal's bulk changes end them in bounded steps. */
const SESSIONS = 2_000;
const NEW_PASSWORD = 'Fresh2027x';
/** Seeding and 2,000 signed logout tokens take seconds on a shared machine. */
const CASE_MS = 120_000;

interface ProductSession {
  sid: string;
  refreshToken: string;
}

/**
 * "Sign out all other sessions", a password change and a removal from a company end thousands of
 * portal sessions and product grants with set-based statements, and queue the back-channel
 * logouts. The product's endpoint holds its answers while a case looks, so the background work
 * cannot finish: what is answered meanwhile was not waiting for it.
 */
describe(`oidcc-backchannel-rp-initiated-logout: bulk ends of ${SESSIONS} sessions (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let receiver: HeldBackchannelReceiver;
  let client: TestClient;

  beforeAll(async () => {
    receiver = await HeldBackchannelReceiver.start();
    ({ t, client } = await startWithClient({ backchannelLogoutUri: receiver.uri }));
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A call over HTTP to the listening portal, as the web app makes it. */
  async function send(declaration: CallDeclaration, token: string, body?: unknown) {
    const response = await fetch(`${t.issuer}${urlOf(declaration)}`, {
      method: declaration.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as { code: number; msg: string; data: any };
  }

  async function signInToProduct(portalToken: string, choose?: number): Promise<ProductSession> {
    const tokens = await redeem(client, await authorize(t, client, portalToken, { choose }));
    return { sid: tokens.claims()!.sid as string, refreshToken: tokens.refresh_token! };
  }

  async function refreshError(session: ProductSession): Promise<string | null> {
    try {
      await oidc.refreshTokenGrant(client.config, session.refreshToken);
      return null;
    } catch (error) {
      return (error as { error?: string }).error ?? String(error);
    }
  }

  /** The newest portal session of a person: the one a sign-in just opened. */
  async function newestPortalSession(userId: number): Promise<number> {
    const row = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * `count` more portal sessions of the person written straight into the database, each with a
   * product session copied from the one begun in `portalSessionId`: its own provider session, grant,
   * `sid` and grant link. Answers their `sid`s.
   */
  async function seedLike(portalSessionId: number, count: number): Promise<string[]> {
    const db = t.database.db;
    const { id: _id, ...portal } = await db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', portalSessionId)
      .executeTakeFirstOrThrow();
    const link = await db
      .selectFrom('oidc_grant_links')
      .selectAll()
      .where('portal_session_id', '=', portalSessionId)
      .executeTakeFirstOrThrow();
    const grant = await db
      .selectFrom('oidc_models')
      .selectAll()
      .where('model', '=', 'Grant')
      .where('id', '=', link.grant_id)
      .executeTakeFirstOrThrow();
    const session = (
      await db
        .selectFrom('oidc_models')
        .selectAll()
        .where('model', '=', 'Session')
        .where('account_id', '=', String(portal.user_id))
        .execute()
    ).find((row) => JSON.parse(row.payload).authorizations?.[link.client_id]?.grantId === link.grant_id)!;
    const authorization = JSON.parse(session.payload).authorizations[link.client_id];
    const sids: string[] = [];
    const randomId = () => randomBytes(16).toString('base64url');
    for (let from = 0; from < count; from += 200) {
      const size = Math.min(200, count - from);
      const portalIds = await db
        .insertInto('sessions')
        .values(Array.from({ length: size }, () => ({ ...portal, token_hash: randomId() })))
        .returning('id')
        .execute();
      const copies = portalIds.map(({ id }) => ({
        portalId: id,
        grantId: randomId(),
        sessionId: randomId(),
        sid: randomId(),
      }));
      sids.push(...copies.map((copy) => copy.sid));
      await db
        .insertInto('oidc_models')
        .values(
          copies.flatMap((copy) => [
            {
              ...grant,
              id: copy.grantId,
              payload: JSON.stringify({ ...JSON.parse(grant.payload), jti: copy.grantId }),
            },
            {
              ...session,
              id: copy.sessionId,
              uid: randomId(),
              payload: JSON.stringify({
                ...JSON.parse(session.payload),
                jti: copy.sessionId,
                uid: randomId(),
                authorizations: { [link.client_id]: { ...authorization, sid: copy.sid, grantId: copy.grantId } },
              }),
            },
          ]),
        )
        .execute();
      await db
        .insertInto('oidc_grant_links')
        .values(copies.map((copy) => ({ ...link, grant_id: copy.grantId, portal_session_id: copy.portalId })))
        .execute();
    }
    return sids;
  }

  /**
   * While the product holds its answers: the bulk change and a concurrent read of the person are
   * answered, fewer logouts than product sessions have come, and a few at a time, and the first
   * product told already finds its refresh token refused (its grant ended before the products were
   * told). Then the product answers, and every ended product session is told: `real` and each of
   * `more`, all of which the case counts on, so the wait is for the last of them.
   */
  async function expectBulkEnd(
    bulk: () => Promise<{ code: number; msg: string; data: any }>,
    reader: string,
    ended: { real: ProductSession; more: string[] },
  ) {
    receiver.hold();
    const before = receiver.sids.length;
    const [answer, read] = await Promise.all([bulk(), send(contract.currentUser, reader)]);
    expect(answer.code, answer.msg).toBe(0);
    expect(read.code, read.msg).toBe(0);
    expect(await receiver.waitForCount(before + 1, 30_000)).toBeGreaterThan(before);
    expect(await refreshError(ended.real)).toBe('invalid_grant');
    expect((await send(contract.currentUser, reader)).code).toBe(0);
    const total = ended.more.length + 1;
    expect(receiver.sids.length - before, 'logouts that came while the product held its answers').toBeLessThan(total);
    expect(receiver.mostHeldAtOnce, 'logouts in flight at once').toBeLessThanOrEqual(8);

    receiver.release();
    await receiver.waitForCount(before + total, 60_000);
    const told = new Set(receiver.sids.slice(before));
    expect([ended.real.sid, ...ended.more].filter((sid) => !told.has(sid))).toEqual([]);
    return told;
  }

  it(
    'signing out all other sessions ends each one and its product session; this one goes on',
    async () => {
      const { user, token } = await signedInMember(t, ['esguard']);
      const kept = await signInToProduct(token);
      const other = await tokenFor(t.app, user.account, PASSWORD);
      const real = await signInToProduct(other);
      const seeded = await seedLike(await newestPortalSession(user.id), SESSIONS - 2);

      let answer: { code: number; data: any } | undefined;
      const told = await expectBulkEnd(
        async () => (answer = await send(contract.revokeMyOtherSessions, token)),
        token,
        { real, more: seeded },
      );
      expect(answer!.data.revoked).toBe(SESSIONS - 1);
      expect((await send(contract.currentUser, other)).code).toBe(ErrorCode.Unauthorized);
      expect(told.has(kept.sid)).toBe(false);
      expect(await refreshError(kept)).toBeNull();
    },
    CASE_MS,
  );

  it(
    'changing the password ends every product session of the person, this session’s included',
    async () => {
      const { user, token } = await signedInMember(t, ['esguard']);
      const own = await signInToProduct(token);
      const other = await tokenFor(t.app, user.account, PASSWORD);
      const real = await signInToProduct(other);
      const seeded = await seedLike(await newestPortalSession(user.id), SESSIONS - 2);

      await expectBulkEnd(
        () =>
          send(contract.updatePassword, token, {
            oldPassword: PASSWORD,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        token,
        // this session's product session is ended too: 2,000 logouts, not 1,999
        { real, more: [own.sid, ...seeded] },
      );
      expect(await refreshError(own)).toBe('invalid_grant');
      expect((await send(contract.currentUser, other)).code).toBe(ErrorCode.Unauthorized);
    },
    CASE_MS,
  );

  it(
    'removing a person from a company ends their product sessions in it; those in another go on',
    async () => {
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
      const token = await tokenFor(t.app, user.account, PASSWORD);
      const inB = await signInToProduct(token, b.enterpriseId);
      const other = await tokenFor(t.app, user.account, PASSWORD);
      const real = await signInToProduct(other, a.enterpriseId);
      const seeded = await seedLike(await newestPortalSession(user.id), SESSIONS - 1);
      const adminToken = await tokenFor(t.app, admin.account, PASSWORD);

      const told = await expectBulkEnd(() => send(contract.removeMember, adminToken, { userId: user.id }), token, {
        real,
        more: seeded,
      });
      expect(told.has(inB.sid)).toBe(false);
      expect(await refreshError(inB)).toBeNull();
    },
    CASE_MS,
  );
});
