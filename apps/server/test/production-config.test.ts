import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { loadKeySet } from '../src/libraries/openid/signing-keys.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** What production requires besides NODE_ENV and the keys under test: real transports (never used
 *  here), and the outbox's key. */
const OUTBOX_KEY = 'e3b7a91c4f06d258b1e7c3a09f5d4862a7c1e0b39d84f25a6c0e17b3d9a4f852';
const TRANSPORTS = {
  NODE_ENV: 'production',
  OUTBOX_SECRET: OUTBOX_KEY,
  SMTP_URL: 'smtp://mail.energy.test:587',
  MAIL_FROM: 'portal@energy.test',
  SMS_WEBHOOK_URL: 'https://sms.energy.test/send',
  PUBLIC_URL: 'https://portal.energy.test',
};
const KEY = '3f9c1e7a5b2d8406c4e1f0a9b7d36e52a8c0f4b1d9e7326a5c8b0e4f1d2a7c93';
const OIDC_KEY = 'b74e0d29c1a6f8357e2b9d04a6c1f3e85d7a2c0b9f4e6d1a38c5b7e0f2d9a416';

describe('the configuration of production', () => {
  it('refuses to start without OUTBOX_SECRET, naming it, so that queued codes and webhook secrets are never kept in plain text', () => {
    const { OUTBOX_SECRET: _kept, ...base } = { ...TRANSPORTS, TOTP_SECRET_KEY: KEY, OIDC_KEYS_SECRET: OIDC_KEY };
    for (const missing of [base, { ...base, OUTBOX_SECRET: '' }])
      expect(() => loadConfig(missing)).toThrow(/NODE_ENV=production requires OUTBOX_SECRET/);
    expect(() => loadConfig({ ...base, OUTBOX_SECRET: OIDC_KEY })).toThrow(
      /OUTBOX_SECRET and OIDC_KEYS_SECRET are the same key/,
    );
    expect(loadConfig({ ...base, OUTBOX_SECRET: OUTBOX_KEY }).outboxSecret).toEqual(Buffer.from(OUTBOX_KEY, 'hex'));
  });

  it('refuses to start without TOTP_SECRET_KEY, naming it, so that two-step secrets are never kept in plain text', () => {
    const base = { ...TRANSPORTS, OIDC_KEYS_SECRET: OIDC_KEY };
    for (const missing of [base, { ...base, TOTP_SECRET_KEY: '' }]) {
      expect(() => loadConfig(missing)).toThrow(ConfigError);
      expect(() => loadConfig(missing)).toThrow(/NODE_ENV=production requires TOTP_SECRET_KEY/);
    }
    expect(loadConfig({ ...base, TOTP_SECRET_KEY: KEY }).totpSecretKey).toEqual(Buffer.from(KEY, 'hex'));
  });

  it("refuses to start without OIDC_KEYS_SECRET, naming it, so that the provider's signing keys are never kept in plain text", () => {
    const base = { ...TRANSPORTS, TOTP_SECRET_KEY: KEY };
    for (const missing of [base, { ...base, OIDC_KEYS_SECRET: '' }]) {
      expect(() => loadConfig(missing)).toThrow(ConfigError);
      expect(() => loadConfig(missing)).toThrow(/NODE_ENV=production requires OIDC_KEYS_SECRET/);
    }
    expect(() => loadConfig({ ...base, OIDC_KEYS_SECRET: 'not-hex' })).toThrow(/OIDC_KEYS_SECRET/);
    expect(loadConfig({ ...base, OIDC_KEYS_SECRET: OIDC_KEY }).oidcKeysSecret).toEqual(Buffer.from(OIDC_KEY, 'hex'));
  });

  it('refuses keys that are not random, or one key for both, naming them', () => {
    const keys = { TOTP_SECRET_KEY: KEY, OIDC_KEYS_SECRET: OIDC_KEY };
    expect(loadConfig({ ...TRANSPORTS, ...keys }).production).toBe(true);
    const weak = {
      'all zero': '00'.repeat(32),
      'one byte repeated': 'ab'.repeat(32),
      'a short pattern repeated': '0123456789abcdef'.repeat(4),
      'a pattern of a few bytes': '00112233'.repeat(8),
    };
    for (const [what, value] of Object.entries(weak)) {
      for (const name of ['TOTP_SECRET_KEY', 'OIDC_KEYS_SECRET']) {
        const config = { ...TRANSPORTS, ...keys, [name]: value };
        expect(() => loadConfig(config), `${name}: ${what}`).toThrow(ConfigError);
        expect(() => loadConfig(config), `${name}: ${what}`).toThrow(
          new RegExp(`^${name} is not a random key .*openssl rand -hex 32`),
        );
      }
    }
    for (const shared of [KEY, KEY.toUpperCase()]) {
      expect(() => loadConfig({ ...TRANSPORTS, TOTP_SECRET_KEY: KEY, OIDC_KEYS_SECRET: shared })).toThrow(
        /^TOTP_SECRET_KEY and OIDC_KEYS_SECRET are the same key/,
      );
    }
    // outside production a test key is fine
    expect(loadConfig({ TOTP_SECRET_KEY: '00'.repeat(32) }).totpSecretKey).toEqual(Buffer.alloc(32));
  });

  it('refuses a PUBLIC_URL or issuer that is not https://, or has a query or fragment', () => {
    const base = { ...TRANSPORTS, TOTP_SECRET_KEY: KEY, OIDC_KEYS_SECRET: OIDC_KEY };
    const { PUBLIC_URL: _unset, ...withoutAddress } = base;
    expect(() => loadConfig(withoutAddress)).toThrow(/^NODE_ENV=production requires PUBLIC_URL/);
    const refused: [Record<string, string>, RegExp][] = [
      [{ PUBLIC_URL: 'http://portal.energy.test' }, /^PUBLIC_URL must be an https:\/\/ address in production/],
      [{ OIDC_ISSUER: 'http://id.energy.test' }, /^OIDC_ISSUER must be an https:\/\/ address in production/],
      [{ PUBLIC_URL: 'https://portal.energy.test/?tenant=1' }, /^PUBLIC_URL must not have a query or fragment/],
      [{ PUBLIC_URL: 'https://portal.energy.test/#x' }, /^PUBLIC_URL must not have a query or fragment/],
      [{ OIDC_ISSUER: 'https://id.energy.test/?a' }, /^OIDC_ISSUER must not have a query or fragment/],
      [{ OIDC_ISSUER: 'https://id.energy.test/#' }, /^OIDC_ISSUER must not have a query or fragment/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(message);
    }
    expect(loadConfig({ ...base, OIDC_ISSUER: 'https://id.energy.test/' }).oidcIssuer).toBe('https://id.energy.test');
    // outside production, the development default
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
  });

  it('keeps the keys optional outside production', () => {
    expect(loadConfig({}).totpSecretKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).totpSecretKey).toBeNull();
    expect(loadConfig({}).oidcKeysSecret).toBeNull();
  });

  it('takes the issuer from PUBLIC_URL, unless OIDC_ISSUER names another', () => {
    expect(loadConfig({}).oidcIssuer).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.energy.test/' }).oidcIssuer).toBe('https://portal.energy.test');
    const both = loadConfig({ PUBLIC_URL: 'https://portal.energy.test', OIDC_ISSUER: 'https://id.energy.test/' });
    expect([both.publicUrl, both.oidcIssuer]).toEqual(['https://portal.energy.test', 'https://id.energy.test']);
    expect(() => loadConfig({ OIDC_ISSUER: 'id.energy.test' })).toThrow(/OIDC_ISSUER/);
  });
});

describe(`the provider's signing keys at rest (${ENGINE})`, () => {
  const rowsOf = (t: TestApp) => t.app.ctx.db.selectFrom('oidc_keys').select(['kid', 'use', 'sealed']).execute();
  let sealed: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [sealed, plain] = await Promise.all([startTestApp({ OIDC_KEYS_SECRET: OIDC_KEY }), startTestApp()]);
    // the keys are made at the provider's first use
    await Promise.all([sealed.app.openid.provider(), plain.app.openid.provider()]);
  });
  afterAll(async () => Promise.all([sealed?.close(), plain?.close()]));

  it("are sealed with OIDC_KEYS_SECRET: no row holds a private key's `d` in clear, and they still load", async () => {
    const rows = await rowsOf(sealed);
    expect(rows.map((row) => row.use).sort()).toEqual(['cookie', 'sig', 'sig', 'sig', 'sig']);
    for (const row of rows) {
      expect(row.sealed).toMatch(/^v1:/);
      expect(row.sealed).not.toContain('"d"');
    }
    const keys = await loadKeySet(sealed.app.ctx);
    // the keys that sign first, RS256 before ES256, then the ones published ahead of their turn
    const kids = ['sig-1', 'sig-es256-1', 'sig-2', 'sig-es256-2'];
    expect(keys.jwks.map((key) => key.kid)).toEqual(kids);
    expect(keys.jwks.every((key) => typeof key.d === 'string')).toBe(true);
    const published = await sealed.app.inject({ url: '/oidc/jwks' });
    expect(published.statusCode).toBe(200);
    const { keys: publicKeys } = published.json() as { keys: Record<string, unknown>[] };
    expect(publicKeys.map((key) => key.kid)).toEqual(kids);
    expect(publicKeys.some((key) => 'd' in key)).toBe(false);
  });

  it('are refused without the secret that sealed them, naming it', async () => {
    const withoutSecret = { ...sealed.app.ctx, config: { ...sealed.app.ctx.config, oidcKeysSecret: null } };
    await expect(loadKeySet(withoutSecret)).rejects.toThrow(/OIDC_KEYS_SECRET is not set/);
  });

  it('are stored as they are without OIDC_KEYS_SECRET (outside production only)', async () => {
    const [signing] = (await rowsOf(plain)).filter((row) => row.use === 'sig');
    expect(JSON.parse(signing!.sealed)).toHaveProperty('d');
  });
});
