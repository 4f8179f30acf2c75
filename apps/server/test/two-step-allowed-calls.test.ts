import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { declaredOperations } from './support/api-document.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

interface Operation {
  security?: unknown[];
}

/**
 * The calls a member reaches with a password alone while a company requires two-step sign-in and the
 * member has not set it up (every other signed-in call answers 1009165). The set is the one of
 * docs/account-security.md#company-requirement: those that settle the account, and the language, which
 * changes nothing of its security.
 */
const ALLOWED = [
  `GET ${contract.certification.path}`,
  `GET ${contract.currentUser.path}`,
  `GET ${contract.twoStep.path}`,
  `POST ${contract.logout.path}`,
  `POST ${contract.phoneAuth.path}`,
  // the set-up asks for a fresh proof when the session is older than its minutes
  `POST ${contract.reauthenticate.path}`,
  `POST ${contract.reauthenticatePasskeyOptions.path}`,
  `POST ${contract.saveLanguage.path}`,
  `POST ${contract.twoStepConfirm.path}`,
  `POST ${contract.twoStepSetup.path}`,
  // the required set-up's code to the verified email or phone
  `POST ${contract.twoStepSetupCode.path}`,
].sort();

describe(`the calls open while two-step sign-in waits for its set-up (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('are exactly the documented set, the language among them', async () => {
    const member = await createUser(t.app);
    const { enterpriseId } = await createCompany(t.app, { members: [{ userId: member.id }] });
    await t.app.ctx.db.updateTable('enterprises').set({ require_two_step: 1 }).where('id', '=', enterpriseId).execute();
    const token = await tokenFor(t.app, member.account, PASSWORD);

    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    // a call that needs a session inherits the document's bearer requirement: it declares none of its own
    const signedIn = declaredOperations(document)
      .filter(({ operation }) => operation.security === undefined)
      .map(({ method, path, operation }) => ({ method: method as 'GET' | 'POST', path, operation }));
    expect(signedIn.length).toBeGreaterThan(30);
    // sign-out last, since it ends the session the others use
    signedIn.sort((a, b) => Number(a.path === contract.logout.path) - Number(b.path === contract.logout.path));

    const open: string[] = [];
    for (const { method, path } of signedIn) {
      const url = path.replace(/\{\w+\}|:\w+/g, '1');
      const reply = await call(t.app, method, url, { token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(reply.code, `${method} ${path}`).not.toBe(1000401);
      if (reply.code !== 1009165) open.push(`${method} ${path}`);
    }
    expect(open.sort()).toEqual(ALLOWED);

    // the language is saved, not merely let through
    const saved = await call(t.app, contract.saveLanguage, {
      token: await tokenFor(t.app, member.account, PASSWORD),
      body: { langCode: 'de-DE' },
    });
    expect(saved.code, saved.msg).toBe(0);
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('lang_code')
      .where('id', '=', member.id)
      .executeTakeFirst();
    expect(row?.lang_code).toBe('de-DE');
  });
});
