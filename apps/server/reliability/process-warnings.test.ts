import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { Db } from '../src/db/database.ts';
import { insertAccount } from './support/accounts.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';
import { signIn } from './support/tenants.ts';

const PASSWORD = 'Warnings2026';
const run = promisify(execFile);

describe(`the server's log at a first passkey (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  it("has none of Node's notices that Web Crypto's supports() and ML-DSA are experimental", async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const token = await signIn(server, person.account, PASSWORD);
    // the passkey library asks Node which key algorithms it verifies, ML-DSA among them
    const options = await server.call(contract.passkeyRegistrationOptions.path, {
      method: 'POST',
      body: {},
      token,
      from: newClientAddress(),
    });
    expect(options.json.code, options.text).toBe(0);
    expect(options.json.data.pubKeyCredParams.length).toBeGreaterThan(0);
    // a warning is written on the next turn of the event loop; the next request comes after it
    expect(
      (await server.call(contract.passkeys.path, { method: 'GET', token, from: newClientAddress() })).json.code,
    ).toBe(0);
    expect(server.output).not.toContain('ExperimentalWarning');
    expect(server.output).not.toContain('Web Crypto API');
  });

  it('keeps every other warning, as Node writes it', async () => {
    const script = [
      `const { quietExperimentalWarnings } = await import(${JSON.stringify(resolve(import.meta.dirname, '../src/process-warnings.ts'))});`,
      'quietExperimentalWarnings();',
      "SubtleCrypto.supports('verify', 'ML-DSA-44');",
      "process.emitWarning('another experiment', 'ExperimentalWarning');",
      "process.emitWarning('an old way', 'DeprecationWarning', 'DEP9999');",
    ].join('\n');
    const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(stderr).toContain('ExperimentalWarning: another experiment');
    expect(stderr).toContain('[DEP9999] DeprecationWarning: an old way');
    expect(stderr).not.toContain('Web Crypto API');
  });
});
