import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import { DEMO_CLIENT, DEMO_PASSWORD } from '../src/libraries/company/demo-seed.ts';
import { hashSecret } from '../src/libraries/platform/secrets.ts';
import { findClient } from '../src/queries/openid.ts';
import { tokenFor } from './support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  authorize,
  kidOf,
  oauthErrorOf,
  productTokens,
  redeem,
  registerClient,
  signedInMember,
  startOpenIdApp,
  verifyJwt,
} from './support/openid.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`operator command line: OpenID clients and keys (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let person: { token: string; enterpriseId: number };

  // the server's address is the command line's only through its own environment: none leaks in from the run's
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...environment } = process.env;

  /** The command line against the app's database, in this process (a Node start costs seconds). */
  async function portal(...args: string[]) {
    return portalOn(t, {}, ...args);
  }

  async function portalOn(app: TestApp, env: Record<string, string>, ...args: string[]) {
    const database = app.testDb.config;
    let stdout = '';
    let stderr = '';
    const exitCode = await runCli(args, {
      env: {
        ...environment,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        PUBLIC_URL: t.issuer,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stderr += text) },
    });
    return { exitCode, stdout, stderr };
  }

  /** openid-client configured for a client the command line added, with the secret it printed. */
  async function relyingParty(clientId: string, secret: string, redirectUri: string): Promise<TestClient> {
    const config = await oidc.discovery(new URL(t.issuer), clientId, undefined, oidc.ClientSecretBasic(secret), {
      execute: [oidc.allowInsecureRequests],
    });
    return { clientId, secret, redirectUri, config };
  }

  beforeAll(async () => {
    t = await startOpenIdApp();
    // the provider's keys are made at its first use: here, rather than in the first test's time
    await t.app.openid.provider();
    person = await signedInMember(t, ['esguard'], { role: 'admin' });
  });
  afterAll(async () => t?.close());

  it('clients add prints the secret once and stores only its hash; clients list never shows it', async () => {
    const added = await portal(
      'clients',
      'add',
      '--product',
      'mgguard',
      '--environment',
      'staging',
      '--redirect-uri',
      'https://mg.example.com/callback',
      '--redirect-uri',
      'https://mg.example.com/other',
      '--post-logout-uri',
      'https://mg.example.com/',
      '--backchannel-logout-uri',
      'https://mg.example.com/backchannel',
      '--third-party',
      '--secret-in',
      'post',
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const secret = /client secret: (\S+)/.exec(added.stdout)?.[1];
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.stdout).toContain('This secret is not shown again');
    expect(added.stdout).toContain('mgguard-staging  mgguard');

    const row = await findClient(t.app.ctx.db, 'mgguard-staging');
    expect(row).toMatchObject({
      product_code: 'mgguard',
      secret_hash: hashSecret(secret!),
      auth_method: 'client_secret_post',
      first_party: 0,
      backchannel_logout_uri: 'https://mg.example.com/backchannel',
    });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.parse(row!.redirect_uris)).toEqual(['https://mg.example.com/callback', 'https://mg.example.com/other']);

    const listed = await portal('clients', 'list');
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('mgguard-staging');
    expect(listed.stdout).toContain('third-party');
    expect(listed.stdout).not.toContain(secret);
    const json = JSON.parse((await portal('clients', 'list', '--json')).stdout);
    expect(json.clients).toContainEqual(
      expect.objectContaining({ clientId: 'mgguard-staging', productCode: 'mgguard', firstParty: false }),
    );
    expect(JSON.stringify(json)).not.toContain(secret);
  });

  it('clients add --public --json: no secret, and the client id and name as given', async () => {
    const added = await portal(
      'clients',
      'add',
      '--product',
      'seop',
      '--client-id',
      'seop-mobile',
      '--name',
      'Optimisation app',
      '--redirect-uri',
      'http://127.0.0.1:7/callback',
      '--public',
      '--json',
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({
      client: expect.objectContaining({ clientId: 'seop-mobile', name: 'Optimisation app', public: true }),
      secret: null,
    });
    expect((await findClient(t.app.ctx.db, 'seop-mobile'))!.secret_hash).toBeNull();
  });

  it('clients add refuses a redirect URI with a fragment, an unknown product, a taken id; mistakes exit 2', async () => {
    const refused = async (...args: string[]) => {
      const reply = await portal('clients', 'add', ...args, '--json');
      return [reply.exitCode, JSON.parse(reply.stderr).error];
    };
    expect(await refused('--product', 'esguard', '--redirect-uri', 'https://es.example.com/cb#here')).toEqual([
      1,
      'redirect URI may not have a fragment: https://es.example.com/cb#here',
    ]);
    expect(await refused('--product', 'coffee', '--redirect-uri', 'https://es.example.com/cb')).toEqual([
      1,
      'unknown product code: coffee',
    ]);
    expect(
      await refused('--product', 'mgguard', '--environment', 'staging', '--redirect-uri', 'https://mg.example.com/cb'),
    ).toEqual([1, 'client mgguard-staging exists already']);
    expect(await findClient(t.app.ctx.db, 'esguard-production')).toBeUndefined();

    for (const args of [
      ['clients', 'add', '--product', 'esguard'],
      ['clients', 'add', '--redirect-uri', 'https://es.example.com/cb'],
      ['clients', 'add', '--product', 'esguard', '--redirect-uri', 'https://x.test/cb', '--secret-in', 'header'],
      ['clients', 'rotate-secret'],
      ['clients', 'disable'],
      ['clients', 'rename'],
      ['keys'],
    ]) {
      const reply = await portal(...args);
      expect([reply.exitCode, reply.stderr.includes('usage: npm run portal'), args]).toEqual([2, true, args]);
    }
    const unknown = await portal('clients', 'rotate-secret', 'nobody', '--json');
    expect([unknown.exitCode, JSON.parse(unknown.stderr)]).toEqual([1, { error: 'unknown client: nobody' }]);
  });

  it('clients rotate-secret --overlap 0: the old secret is refused at /oidc/token (invalid_client) at once', async () => {
    const redirectUri = 'http://127.0.0.1:9/callback';
    const added = await portal('clients', 'add', '--product', 'esguard', '--redirect-uri', redirectUri, '--json');
    expect(added.exitCode, added.stderr).toBe(0);
    const { client, secret } = JSON.parse(added.stdout);
    const before = await relyingParty(client.clientId, secret, redirectUri);
    expect((await productTokens(t, before, person.token)).id_token).toEqual(expect.any(String));

    const rotated = await portal('clients', 'rotate-secret', client.clientId, '--overlap', '0');
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain('The old secret stopped working now.');
    expect(rotated.stdout).toContain('This secret is not shown again');
    const newSecret = new RegExp(`new secret of ${client.clientId}: (\\S+)`).exec(rotated.stdout)![1]!;
    expect(newSecret).not.toBe(secret);
    const stored = (await findClient(t.app.ctx.db, client.clientId))!;
    expect([stored.secret_hash, stored.previous_secret_hash]).toEqual([hashSecret(newSecret), null]);

    // the code is taken before the refusal, so that only the secret differs
    expect(await oauthErrorOf(productTokens(t, before, person.token))).toBe('invalid_client');
    const after = await relyingParty(client.clientId, newSecret, redirectUri);
    const tokens = await productTokens(t, after, person.token);
    expect(tokens.claims()).toMatchObject({ company_id: String(person.enterpriseId), product: 'esguard' });
  });

  it('clients rotate-secret keeps the old secret beside the new one through the overlap: a product refreshes through the switch', async () => {
    const redirectUri = 'http://127.0.0.1:9/callback';
    const added = await portal(
      'clients',
      'add',
      '--product',
      'esguard',
      '--environment',
      'overlap',
      '--redirect-uri',
      redirectUri,
      '--json',
    );
    const { client, secret } = JSON.parse(added.stdout);
    const old = await relyingParty(client.clientId, secret, redirectUri);
    const signedIn = await productTokens(t, old, person.token);

    const rotated = await portal('clients', 'rotate-secret', client.clientId, '--overlap', '2h', '--json');
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const reply = JSON.parse(rotated.stdout);
    const end = t.app.ctx.now() + 2 * 3_600_000;
    expect(reply).toEqual({
      clientId: client.clientId,
      secret: expect.any(String),
      previousSecretValidUntil: expect.any(String),
    });
    expect(Math.abs(Date.parse(reply.previousSecretValidUntil) - end)).toBeLessThan(1_000);
    const fresh = await relyingParty(client.clientId, reply.secret, redirectUri);

    // a server of the product still on the old secret refreshes; one moved to the new secret too
    const withOld = await oidc.refreshTokenGrant(old.config, signedIn.refresh_token!);
    expect(withOld.claims()).toMatchObject({ company_id: String(person.enterpriseId), product: 'esguard' });
    t.clock.advance(2 * 3_600_000 - 1_000);
    const withNew = await oidc.refreshTokenGrant(fresh.config, withOld.refresh_token!);
    expect(withNew.access_token).toEqual(expect.any(String));
    const againOld = await oidc.refreshTokenGrant(old.config, withNew.refresh_token!);

    // past the end, only the new one
    t.clock.advance(2_000);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(old.config, againOld.refresh_token!))).toBe('invalid_client');
    expect((await oidc.refreshTokenGrant(fresh.config, againOld.refresh_token!)).access_token).toEqual(
      expect.any(String),
    );

    const human = await portal('clients', 'rotate-secret', client.clientId, '--until', '2099-01-01T00:00Z');
    expect([human.exitCode, human.stderr]).toEqual([1, expect.stringContaining('30 days at most')]);
    const inAnHour = new Date(t.app.ctx.now() + 3_600_000).toISOString();
    const until = await portal('clients', 'rotate-secret', client.clientId, '--until', inAnHour);
    expect(until.stdout).toContain(`The old secret stays valid beside the new one until ${inAnHour}`);
    for (const wrong of [
      ['--overlap', '12'],
      ['--overlap', 'soon'],
      ['--until', 'tomorrow'],
      ['--overlap', '1h', '--until', inAnHour],
    ]) {
      const refused = await portal('clients', 'rotate-secret', client.clientId, ...wrong);
      expect([refused.exitCode, refused.stderr.includes('usage: npm run portal'), wrong]).toEqual([2, true, wrong]);
    }
  });

  it('clients disable: the provider refuses the client at once', async () => {
    const client = await registerClient(t, { productCode: 'esguard' });
    expect((await oidc.clientCredentialsGrant(client.config)).access_token).toEqual(expect.any(String));
    const disabled = await portal('clients', 'disable', client.clientId, '--json');
    expect([disabled.exitCode, JSON.parse(disabled.stdout)]).toEqual([
      0,
      { clientId: client.clientId, disabled: true },
    ]);
    expect(await oauthErrorOf(oidc.clientCredentialsGrant(client.config))).toBe('invalid_client');
    const listed = JSON.parse((await portal('clients', 'list', '--json')).stdout);
    expect(listed.clients).toContainEqual(expect.objectContaining({ clientId: client.clientId, disabled: true }));
    expect((await portal('clients', 'disable', 'nobody')).exitCode).toBe(1);
  });

  it('clients add --id-token-alg ES256: its ID tokens are ES256 on sign-in and refresh; a bad value exits 2', async () => {
    const added = await portal(
      'clients',
      'add',
      '--product',
      'esguard',
      '--environment',
      'es256',
      '--redirect-uri',
      'http://127.0.0.1:9/callback',
      '--id-token-alg',
      'ES256',
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toContain('  ID tokens signed:  ES256\n');
    expect((await findClient(t.app.ctx.db, 'esguard-es256'))!.id_token_alg).toBe('ES256');
    const secret = /client secret: (\S+)/.exec(added.stdout)![1]!;
    const client = await relyingParty('esguard-es256', secret, 'http://127.0.0.1:9/callback');
    const tokens = await productTokens(t, client, person.token, {
      params: { scope: 'openid company offline_access', prompt: 'consent' },
    });
    await verifyJwt(t, tokens.id_token!, client.clientId, 'ES256');
    const refreshed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    await verifyJwt(t, refreshed.id_token!, client.clientId, 'ES256');

    // without the option: RS256, as every client made before
    const listed = JSON.parse((await portal('clients', 'list', '--json')).stdout);
    expect(listed.clients).toContainEqual(expect.objectContaining({ clientId: 'esguard-es256', idTokenAlg: 'ES256' }));
    expect(listed.clients).toContainEqual(
      expect.objectContaining({ clientId: 'mgguard-staging', idTokenAlg: 'RS256' }),
    );

    for (const wrong of ['HS256', 'es256', 'none']) {
      const refused = await portal(
        'clients',
        'add',
        '--product',
        'esguard',
        '--environment',
        `bad-${wrong}`,
        '--redirect-uri',
        'http://127.0.0.1:9/callback',
        '--id-token-alg',
        wrong,
      );
      expect(refused.exitCode, wrong).toBe(2);
      expect(refused.stderr, wrong).toContain(`--id-token-alg must be RS256 or ES256, not ${wrong}`);
      expect(await findClient(t.app.ctx.db, `esguard-bad-${wrong}`)).toBeUndefined();
    }
    const help = await portal('--help');
    expect(help.stdout).toContain('[--id-token-alg RS256|ES256]');
  });

  it('keys rotate: the key published ahead starts signing within a minute, the old one stays published', async () => {
    const published = async () =>
      ((await (await fetch(`${t.issuer}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    const client = await registerClient(t, { productCode: 'esguard' });
    const signedBefore = kidOf((await productTokens(t, client, person.token)).id_token!);
    const publishedBefore = await published();

    const rotated = await portal('keys', 'rotate', '--json');
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const { RS256, ES256 } = JSON.parse(rotated.stdout);
    const { signing, next, retired } = RS256;
    expect(retired).toEqual([signedBefore]);
    // the ES256 keys rotate with them, in the same order
    expect(publishedBefore).toContain(ES256.signing);
    expect(publishedBefore).not.toContain(ES256.next);
    // the safe order: the key that signs now was published before it signed
    expect(publishedBefore).toContain(signing);
    expect(publishedBefore).not.toContain(next);

    // the running server checks the key set once a minute
    t.clock.advance(61_000);
    expect(kidOf((await productTokens(t, client, person.token)).id_token!)).toBe(signing);
    expect(await published()).toEqual(
      expect.arrayContaining([signedBefore, signing, next, ...ES256.retired, ES256.signing, ES256.next]),
    );

    const human = await portal('keys', 'rotate');
    expect(human.exitCode, human.stderr).toBe(0);
    expect(human.stdout).toContain(`RS256\n  signing now:     ${next}\n`);
    expect(human.stdout).toContain(`ES256\n  signing now:     ${ES256.next}\n`);
    expect(human.stdout).toMatch(new RegExp(`retired: +${signing} \\(still published for 24 hours`));
    expect(human.stdout).toContain('Running servers pick up the new keys within a minute.');
  });

  it("keys rotate refuses to run without the servers' OIDC_KEYS_SECRET, and seals the new keys with it", async () => {
    const secret = 'a1'.repeat(32);
    const sealed = await startTestApp({ OIDC_KEYS_SECRET: secret });
    try {
      await sealed.app.openid.provider();
      const kids = async () =>
        (await sealed.app.ctx.db.selectFrom('oidc_keys').select('kid').where('use', '=', 'sig').execute()).map(
          (row) => row.kid,
        );
      const before = await kids();
      const without = await portalOn(sealed, {}, 'keys', 'rotate', '--json');
      expect([without.exitCode, JSON.parse(without.stderr).error]).toEqual([
        1,
        "keys rotate needs the servers' OIDC_KEYS_SECRET: A stored secret is encrypted, and OIDC_KEYS_SECRET is not set",
      ]);
      const wrong = await portalOn(sealed, { OIDC_KEYS_SECRET: 'b2'.repeat(32) }, 'keys', 'rotate');
      expect([wrong.exitCode, wrong.stderr.trim()]).toEqual([
        1,
        "keys rotate needs the servers' OIDC_KEYS_SECRET: the stored keys do not open with this one",
      ]);
      expect(await kids()).toEqual(before);

      const rotated = await portalOn(sealed, { OIDC_KEYS_SECRET: secret }, 'keys', 'rotate', '--json');
      expect(rotated.exitCode, rotated.stderr).toBe(0);
      const { RS256, ES256 } = JSON.parse(rotated.stdout);
      for (const next of [RS256.next, ES256.next]) {
        const row = await sealed.app.ctx.db
          .selectFrom('oidc_keys')
          .select('sealed')
          .where('kid', '=', next)
          .executeTakeFirst();
        expect(row!.sealed, next).toMatch(/^v1:/);
      }
    } finally {
      await sealed.close();
    }
  });

  it("seed-demo adds the sample product's client with its fixed secret, and a stock library signs in with it", async () => {
    const seeded = await portal('seed-demo');
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('demo-product / demo-product-secret  (http://localhost:3001/callback)');
    const demo = await relyingParty(DEMO_CLIENT.clientId, DEMO_CLIENT.secret, DEMO_CLIENT.redirectUri);
    const admin = await tokenFor(t.app, 'admin', DEMO_PASSWORD);
    const authorization = await authorize(t, demo, admin, { choose: await demoCompanyId() });
    expect(authorization.callback.origin + authorization.callback.pathname).toBe(DEMO_CLIENT.redirectUri);
    const tokens = await redeem(demo, authorization);
    expect(tokens.claims()).toMatchObject({ aud: 'demo-product', product: 'esguard', company_role: 'admin' });
  });

  async function demoCompanyId(): Promise<number> {
    const row = await t.app.ctx.db
      .selectFrom('enterprises')
      .select('id')
      .where('domain', '=', 'demo')
      .executeTakeFirst();
    return row!.id;
  }
});
