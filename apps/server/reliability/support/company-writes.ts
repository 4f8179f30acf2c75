import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import type { AppContext } from '../../src/context.ts';
import type { Db } from '../../src/db/database.ts';
import { issueTicket } from '../../src/libraries/codes/tickets.ts';
import { freshPhone, insertAccount, tally } from './accounts.ts';
import { type HttpReply, type ServerProcess, newClientAddress } from './server-process.ts';
import { createCompany, inviteLink, signIn } from './tenants.ts';

const PASSWORD = 'Writes2026x';

/** The writes of one company that a settings centre, an HR system with a key and new members send. */
export const WRITE_KINDS = [
  'invitation',
  'join',
  'member-create',
  'member-update',
  'department',
  'branding',
  'security',
  'webhook',
  'key',
  'key-call',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** Every unordered pair of kinds, each kind with itself too. */
export function everyPair(): [WriteKind, WriteKind][] {
  return WRITE_KINDS.flatMap((a, i) => WRITE_KINDS.slice(i).map((b): [WriteKind, WriteKind] => [a, b]));
}

/**
 * One company with what its writes need: an administrator signed in (the fresh proof of the calls
 * that ask one), a member to move between two departments, a webhook to edit, and a key that makes
 * invitation links. `write` sends one write of a kind to a server process and answers its reply;
 * `feed` reads the company's events after a cursor.
 */
export async function companyWriters(servers: ServerProcess[], db: Db, ctx: AppContext) {
  const admin = await insertAccount(db, { password: PASSWORD });
  const member = await insertAccount(db);
  const company = await createCompany(ctx, {
    products: ['settcntr'],
    people: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'member' },
    ],
  });
  const first = servers[0]!;
  let token = await signIn(first, admin.account, PASSWORD);
  const settle = (reply: HttpReply) => {
    expect(reply.json?.code, reply.text).toBe(0);
    return reply.json.data;
  };
  const department = settle(
    await first.call(contract.createDepartment, { token, body: { name: 'Field' }, from: newClientAddress() }),
  ).id as number;
  const webhook = settle(
    await first.call(contract.createWebhook, {
      token,
      // an event none of the writes makes: nothing is sent while the writes race
      body: { url: 'https://hooks.example.com/portal', eventTypes: ['company.product_rights_changed'] },
      from: newClientAddress(),
    }),
  ).endpoint.id as number;
  const invitationKey = settle(
    await first.call(contract.createApiKey, {
      token,
      body: { name: 'HR links', scopes: ['invitations.manage'] },
      from: newClientAddress(),
    }),
  ).key as string;
  let moves = 0;
  let keysMade: number[] = [];

  /** Everything a write needs that is not itself the write: a join's link and ticket. */
  async function prepare(kind: WriteKind): Promise<() => Promise<HttpReply>> {
    const on = (server: ServerProcess, declaration: CallDeclaration, options: { body: unknown; token?: string }) =>
      server.call(declaration, { ...options, from: newClientAddress(), timeoutMs: 30_000 });
    const server = servers[Math.floor(Math.random() * servers.length)]!;
    switch (kind) {
      case 'invitation':
        return () => on(server, contract.createInvitation, { token, body: { kind: 'member' } });
      case 'join': {
        const link = await inviteLink(ctx, 'member', company.enterpriseId);
        const { ticket } = await issueTicket(ctx, 'register', freshPhone());
        const body = { referralId: link.id, ticket, nickname: 'Joiner', password: PASSWORD, confirmPassword: PASSWORD };
        return () => on(server, contract.memberSignUp, { body });
      }
      case 'member-create': {
        const account = `w${randomBytes(6).toString('hex')}`;
        const body = { account, nickname: 'Hired', password: PASSWORD, role: 'member' };
        return () => on(server, contract.createMember, { token, body });
      }
      case 'member-update': {
        const departmentId = ++moves % 2 ? department : company.defaultDepartmentId;
        return () => on(server, contract.updateMember, { token, body: { userId: member.id, departmentId } });
      }
      case 'department': {
        const body = { name: `Team ${randomBytes(4).toString('hex')}` };
        return () => on(server, contract.createDepartment, { token, body });
      }
      case 'branding': {
        const name = `Portal ${randomBytes(3).toString('hex')}`;
        const body = { platformName: name, platformNameCn: '门户', platformNameEn: name, languageType: 'zh-CN' };
        return () => on(server, contract.savePersonalization, { token, body });
      }
      case 'security':
        return () => on(server, contract.saveSecurity, { token, body: { requireTwoStep: false } });
      case 'webhook': {
        const body = { id: webhook, description: `Edited ${randomBytes(3).toString('hex')}` };
        return () => on(server, contract.updateWebhook, { token, body });
      }
      case 'key':
        return async () => {
          const reply = await on(server, contract.createApiKey, {
            token,
            body: { name: 'Sync', scopes: ['members.read'] },
          });
          if (reply.json?.code === 0) keysMade.push(reply.json.data.apiKey.id as number);
          return reply;
        };
      case 'key-call':
        return () => on(server, contract.createInvitation, { token: invitationKey, body: { kind: 'member' } });
    }
  }

  return {
    enterpriseId: company.enterpriseId,
    /** Sends the writes of one round at once, and answers their codes by kind. */
    async round(kinds: readonly WriteKind[]): Promise<{ kind: WriteKind; code: number; text: string }[]> {
      // prepared one after the other: only the writes themselves race
      const sends: (() => Promise<HttpReply>)[] = [];
      for (const kind of kinds) sends.push(await prepare(kind));
      const replies = await Promise.all(sends.map((send) => send()));
      // the keys made in the round are revoked, so that the next rounds stay under the company's limit
      for (const id of keysMade.splice(0))
        settle(await first.call(contract.revokeApiKey, { token, body: { id }, from: newClientAddress() }));
      return replies.map((reply, i) => ({ kind: kinds[i]!, code: reply.json?.code, text: reply.text }));
    },
    /** A new sign-in, so the calls that ask for a fresh proof keep getting one however long the run. */
    async refreshProof(): Promise<void> {
      token = await signIn(first, admin.account, PASSWORD);
      keysMade = [];
    },
    /** The company's events after `cursor`, page by page, as a reader of the feed takes them. */
    async feed(cursor?: string): Promise<{ ids: string[]; cursor: string }> {
      const ids: string[] = [];
      for (;;) {
        const page = settle(
          await first.call(contract.companyEvents, {
            query: { pageSize: 100, cursor },
            token,
            from: newClientAddress(),
          }),
        );
        ids.push(...page.items.map((item: { id: string }) => item.id));
        if (page.items.length === 0 || page.nextCursor === cursor) return { ids, cursor: page.nextCursor };
        cursor = page.nextCursor;
      }
    },
  };
}

/**
 * Races every pair of a company's writes, `rounds` times each, then ten of them at once: every write
 * answers 0 (none is a server error or a time-out waiting for a lock), and a reader who follows the
 * feed between the rounds saw every event, in the order of the feed read afresh at the end (a
 * company's event ids follow their commits).
 */
export async function raceCompanyWrites(servers: ServerProcess[], db: Db, ctx: AppContext, rounds: number) {
  const writers = await companyWriters(servers, db, ctx);
  const followed: string[] = [];
  let cursor: string | undefined;
  const codes: number[] = [];
  const refusals: string[] = [];
  const mixes: WriteKind[][] = [...everyPair(), [...WRITE_KINDS]];
  for (const kinds of mixes) {
    await writers.refreshProof();
    for (let round = 0; round < rounds; round++) {
      const replies = await writers.round(kinds);
      // a reader following the feed while the writes go on
      const read = await writers.feed(cursor);
      followed.push(...read.ids);
      cursor = read.cursor;
      for (const reply of replies) {
        codes.push(reply.code);
        if (reply.code !== 0) refusals.push(`${kinds.join('+')}: ${reply.kind} ${reply.text}`);
      }
    }
  }
  const all = await writers.feed();
  return { counts: tally(codes), refusals, followed, all: all.ids, mixes: mixes.length };
}
