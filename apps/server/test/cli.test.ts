import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import { ListedMigrations } from '../src/db/migrate.ts';
import { hashPassword } from '../src/libraries/platform/passwords.ts';
import { hashSecret } from '../src/libraries/platform/secrets.ts';
import { findEnterpriseByDomain } from '../src/queries/enterprises.ts';
import { findInvitationByHash } from '../src/queries/invitations.ts';
import { listEnterpriseProducts } from '../src/queries/products.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');

describe(`operator command line (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let databaseUrl: string;

  // the server's address is the command line's only through its own environment: none leaks in from the run's
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...environment } = process.env;
  const environmentWith = (env: Record<string, string>) => ({
    ...environment,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });

  async function portal(...args: string[]) {
    return portalWith({}, ...args);
  }

  // in this process: a Node start with TypeScript compiled at run time costs seconds per command
  async function portalWith(env: Record<string, string>, ...args: string[]) {
    let stdout = '';
    let stderr = '';
    const exitCode = await runCli(args, {
      env: environmentWith(env),
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stderr += text) },
    });
    return { exitCode, stdout, stderr };
  }

  async function spawnPortal(...args: string[]) {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
        env: environmentWith({}),
      });
      return { exitCode: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function productsOf(domain: string) {
    const enterprise = await findEnterpriseByDomain(testDb.database.db, domain);
    return (await listEnterpriseProducts(testDb.database.db, [enterprise!.id])).map((p) => p.code);
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    databaseUrl = testDb.config.kind === 'sqlite' ? `sqlite:${testDb.config.file}` : testDb.config.url;
  });
  afterAll(async () => {
    await testDb.database.close();
    await testDb.drop();
  });

  it('migrates once, then reports up to date', async () => {
    const listed = Object.keys(await new ListedMigrations(ENGINE).getMigrations());
    expect(listed.slice(0, 5)).toEqual([
      '0001-initial',
      '0002-department-sibling-names',
      '0003-proven-identifiers',
      '0004-retention-indexes',
      '0005-members-in-departments',
    ]);
    // every listed migration, in the order of their numbers
    expect(listed).toEqual([...listed].sort());
    expect(JSON.parse((await portal('migrate', '--json')).stdout)).toEqual({ applied: listed });
    expect((await portal('migrate')).stdout.trim()).toBe('up to date');
  });

  it('purges what has outlived its retention, and keeps the rest', async () => {
    const db = testDb.database.db;
    const day = 86_400_000;
    const now = Date.now();
    await db
      .insertInto('audit_events')
      .values([
        { at: now - 400 * day, action: 'logout', user_id: null, enterprise_id: null, ip: null, detail: null },
        { at: now - day, action: 'logout', user_id: null, enterprise_id: null, ip: null, detail: null },
      ])
      .execute();
    await db
      .insertInto('rate_events')
      .values([
        { bucket: 'code-ip', subject: 'old', at: now - 2 * day },
        { bucket: 'code-ip', subject: 'new', at: now },
      ])
      .execute();
    await db
      .insertInto('tickets')
      .values([
        { token_hash: 'old', scene: 'register', target: 'x', expires_at: now - 2 * day, used_at: null, created_at: 0 },
        { token_hash: 'new', scene: 'register', target: 'x', expires_at: now + day, used_at: null, created_at: 0 },
      ])
      .execute();
    await db
      .insertInto('sign_in_waits')
      .values({ subject: 'phone:13700000000', failures: 3, last_failure_at: now - 2 * day, wait_until: 0 })
      .execute();

    const purged = JSON.parse((await portal('purge', '--json')).stdout);
    expect(purged).toMatchObject({ auditEvents: 1, rateEvents: 1, tickets: 1, signInWaits: 1 });
    expect(await db.selectFrom('audit_events').select('at').execute()).toEqual([{ at: now - day }]);
    expect(await db.selectFrom('rate_events').select('subject').execute()).toEqual([{ subject: 'new' }]);
    expect(await db.selectFrom('tickets').select('token_hash').execute()).toEqual([{ token_hash: 'new' }]);
    expect(JSON.parse((await portal('purge', '--json')).stdout)).toMatchObject({ auditEvents: 0, rateEvents: 0 });
  });

  it('seeds the demo tenant once', async () => {
    const first = JSON.parse((await portal('seed-demo', '--json')).stdout);
    expect(first.created).toBe(true);
    expect(first.accounts.map((a: { account: string }) => a.account)).toEqual(['admin', 'solo']);
    expect(first.companies.map((c: { domain: string }) => c.domain)).toEqual(['demo', 'solo']);
    const human = (await portal('seed-demo')).stdout;
    expect(human).toContain('admin / Portal2026  (admin@demo.example.com)');
    expect(human).toMatch(/company domains:\n {2}demo: 绿能示范\n {2}solo: 精算储能/);
    expect(JSON.parse((await portal('seed-demo', '--json')).stdout).created).toBe(false);
    expect(await productsOf('solo')).toEqual(['saas-es-actuary']);
  });

  it('seed-demo run again prints a demo password only while it still signs in', async () => {
    await portal('seed-demo');
    await testDb.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Changed2026x') })
      .where('account', '=', 'solo')
      .execute();
    const again = await portal('seed-demo');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^demo tenant already present\n/);
    expect(again.stdout).toContain('admin / Portal2026  (admin@demo.example.com)');
    expect(again.stdout).not.toContain('solo / Portal2026');
    expect(again.stdout).toContain('solo / (password changed since the seed)  (solo@demo.example.com)');
    const json = JSON.parse((await portal('seed-demo', '--json')).stdout);
    expect(json.accounts.map((a: { password: string | null }) => a.password)).toEqual(['Portal2026', null]);
  });

  it("seeds the sample product's client with the demo tenant, once, its fixed secret stored hashed", async () => {
    expect((await portal('seed-demo')).exitCode).toBe(0);
    const clients = () => testDb.database.db.selectFrom('oidc_clients').selectAll().execute();
    const [client, ...more] = await clients();
    expect(more).toEqual([]);
    expect(client).toMatchObject({
      client_id: 'demo-product',
      product_code: 'esguard',
      first_party: 1,
      auth_method: 'client_secret_basic',
      secret_hash: hashSecret('demo-product-secret'),
      redirect_uris: JSON.stringify(['http://localhost:3001/callback']),
      post_logout_redirect_uris: JSON.stringify(['http://localhost:3001/']),
      backchannel_logout_uri: 'http://localhost:3001/backchannel-logout',
      disabled_at: null,
    });
    expect(JSON.parse((await portal('seed-demo', '--json')).stdout).client).toEqual({
      clientId: 'demo-product',
      secret: 'demo-product-secret',
      redirectUri: 'http://localhost:3001/callback',
    });
    // a demo tenant seeded before clients existed gets it on the next run
    await testDb.database.db.deleteFrom('oidc_clients').execute();
    expect(JSON.parse((await portal('seed-demo', '--json')).stdout).created).toBe(false);
    expect((await clients()).map((c) => c.client_id)).toEqual(['demo-product']);
  });

  it('refuses seed-demo in production: its passwords and client secret are public', async () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.energy.test:587',
      MAIL_FROM: 'portal@energy.test',
      SMS_WEBHOOK_URL: 'https://sms.energy.test/send',
      TOTP_SECRET_KEY: '5e0b8d27c4a91f63e8d05b7a2c49f1e06d3b8a75c2e49f10b6d8a3e71c5f2940',
      OIDC_KEYS_SECRET: 'c81f4a6e09d27b53f8e1a4c60b9d72e35a1f8c4e07b26d93e5a0c8f14b7d2e69',
      OUTBOX_SECRET: 'e3b7a91c4f06d258b1e7c3a09f5d4862a7c1e0b39d84f25a6c0e17b3d9a4f852',
      PUBLIC_URL: 'https://portal.energy.test',
      PASSWORD_HASH_COST: 'standard',
    };
    const refused = await portalWith(production, 'seed-demo', '--json');
    expect(refused.exitCode).toBe(1);
    expect(JSON.parse(refused.stderr).error).toMatch(/^seed-demo is refused with NODE_ENV=production/);
  });

  it('grants and revokes product rights', async () => {
    const granted = await portal(
      'grant',
      '--enterprise',
      'solo',
      '--product',
      'esguard',
      '--product',
      'settcntr',
      '--json',
    );
    expect(granted.exitCode).toBe(0);
    expect(JSON.parse(granted.stdout)).toEqual({ enterprise: 'solo', products: ['esguard', 'settcntr'] });
    expect(await productsOf('solo')).toEqual(['esguard', 'settcntr', 'saas-es-actuary']);
    // granting twice changes nothing
    expect((await portal('grant', '--enterprise', 'solo', '--product', 'esguard')).exitCode).toBe(0);
    expect((await portal('revoke', '--enterprise', 'solo', '--product', 'esguard')).exitCode).toBe(0);
    expect(await productsOf('solo')).toEqual(['settcntr', 'saas-es-actuary']);
  });

  it('fails clearly with a non-zero exit on an unknown enterprise, an unknown product or a bad command', async () => {
    const noEnterprise = await portal('grant', '--enterprise', 'nowhere', '--product', 'esguard', '--json');
    expect(noEnterprise.exitCode).toBe(1);
    expect(JSON.parse(noEnterprise.stderr)).toEqual({ error: 'unknown enterprise: nowhere' });
    const noProduct = await portal('grant', '--enterprise', 'solo', '--product', 'coffee');
    expect([noProduct.exitCode, noProduct.stderr.trim()]).toEqual([1, 'unknown product code: coffee']);
    const missing = await portal('grant', '--enterprise', 'solo');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('grant needs --enterprise and --product');
    expect((await portal('launch-rockets')).exitCode).toBe(2);
  });

  it('--help prints the usage on stdout and exits 0; no command is still a usage mistake', async () => {
    for (const args of [['--help'], ['invite', '--help']]) {
      const help = await portal(...args);
      expect([help.exitCode, help.stderr]).toEqual([0, '']);
      expect(help.stdout).toMatch(/^usage: npm run portal -- <command>/);
      expect(help.stdout).toContain('invite --kind admin [--products <code>,...]');
    }
    const none = await portal();
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/^usage: npm run portal -- <command>/);
  });
  const HOUR = 3_600_000;
  const invitationOf = (id: string) => findInvitationByHash(testDb.database.db, hashSecret(id));

  it('invite --kind admin prints a link for a new company administrator, 72 hours unless --hours', async () => {
    const before = Date.now();
    const json = await portal('invite', '--kind', 'admin', '--json');
    expect(json.exitCode, json.stderr).toBe(0);
    const link = JSON.parse(json.stdout);
    expect(Object.keys(link).sort()).toEqual(['expiresAt', 'id', 'url']);
    expect(link.url).toMatch(new RegExp(`^https?://[^/]+/register-common-admin\\?referralId=${link.id}$`));
    const row = await invitationOf(link.id);
    expect(row).toMatchObject({ kind: 'admin', enterprise_id: null, created_by: null, max_uses: 1, uses: 0 });
    expect(Date.parse(link.expiresAt)).toBe(row!.expires_at);
    expect(row!.expires_at - before).toBeGreaterThanOrEqual(72 * HOUR);
    expect(row!.expires_at - before).toBeLessThan(72 * HOUR + 60_000);

    const human = await portal('invite', '--kind', 'admin', '--hours', '5');
    expect(human.exitCode, human.stderr).toBe(0);
    const [url, expiry] = human.stdout.trim().split('\n');
    expect(url).toMatch(/\/register-common-admin\?referralId=[A-Za-z0-9_-]{32}$/);
    const short = await invitationOf(new URL(url!).searchParams.get('referralId')!);
    expect(short!.expires_at - before).toBeGreaterThanOrEqual(5 * HOUR);
    expect(short!.expires_at - before).toBeLessThan(5 * HOUR + 60_000);
    expect(expiry).toBe(`expires at ${new Date(short!.expires_at).toISOString()}`);
  });

  it('invite --kind admin stores the products the new company gets: the settings centre unless --products', async () => {
    const productsOfLink = async (...args: string[]) => {
      const reply = await portal('invite', '--kind', 'admin', ...args, '--json');
      expect(reply.exitCode, reply.stderr).toBe(0);
      return JSON.parse((await invitationOf(JSON.parse(reply.stdout).id))!.product_codes!);
    };
    expect(await productsOfLink()).toEqual(['settcntr']);
    expect(await productsOfLink('--products', 'settcntr,saas-es-actuary')).toEqual(['settcntr', 'saas-es-actuary']);
    expect(await productsOfLink('--products', '')).toEqual([]);
    expect(await productsOfLink('--products', 'settcntr', '--products', 'saas-es-actuary')).toEqual([
      'settcntr',
      'saas-es-actuary',
    ]);

    const unknown = await portal('invite', '--kind', 'admin', '--products', 'settcntr,rockets', '--json');
    expect(unknown.exitCode).toBe(1);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'unknown product code: rockets' });
    expect((await portal('seed-demo')).exitCode).toBe(0);
    const member = await portal('invite', '--kind', 'member', '--enterprise', 'demo', '--products', 'settcntr');
    expect([member.exitCode, member.stderr.includes('usage: npm run portal')]).toEqual([2, true]);
  });

  it('invite --kind owner stores the products the owner company gets: the settings centre unless --products', async () => {
    expect((await portal('seed-demo')).exitCode).toBe(0);
    const productsOfLink = async (...args: string[]) => {
      const reply = await portal('invite', '--kind', 'owner', '--enterprise', 'demo', ...args, '--json');
      expect(reply.exitCode, reply.stderr).toBe(0);
      return JSON.parse((await invitationOf(JSON.parse(reply.stdout).id))!.product_codes!);
    };
    expect(await productsOfLink()).toEqual(['settcntr']);
    expect(await productsOfLink('--products', 'settcntr,esguard')).toEqual(['settcntr', 'esguard']);
    expect(await productsOfLink('--products', '')).toEqual([]);
    const unknown = await portal(
      'invite',
      '--kind',
      'owner',
      '--enterprise',
      'demo',
      '--products',
      'rockets',
      '--json',
    );
    expect(unknown.exitCode).toBe(1);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'unknown product code: rockets' });
    const help = await portal('invite', '--help');
    expect(help.stdout).toContain('invite --kind owner --enterprise <domain> [--products <code>,...]');
  });

  it('invite --kind member|owner --enterprise <domain> prints a link into that company', async () => {
    // idempotent: the demo company exists whichever tests ran before
    expect((await portal('seed-demo')).exitCode).toBe(0);
    const demo = await findEnterpriseByDomain(testDb.database.db, 'demo');
    for (const [kind, route] of [
      ['member', '/register-common-ordinary'],
      ['owner', '/register-owner-enterprise'],
    ] as const) {
      const reply = await portal('invite', '--kind', kind, '--enterprise', 'demo', '--json');
      expect(reply.exitCode, reply.stderr).toBe(0);
      const link = JSON.parse(reply.stdout);
      expect(link.url.endsWith(`${route}?referralId=${link.id}`)).toBe(true);
      expect(await invitationOf(link.id)).toMatchObject({ kind, enterprise_id: demo!.id, created_by: null });
    }
  });

  it("invite prints links on the server's PUBLIC_URL, else on http://localhost:<PORT>", async () => {
    const origin = async (env: Record<string, string>) => {
      const reply = await portalWith(env, 'invite', '--kind', 'admin', '--json');
      expect(reply.exitCode, reply.stderr).toBe(0);
      return new URL(JSON.parse(reply.stdout).url).origin;
    };
    expect(await origin({ PUBLIC_URL: 'https://portal.example.com/', PORT: '9000' })).toBe(
      'https://portal.example.com',
    );
    expect(await origin({ PORT: '9000' })).toBe('http://localhost:9000');
    expect(await origin({})).toBe('http://localhost:8080');
  });

  it('invite exits 1 on an unknown enterprise, 2 with the usage on missing or bad options', async () => {
    const unknown = await portal('invite', '--kind', 'member', '--enterprise', 'nowhere', '--json');
    expect(unknown.exitCode).toBe(1);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'unknown enterprise: nowhere' });
    for (const args of [
      ['invite', '--kind', 'guest'],
      ['invite', '--kind', 'owner'],
      ['invite', '--kind', 'admin', '--enterprise', 'demo'],
      ['invite', '--kind', 'admin', '--hours', '169'],
      ['invite', '--kind', 'admin', '--hours'],
    ]) {
      const reply = await portal(...args);
      expect([reply.exitCode, reply.stderr.includes('usage: npm run portal'), args]).toEqual([2, true, args]);
    }
  });

  it('runs as a script: arguments from the command line, output on stdout and stderr, the exit code', async () => {
    // side by side: each is a Node start with TypeScript compiled at run time
    const [done, mistaken] = await Promise.all([
      spawnPortal('migrate', '--json'),
      spawnPortal('invite', '--kind', 'admin', '--colour', 'red'),
    ]);
    expect(done).toEqual({ exitCode: 0, stdout: `${JSON.stringify({ applied: [] })}\n`, stderr: '' });
    expect(mistaken.exitCode).toBe(2);
    expect(mistaken.stdout).toBe('');
    expect(mistaken.stderr).toMatch(/^Unknown option '--colour'[^]*\n\nusage: npm run portal -- <command>/);
  });
});
