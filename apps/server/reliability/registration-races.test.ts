import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/database.ts';
import { issueTicket } from '../src/libraries/codes/tickets.ts';
import { freshPhone, insertAccount, tally } from './support/accounts.ts';
import { ENGINE, type HttpReply, ServerProcess, isEnvelope, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, inviteLink, newCompanyDetails, registrationTicket } from './support/tenants.ts';

const PASSWORD = 'Racing2026x';
const account = { nickname: 'Racer', password: PASSWORD, confirmPassword: PASSWORD };

/** How each kind of link is redeemed, and whether its redeemers bring accounts of their own. */
const LINKS = [
  { kind: 'admin', call: contract.adminSignUp, existing: false },
  { kind: 'owner', call: contract.ownerSignUp, existing: false },
  { kind: 'member', call: contract.memberSignUp, existing: false },
  { kind: 'member', call: contract.bindEnterprise, existing: true },
] as const;

describe(`registration races (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  let ctx: AppContext;
  let companyId = 0;

  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
    ctx = fixtureContext(server, db);
    const owner = await insertAccount(db, { password: PASSWORD });
    companyId = (await createCompany(ctx, { people: [{ userId: owner.id, role: 'admin' }] })).enterpriseId;
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  const redeem = (declaration: CallDeclaration, body: unknown) =>
    server.call(declaration, { body, from: newClientAddress(), timeoutMs: 30_000 });
  const enterpriseCount = async () =>
    Number((await db.db.selectFrom('enterprises').select(db.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each(LINKS)('lets exactly one of 30 concurrent redemptions of one $kind link through $call.path', async (link) => {
    const { id, invitationId } = await inviteLink(ctx, link.kind, link.kind === 'admin' ? null : companyId);
    const phones = link.existing
      ? (await Promise.all(Array.from({ length: 30 }, () => insertAccount(db)))).map((a) => a.phone)
      : Array.from({ length: 30 }, freshPhone);
    const tickets = await Promise.all(phones.map((phone) => registrationTicket(server, phone)));
    const companiesBefore = await enterpriseCount();

    const replies: HttpReply[] = await Promise.all(
      tickets.map((ticket) =>
        redeem(
          link.call,
          link.existing
            ? { referralId: id, ticket }
            : {
                referralId: id,
                ticket,
                ...account,
                ...(link.kind === 'member' ? {} : { enterprise: newCompanyDetails() }),
              },
        ),
      ),
    );
    const counts = tally(replies.map((r) => r.json?.code));
    console.log(`[${ENGINE}] 30 concurrent redemptions of one ${link.kind} link (${link.call.path}):`, counts);
    expect(replies.every((r) => isEnvelope(r.json))).toBe(true);
    expect(counts).toEqual({ 0: 1, 1008110: 29 });
    for (const refused of replies.filter((r) => r.json.code !== 0))
      expect(refused.json.data).toEqual({ status: 'used' });

    const invitation = await db.db
      .selectFrom('invitations')
      .select('uses')
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(invitation.uses).toBe(1);
    // the losers keep their tickets: a rejection writes nothing
    const spent = await db.db
      .selectFrom('tickets')
      .select('target')
      .where('target', 'in', phones)
      .where('used_at', 'is not', null)
      .execute();
    expect(spent).toHaveLength(1);
    const users = await db.db.selectFrom('users').select('id').where('phone', 'in', phones).execute();
    expect(users).toHaveLength(link.existing ? 30 : 1);
    const winner = replies.find((r) => r.json.code === 0)!.json.data;
    const joined = await db.db
      .selectFrom('memberships')
      .select(['user_id', 'role'])
      .where('enterprise_id', '=', winner.enterpriseId)
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(joined).toHaveLength(1);
    expect(joined[0]!.role).toBe(link.kind === 'member' ? 'member' : 'admin');
    expect(await enterpriseCount()).toBe(companiesBefore + (link.kind === 'member' ? 0 : 1));
  });

  it('makes exactly one account of 10 concurrent registrations of one phone, by every call that registers', async () => {
    const phone = freshPhone();
    // a person who asked for a code every minute holds several live tickets for the phone at once
    const tickets = await Promise.all(Array.from({ length: 10 }, () => issueTicket(ctx, 'register', phone)));
    const memberLink = (await inviteLink(ctx, 'member', companyId, 100)).id;
    const calls: [CallDeclaration, (ticket: string) => Promise<unknown>][] = [
      [contract.personalSignUp, async (ticket) => ({ ticket, ...account })],
      [contract.memberSignUp, async (ticket) => ({ referralId: memberLink, ticket, ...account })],
      [
        contract.adminSignUp,
        async (ticket) => ({
          referralId: (await inviteLink(ctx, 'admin', null)).id,
          ticket,
          ...account,
          enterprise: newCompanyDetails(),
        }),
      ],
    ];
    const requests = await Promise.all(
      tickets.map(async ({ ticket }, i) => {
        const [declaration, body] = calls[i % calls.length]!;
        return { declaration, body: await body(ticket) };
      }),
    );
    const replies = await Promise.all(requests.map(({ declaration, body }) => redeem(declaration, body)));
    const answers = replies.map((r, i) => `${requests[i]!.declaration.path} ${r.status} ${r.json?.code}`);
    console.log(
      `[${ENGINE}] 10 concurrent registrations of one phone:`,
      tally(replies.map((r) => r.json?.code)),
      answers,
    );

    expect(
      replies.every((r) => isEnvelope(r.json) && r.status < 500),
      answers.join('; '),
    ).toBe(true);
    const users = await db.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
    // each success signed that one account in: a new account, or (admin sign-up) the account the phone proved
    const successes = replies.filter((r) => r.json.code === 0);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    for (const success of successes) {
      const current = await server.call(contract.currentUser, {
        token: success.json.data.token,
        from: newClientAddress(),
      });
      expect(current.json.data.userId).toBe(users[0]!.id);
    }
    // the calls that only make new accounts lost to the one made first, with 1008115
    // (docs/registration.md#registering-calls)
    const newAccountOnly = replies.filter((_r, i) => requests[i]!.declaration !== contract.adminSignUp);
    expect(newAccountOnly.filter((r) => r.json.code === 0).length).toBeLessThanOrEqual(1);
    for (const refused of replies.filter((r) => r.json.code !== 0)) expect(refused.json.code).toBe(1008115);
    const memberships = await db.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', users[0]!.id)
      .execute();
    const expected = successes.filter((r) => r.json.data.enterpriseId !== undefined).length;
    expect(memberships).toHaveLength(expected);
  });
});
