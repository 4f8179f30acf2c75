import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { ofCompany } from '../src/queries/company-scope.ts';
import { call } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const HELPER = 'queries/company-scope.ts';

/**
 * A company scope written by hand: a condition comparing an `enterprise_id` column with a value, the
 * column and operator as literals, in `.where`/`.on`/`.having` or the expression builder called as a
 * function (whatever its name), over as many lines as it takes; or raw SQL comparing the column with a
 * parameter. `whereRef`/`onRef` compare two columns, which scopes no company.
 */
const HAND_WRITTEN = [
  /(?:\.(?:where|on|having)|(?<![.\w])\w+)\(\s*['"`](?:\w+\.)?enterprise_id['"`]\s*,\s*['"`][^'"`]+['"`]\s*,/g,
  /\benterprise_id\s*(?:=|<>|!=|\bin\b)\s*\(?\s*\$\{/g,
];

function handWrittenScopes(text: string): { line: number; text: string }[] {
  return HAND_WRITTEN.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({
      line: text.slice(0, match.index).split('\n').length,
      text: match[0].replace(/\s+/g, ' '),
    })),
  );
}

describe('a company scope in one place', () => {
  it('finds a company scoped by hand, in every form a query can write one', () => {
    const found = handWrittenScopes(
      [
        ".where('enterprise_id', '=', enterpriseId)",
        ".where('memberships.enterprise_id', 'in', ids)",
        "join.onRef('memberships.user_id', '=', 'users.id').on('memberships.enterprise_id', '=', id)",
        "const scoped = eb('w.enterprise_id', '=', enterpriseId);",
        "inner(\n  'audit_events.enterprise_id',\n  '=',\n  enterpriseId,\n)",
        'sql`select count(*) from api_keys where enterprise_id = ${id}`',
        'sql`delete from events where enterprise_id in (${sql.join(ids)})`',
      ].join('\n'),
    );
    expect(found.map((scope) => scope.line)).toEqual([1, 2, 3, 4, 5, 10, 11]);
    // neither a reference to another column, nor a value written, nor a join by column, nor the helper
    expect(
      handWrittenScopes(
        [
          ".whereRef('memberships.enterprise_id', '=', 'api_keys.enterprise_id')",
          ".onRef('audit_events.enterprise_id', '=', 'memberships.enterprise_id')",
          ".innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')",
          '.values({ enterprise_id: enterpriseId, user_id: userId })',
          "createIndex('events_enterprise').on('events').columns(['enterprise_id', 'id'])",
          ".addColumn('enterprise_id', 'integer', (col) => col.notNull())",
          ".where(ofCompany('memberships', enterpriseId))",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('no server source scopes a company but through ofCompany', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && path !== HELPER,
    );
    expect(files.length).toBeGreaterThan(100);
    const byHand = files.flatMap((path) =>
      handWrittenScopes(readFileSync(join(SRC, path), 'utf8')).map((scope) => `${path}:${scope.line}: ${scope.text}`),
    );
    expect(byHand).toEqual([]);
  });
});

describe(`a company's queries see only its own rows (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('writes one company as =, several as in, under the alias the query gives the table', () => {
    const { db } = t.app.ctx;
    expect(db.selectFrom('memberships').select('user_id').where(ofCompany('memberships', 7)).compile()).toMatchObject({
      sql: expect.stringContaining('"memberships"."enterprise_id" = '),
      parameters: [7],
    });
    expect(
      db
        .deleteFrom('enterprise_products')
        .where(ofCompany('enterprise_products', [1, 2]))
        .compile().sql,
    ).toMatch(/"enterprise_products"\."enterprise_id" in \(\S+, \S+\)/);
    expect(
      db.selectFrom('webhook_endpoints as w').select('w.id').where(ofCompany('webhook_endpoints as w', 3)).compile()
        .sql,
    ).toContain('"w"."enterprise_id" = ');
    expect(
      db
        .selectFrom('users')
        .leftJoin('memberships', (join) =>
          join.onRef('memberships.user_id', '=', 'users.id').on(ofCompany('memberships', 4)),
        )
        .select('users.id')
        .compile().sql,
    ).toMatch(/on "memberships"\."user_id" = "users"\."id" and "memberships"\."enterprise_id" = /);

    // what the types refuse: a table without companies, one the query does not name, a name under its alias
    // @ts-expect-error users holds no company's rows
    db.selectFrom('users').selectAll().where(ofCompany('users', 1));
    // @ts-expect-error memberships is not a table of this query
    db.selectFrom('users').selectAll().where(ofCompany('memberships', 1));
    // @ts-expect-error the query names the table w
    db.selectFrom('webhook_endpoints as w').selectAll().where(ofCompany('webhook_endpoints', 1));
  });

  /** A company with a department, a member in it, an invitation and an API key, all named after it. */
  async function companyWithRows(name: string) {
    const company = await companyWithAdmin(t.app, `${name} Admin`);
    const { token } = company;
    const department = await call(t.app, contract.createDepartment, { token, body: { name: `${name} Sites` } });
    expect(department.code, department.msg).toBe(0);
    const joined = await call(t.app, contract.createMember, {
      token,
      body: { account: `${name.toLowerCase()}.member`, nickname: `${name} Member`, password: 'Staff2026x' },
    });
    expect(joined.code, joined.msg).toBe(0);
    const invitation = await call(t.app, contract.createInvitation, {
      token,
      body: { kind: 'member', departmentId: department.data.id, expiresInHours: 24 },
    });
    expect(invitation.code, invitation.msg).toBe(0);
    const key = await call(t.app, contract.createApiKey, {
      token,
      body: { name: `${name} sync`, scopes: ['members.read'] },
    });
    expect(key.code, key.msg).toBe(0);
    return {
      ...company,
      departmentId: department.data.id as number,
      invitationId: invitation.data.invitationId as number,
      keyId: key.data.apiKey.id as number,
    };
  }

  it("lists a company's departments, members, invitations and keys, never another's", async () => {
    const a = await companyWithRows('Alpha');
    const b = await companyWithRows('Beta');
    for (const [own, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const { token } = own;
      const departments = await call(t.app, contract.departments, { token });
      expect(departments.data.map((d: { id: number }) => d.id)).toEqual([own.defaultDepartmentId, own.departmentId]);
      const members = await call(t.app, contract.members, { token });
      const nicknames = members.data.items.map((m: { nickname: string }) => m.nickname);
      expect(nicknames).toHaveLength(2);
      expect(nicknames.every((nickname: string) => nickname.startsWith(own === a ? 'Alpha' : 'Beta'))).toBe(true);
      const invitations = await call(t.app, contract.invitations, { token });
      expect(invitations.data.items.map((i: { id: number }) => i.id)).toEqual([own.invitationId]);
      const keys = await call(t.app, contract.apiKeys, { token });
      expect(keys.data.items.map((k: { id: number }) => k.id)).toEqual([own.keyId]);
      // and the other's ids are unknown here
      const rename = await call(t.app, contract.renameDepartment, {
        token,
        body: { id: other.departmentId, name: 'Taken over' },
      });
      expect(rename.code).toBe(ErrorCode.NotFound);
    }
  });
});
