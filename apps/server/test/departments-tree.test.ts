import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { insertMembership } from '../src/queries/memberships.ts';
import { createUser } from './support/fixtures.ts';
import { urlOf } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

interface Listed {
  id: number;
  name: string;
  parentId: number | null;
  isDefault: boolean;
  memberCount: number;
}

/** Four levels under one top department: 1, 6, 36 and 216 departments, 259 in all. */
const BRANCHING = 6;
const LEVELS = 4;

describe(`the departments tree of a few hundred departments (${ENGINE})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('answers every department with its name, parent and the members of its whole subtree', async () => {
    const company = await companyWithAdmin(t.app);
    const db = t.app.ctx.db;
    const made: { id: number; name: string; parentId: number | null }[] = [];
    let level: (number | null)[] = [null];
    for (let depth = 0; depth < LEVELS; depth++) {
      const next: number[] = [];
      for (const parentId of level) {
        for (let i = 0; i < (depth === 0 ? 1 : BRANCHING); i++) {
          const name = `d${depth}-${made.length}`;
          const { id } = await db
            .insertInto('departments')
            .values({ enterprise_id: company.enterpriseId, name, parent_id: parentId, is_default: 0, created_at: 0 })
            .returning('id')
            .executeTakeFirstOrThrow();
          made.push({ id, name, parentId });
          next.push(id);
        }
      }
      level = next;
    }
    // members in every seventh department, 1 to 3 each, at every depth
    const own = new Map<number, number>([[company.defaultDepartmentId, 1]]);
    for (const [i, department] of made.entries()) {
      if (i % 7 !== 0) continue;
      for (let n = 0; n <= i % 3; n++) {
        const user = await createUser(t.app);
        await insertMembership(db, {
          enterprise_id: company.enterpriseId,
          user_id: user.id,
          role: 'member',
          department_id: department.id,
          joined_at: 0,
        });
        own.set(department.id, (own.get(department.id) ?? 0) + 1);
      }
    }

    const response = await fetch(`${base}${urlOf(settingsCalls.departments)}`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    const body = (await response.json()) as { code: number; data: Listed[] };
    expect(body.code).toBe(0);

    // the expected counts, the plain way: every department's own members and those of all below it
    const below = (id: number): number =>
      (own.get(id) ?? 0) + made.filter((d) => d.parentId === id).reduce((sum, d) => sum + below(d.id), 0);
    const expected: Listed[] = [
      { id: company.defaultDepartmentId, name: expect.any(String), parentId: null, isDefault: true, memberCount: 1 },
      ...made.map((d) => ({
        id: d.id,
        name: d.name,
        parentId: d.parentId,
        isDefault: false,
        memberCount: below(d.id),
      })),
    ];
    expect(body.data).toHaveLength(made.length + 1);
    expect(body.data).toEqual(expected);
    // the top department holds every member but the administrator in the default department
    expect(body.data.find((d) => d.id === made[0]!.id)!.memberCount).toBe(
      [...own.values()].reduce((a, b) => a + b, 0) - 1,
    );
  });
});
