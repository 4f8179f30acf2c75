import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { devLogStream } from '../src/plugins/dev-log.ts';
import { createLogger, loggableUrl } from '../src/plugins/logger.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, signInWithPassword, tokenFor } from './support/http.ts';
import { type OpenIdTestApp, authorize, freePort, redeem, registerClient } from './support/openid.ts';
import { accountFields, newCompany, newPhone } from './support/registration-flow.ts';
import { pngImage, uploadIcon } from './support/settings.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';
import { PAGE, temporaryWebDist } from './support/web-dist.ts';

describe(`secrets in the request log (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let web: ReturnType<typeof temporaryWebDist>;
  let smsProvider: Server;
  const texts: string[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    // the SMS provider, as in production: the development outbox, which shows codes on purpose, is off
    smsProvider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => void (body += chunk.toString()));
      request.on('end', () => {
        texts.push((JSON.parse(body) as { text: string }).text);
        response.writeHead(200).end();
      });
    });
    smsProvider.listen(0, '127.0.0.1');
    await once(smsProvider, 'listening');
    const { port } = smsProvider.address() as AddressInfo;
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    web = temporaryWebDist({ 'index.html': PAGE });
    app = await buildApp({
      config: loadConfig({ PORTAL_DEV_OUTBOX: '0', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` }, web.dir),
      database: testDb.database,
      // every line of every level, as production would write them with its most talkative setting
      logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
    web?.remove();
    smsProvider?.close();
  });

  it('holds none of the tokens, tickets, codes or links the flows handed out', async () => {
    const secrets = new Set<string>([PASSWORD]);
    const keep = (value: unknown) => {
      expect(typeof value, 'a secret was handed out').toBe('string');
      secrets.add(value as string);
      return value as string;
    };
    const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

    // a password sign-in, and its token handed to the portal by another product, in every place it travels
    const user = await createUser(app);
    const token = keep(await tokenFor(app, user.account, PASSWORD));
    await page(`/?arkAuth=${token}&productId=1`);
    await page(`/home?arkAuth=${encodeURIComponent(token)}`, { cookie: `token=${token}; enterpriseId=1` });
    await call(app, contract.currentUser, { query: { token }, token, headers: { cookie: `token=${token}` } });
    await call(app, 'GET', `${API_PREFIX}/no-such-call?access_token=${token}&Authorization=Bearer%20${token}`, {
      token,
    });

    // an invitation link, opened as a page and read by the app
    const link = await createInvitation(app.ctx, { kind: 'admin', enterpriseId: null });
    const referralId = keep(link.id);
    await page(`/register-common-admin?referralId=${referralId}`);
    await call(app, contract.referralInfo, { params: { id: referralId } });

    // the registration: a code by SMS, its ticket, the new account's session
    const phone = newPhone();
    expect((await call(app, contract.sendSms, { body: { phone, scene: 'register' } })).code).toBe(0);
    await app.messenger.idle();
    const code = keep(texts.at(-1)?.match(/\b(\d{6})\b/)?.[1]);
    const checked = await call(app, contract.checkPhoneCode, { body: { phone, code, scene: 'register' } });
    const ticket = keep(checked.data.ticket);
    await page(`/register-common-admin?referralId=${referralId}&ticket=${ticket}&code=${code}`);
    const signedUp = await call(app, contract.adminSignUp, {
      body: { referralId, ticket, ...accountFields(), enterprise: newCompany() },
    });
    expect(signedUp.code, signedUp.msg).toBe(0);
    keep(signedUp.data.token);

    // two-step sign-in: the secret, the recovery codes, the ticket between the steps, the session
    const setup = await call(app, contract.twoStepSetup, { token });
    const secret = keep(setup.data.secret);
    const codeNow = () => generate({ secret, epoch: Math.floor(app.ctx.now() / 1000) });
    const confirmed = await call(app, contract.twoStepConfirm, { token, body: { code: await codeNow() } });
    expect(confirmed.code, confirmed.msg).toBe(0);
    (confirmed.data.recoveryCodes as string[]).forEach(keep);
    const first = await signInWithPassword(app, 'account', user.account, PASSWORD);
    const twoStepTicket = keep(first.data.twoStep.ticket);
    await page(`/login?ticket=${twoStepTicket}`);
    const second = await call(app, contract.loginTwoStep, {
      body: { ticket: twoStepTicket, code: confirmed.data.recoveryCodes[0] },
    });
    expect(second.code, second.msg).toBe(0);
    keep(second.data.token);

    await app.messenger.idle();
    expect(lines.length).toBeGreaterThan(30);
    // the requests are logged, with their secrets taken out
    expect(lines.some((line) => line.includes('arkAuth=redacted&productId=1'))).toBe(true);
    for (const secret of secrets) {
      const leaks = lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
      expect(leaks, `a log line holds ${secret.slice(0, 4)}…`).toEqual([]);
    }
    expect(lines.filter((line) => /bearer\s+[A-Za-z0-9_-]{8}/i.test(line))).toEqual([]);
  });

  it('takes the value of every secret parameter out of a URL, and leaves the rest as it was', () => {
    expect(loggableUrl('/?arkAuth=abc&productId=1')).toBe('/?arkAuth=redacted&productId=1');
    expect(loggableUrl('/x?TOKEN=a&refresh_token=b&ticket=c&code=d&referralId=e&langCode=zh-CN')).toBe(
      '/x?TOKEN=redacted&refresh_token=redacted&ticket=redacted&code=redacted&referralId=redacted&langCode=zh-CN',
    );
    expect(loggableUrl(`${API_PREFIX}/referral/info/abcdef?x=1`)).toBe(`${API_PREFIX}/referral/info/redacted?x=1`);
    expect(loggableUrl('/home?productId=2')).toBe('/home?productId=2');
    expect(loggableUrl('/home')).toBe('/home');
  });

  it('hides the secret headers of whatever a line carries', () => {
    const written: string[] = [];
    const log = createLogger('info', { write: (line: string) => void written.push(line) });
    const headers = {
      authorization: 'Bearer abc123',
      cookie: 'token=abc123',
      'set-cookie': 'token=abc123',
      'proxy-authorization': 'Basic abc123',
      'x-api-key': 'pak_abc123',
      accept: '*/*',
    };
    log.info({ headers, res: { headers } }, 'headers');
    const [line] = written.map((text) => JSON.parse(text));
    expect(line.headers).toEqual({
      authorization: 'redacted',
      cookie: 'redacted',
      'set-cookie': 'redacted',
      'proxy-authorization': 'redacted',
      'x-api-key': 'redacted',
      accept: '*/*',
    });
    expect(line.res.headers).toEqual(line.headers);
  });
});

/** Three base64url parts, the first a JOSE header (`{"` is `eyJ`): a JWT, wherever a line holds one. */
const JWT_SHAPED = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;

for (const format of ['json', 'lines'] as const) {
  describe(`secrets of the OpenID provider and of uploads in the ${format} log at trace level (${ENGINE})`, () => {
    let t: OpenIdTestApp;
    const lines: string[] = [];

    beforeAll(async () => {
      const testDb = await createTestDatabase();
      await migrateToLatest(testDb.database);
      const port = await freePort();
      const issuer = `http://127.0.0.1:${port}`;
      const capture = { write: (line: string) => void lines.push(line) };
      const app = await buildApp({
        config: loadConfig({ PUBLIC_URL: issuer, PASSWORD_HASH_COST: 'test', LOG_LEVEL: 'trace' }),
        database: testDb.database,
        logger: createLogger('trace', format === 'lines' ? devLogStream(capture) : capture),
        requestLines: format === 'lines',
      });
      await app.listen({ port, host: '127.0.0.1' });
      t = {
        app,
        issuer,
        database: testDb.database,
        testDb,
        clock: { advance: () => {} },
        async close() {
          await app.close();
          await testDb.database.close();
          await testDb.drop();
        },
      };
    });
    afterAll(async () => t?.close());

    it('holds no token, code, client secret or session of a product sign-in, its API calls, its sign-out and an upload', async () => {
      const secrets = new Set<string>([PASSWORD]);
      const keep = (value: string | undefined) => {
        expect(typeof value, 'a secret was handed out').toBe('string');
        secrets.add(value!);
        return value!;
      };
      const client = await registerClient(t, { productCode: 'esguard', secretIn: 'post' });
      keep(client.secret!);
      const user = await createUser(t.app);
      const { enterpriseId } = await createCompany(t.app, {
        products: ['esguard', 'settcntr'],
        members: [{ userId: user.id, role: 'admin' }],
      });
      expect(enterpriseId).toBeGreaterThan(0);
      const session = keep(await tokenFor(t.app, user.account, PASSWORD));

      // the sign-in: the code on its way back, the tokens it is redeemed for, a refresh
      const authorization = await authorize(t, client, session);
      keep(authorization.callback.searchParams.get('code') ?? undefined);
      const tokens = await redeem(client, authorization);
      const idToken = keep(tokens.id_token);
      const accessToken = keep(tokens.access_token);
      const refreshed = await oidc.refreshTokenGrant(client.config, keep(tokens.refresh_token));
      keep(refreshed.access_token);
      keep(refreshed.refresh_token);
      keep(refreshed.id_token);

      // the product's server: userinfo with the token in the header and in the query, introspection, revocation
      await fetch(`${t.issuer}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      await fetch(`${t.issuer}/oidc/me?access_token=${accessToken}`);
      await oidc.tokenIntrospection(client.config, refreshed.access_token);
      await oidc.tokenRevocation(client.config, refreshed.refresh_token!);
      // anything that looks like a JWT, under any name and in the path
      await fetch(`${t.issuer}/oidc/auth?client_id=${client.clientId}&hint=${idToken}`, { redirect: 'manual' });
      await fetch(`${t.issuer}/oidc/${idToken}`, { redirect: 'manual' });

      // the product's sign-out, with the ID token (name, phone, email, company) as the hint
      const signOut = new URL(`${t.issuer}/oidc/session/end`);
      signOut.search = new URLSearchParams({
        id_token_hint: refreshed.id_token!,
        post_logout_redirect_uri: 'http://127.0.0.1:9/signed-out',
        state: 'after-sign-out',
        client_id: client.clientId,
        logout_token: idToken,
      }).toString();
      expect((await fetch(signOut, { headers: { cookie: authorization.jar.header() } })).status).toBe(200);

      // a branding upload by the company's administrator: the parser logs its headers at trace level
      const session2 = keep(await tokenFor(t.app, user.account, PASSWORD));
      const uploaded = await uploadIcon(t.app, session2, { content: pngImage() });
      expect(uploaded.code, uploaded.msg).toBe(0);

      for (const secret of secrets) {
        const leaks = lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
        expect(leaks, `a log line holds ${secret.slice(0, 6)}…`).toEqual([]);
      }
      expect(lines.filter((line) => JWT_SHAPED.test(line))).toEqual([]);
      expect(lines.filter((line) => /bearer\s+[A-Za-z0-9_-]{8}/i.test(line))).toEqual([]);
      // the requests and the parser's records are there, without their secrets
      expect(lines.some((line) => line.includes('/oidc/session/end?id_token_hint=redacted'))).toBe(true);
      expect(lines.some((line) => /Providing options to busboy/.test(line))).toBe(true);
    });
  });
}
