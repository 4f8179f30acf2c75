import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEnterpriseProducts } from '../src/queries/products.ts';
import { findEnterpriseByDomain } from '../src/queries/enterprises.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');
const run = promisify(execFile);

describe(`operator command line (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let databaseUrl: string;

  async function portal(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
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
    expect(JSON.parse((await portal('migrate', '--json')).stdout)).toEqual({ applied: ['0001-initial'] });
    expect((await portal('migrate')).stdout.trim()).toBe('up to date');
  });

  it('seeds the demo tenant once', async () => {
    const first = JSON.parse((await portal('seed-demo', '--json')).stdout);
    expect(first.created).toBe(true);
    expect(first.accounts.map((a: { account: string }) => a.account)).toEqual(['admin', 'solo']);
    expect(JSON.parse((await portal('seed-demo', '--json')).stdout).created).toBe(false);
    expect(await productsOf('solo')).toEqual(['saas-es-actuary']);
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
});
