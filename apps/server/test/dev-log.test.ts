import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { devLogStream, formatDevLine } from '../src/plugins/dev-log.ts';
import { createLogger } from '../src/plugins/logger.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

const TIME = /^\d\d:\d\d:\d\d /;

describe(`the development log (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    app = await buildApp({
      config: loadConfig({ PORTAL_DEV_OUTBOX: '1' }, null),
      database: testDb.database,
      logger: createLogger('info', devLogStream({ write: (text: string) => void lines.push(text) })),
      requestLines: true,
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
  });

  /** The lines written while `action` ran. */
  async function linesOf(action: () => Promise<unknown>): Promise<string[]> {
    const from = lines.length;
    await action();
    await app.messenger.idle();
    return lines.slice(from).flatMap((text) => text.split('\n').filter(Boolean));
  }

  const requestLines = (written: string[]) => written.filter((line) => / (GET|POST) \//.test(line));

  it('writes one short line per request: method, path, status and time, the envelope code when not 0', async () => {
    const user = await createUser(app);
    const signIn = (password: string) =>
      call(app, contract.login, {
        body: { loginType: 'password', identifierType: 'account', identifier: user.account, password },
      });

    const refused = requestLines(await linesOf(() => signIn('Wrong2026pass')));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(TIME);
    expect(refused[0]).toMatch(/ POST \/api\/portal\/front\/v4\/user\/login 200 \d+ ms code 1009117$/);

    const accepted = requestLines(await linesOf(() => signIn(PASSWORD)));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatch(/ POST \/api\/portal\/front\/v4\/user\/login 200 \d+ ms$/);
  });

  it('keeps secrets out of the path, and the outbox codes on lines of their own that stand out', async () => {
    const invitation = await linesOf(() => call(app, contract.referralInfo, { params: { id: 'SecretLink123' } }));
    expect(invitation).toHaveLength(1);
    expect(invitation[0]).toContain(`${API_PREFIX}/referral/info/redacted `);
    expect(invitation[0]).not.toContain('SecretLink123');

    const { phone } = await createUser(app);
    const sent = await linesOf(() => call(app, contract.sendSms, { body: { phone, scene: 'login' } }));
    const outbox = sent.filter((line) => line.includes('[dev outbox]'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatch(TIME);
    expect(outbox[0]).not.toMatch(/^\{/);
    expect(requestLines(sent)).toHaveLength(1);
    expect(sent.every((line) => !line.startsWith('{'))).toBe(true);
  });

  it('writes warnings and errors with their level, and an error with its stack', () => {
    const warn = formatDevLine(JSON.stringify({ level: 40, time: 0, msg: 'Redis unreachable', pid: 1, hostname: 'h' }));
    expect(warn).toMatch(/^\d\d:\d\d:\d\d WARN Redis unreachable\n$/);
    const error = formatDevLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'failed',
        reqId: 'r1',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(error).toMatch(/ ERROR failed\nError: boom\n {4}at x\n$/);
    expect(error).not.toContain('r1');
  });
});
