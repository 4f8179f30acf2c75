import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`the notices of a registration (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** Everything the development outbox received for an address, once the queue is done. */
  async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
    await t.app.messenger.idle();
    return (await call(t.app, contract.devOutbox, { query: { to } })).data;
  }

  /**
   * Makes every transaction that opens a session fail at its commit, after all of its statements
   * have run: a deferred foreign key that the new session's row breaks, checked only when committing.
   */
  async function failCommitsOpeningSessions(): Promise<() => Promise<void>> {
    const db = t.app.ctx.db;
    await sql`create table doomed (user_id integer references users (id) deferrable initially deferred)`.execute(db);
    if (ENGINE === 'postgres') {
      await sql`create function doom() returns trigger language plpgsql as $$
        begin insert into doomed values (-1); return new; end $$`.execute(db);
      await sql`create trigger doom after insert on sessions for each row execute function doom()`.execute(db);
    } else {
      await sql`create trigger doom after insert on sessions begin insert into doomed values (-1); end`.execute(db);
    }
    return async () => {
      await sql`drop trigger doom${sql.raw(ENGINE === 'postgres' ? ' on sessions' : '')}`.execute(db);
      if (ENGINE === 'postgres') await sql`drop function doom()`.execute(db);
      await sql`drop table doomed`.execute(db);
    };
  }

  it('sends no new-device notice when the registration that opened the session rolls back', async () => {
    const user = await createUser(t.app);
    const signedIn = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: user.account, password: PASSWORD },
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    expect(signedIn.code, signedIn.msg).toBe(0);
    const admin = await createUser(t.app);
    const { enterpriseId } = await createCompany(t.app, { members: [{ userId: admin.id, role: 'admin' }] });
    const link = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId });
    const ticket = await ticketFor(t.app, user.phone!);
    const join = () =>
      call(t.app, registrationCalls.bindEnterprise, {
        body: { referralId: link.id, ticket },
        headers: { 'user-agent': SAFARI_IPHONE },
      });
    const sentBefore = { email: await outbox(user.email!), sms: await outbox(user.phone!) };

    const restore = await failCommitsOpeningSessions();
    const failed = await join().finally(restore);
    expect(failed.code).toBe(ErrorCode.Internal);
    expect(await outbox(user.email!)).toEqual(sentBefore.email);
    expect(await outbox(user.phone!)).toEqual(sentBefore.sms);
    const sessions = await t.app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);

    // the rollback gave the ticket and the link back: the same request joins, and now the person is told
    const joined = await join();
    expect(joined.code, joined.msg).toBe(0);
    const [notice, ...earlier] = await outbox(user.email!);
    expect(earlier).toEqual(sentBefore.email);
    expect(notice).toMatchObject({ subject: translate('zh-CN', 'notices.subject') });
    expect(notice!.text).toContain('Mobile Safari');
  });
});
