import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { translate } from '@portal/shared/locales/catalog';
import type { AppContext, Logger } from '../src/context.ts';
import { afterAnswer, answeredWorkDone } from '../src/libraries/platform/after-answer.ts';
import { auditEventsOf } from './support/audit.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`what a sign-in writes, before and after its answer (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const signIn = (account: string, userAgent: string) =>
    call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: account, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });

  async function newDeviceNotices(email: string): Promise<string[]> {
    await answeredWorkDone(t.app.ctx);
    await t.app.messenger.idle();
    const reply = await call(t.app, contract.devOutbox, { query: { to: email } });
    return (reply.data as { subject: string; text: string }[])
      .filter((m) => m.subject === translate('zh-CN', 'notices.subject'))
      .map((m) => m.text);
  }

  it('answers with a session that stands, its audit row written and its try settled', async () => {
    const user = await createUser(t.app);
    const reply = await signIn(user.account, FIREFOX_LINUX);
    expect(reply.code, reply.msg).toBe(0);
    // no waiting for the work after the answer: these are written before it
    const current = await call(t.app, contract.currentUser, {
      headers: { authorization: `Bearer ${reply.data.token}` },
    });
    expect(current.code).toBe(0);
    expect(await auditEventsOf(t.app, user.id, 'sign-in.success')).toHaveLength(1);
    const wait = await t.app.ctx.db
      .selectFrom('sign_in_waits')
      .select('failures')
      .where('subject', '=', `user:${user.id}`)
      .executeTakeFirst();
    expect(wait).toBeUndefined();
  });

  it('tells of a new device once, even when two sign-ins from it come at the same time', async () => {
    const user = await createUser(t.app);
    expect((await signIn(user.account, FIREFOX_LINUX)).code).toBe(0);
    expect(await newDeviceNotices(user.email!)).toEqual([]);
    const both = await Promise.all([signIn(user.account, SAFARI_IPHONE), signIn(user.account, SAFARI_IPHONE)]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(await newDeviceNotices(user.email!)).toHaveLength(1);
    // a device seen before is no news
    expect((await signIn(user.account, FIREFOX_LINUX)).code).toBe(0);
    expect(await newDeviceNotices(user.email!)).toHaveLength(1);
  });

  it('logs a failure of the work after an answer, and the wait for it still ends', async () => {
    const logged: unknown[][] = [];
    const log = { ...t.app.ctx.log, error: (...args: unknown[]) => void logged.push(args) } as Logger;
    const ctx: AppContext = { ...t.app.ctx, log };
    let ran = false;
    afterAnswer(ctx, 'the check', async () => {
      ran = true;
      throw new Error('unreachable database');
    });
    // after the answer: not while the request's own work goes on
    expect(ran).toBe(false);
    await answeredWorkDone(ctx);
    expect(ran).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0]![1]).toBe('the check failed after the answer');
    expect((logged[0]![0] as { err: Error }).err.message).toBe('unreachable database');
  });
});
