import { afterEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Member } from '@portal/shared/api/settings';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { hasOtherAdmin } from '../settings-api';
import { isKnownLastAdmin, mayBeLastAdmin } from './last-admin';

const member = (userId: number, role: Member['role']): Member => ({
  userId,
  account: null,
  nickname: `P${userId}`,
  phone: null,
  email: null,
  phoneProven: false,
  emailProven: false,
  role,
  departmentId: 1,
  joinedAt: '2026-01-01T00:00:00.000Z',
});

const MEMBERS = routeOf(settingsCalls.members);

describe('the last administrator', () => {
  let api: ReturnType<typeof fakeApi> | undefined;
  afterEach(() => api?.restore());

  it('is known from the whole, unfiltered list', () => {
    const me = member(1, 'admin');
    const list = { items: [me, member(2, 'member')], complete: true, keyword: '' };
    expect(isKnownLastAdmin(me, list)).toBe(true);
    expect(isKnownLastAdmin(me, { ...list, keyword: 'p' })).toBe(false);
    // more members behind the server's cursor
    expect(isKnownLastAdmin(me, { ...list, complete: false })).toBe(false);
    expect(isKnownLastAdmin(me, { ...list, items: [me, member(2, 'admin')] })).toBe(false);
  });

  it('can only be oneself', () => {
    expect(mayBeLastAdmin(member(1, 'admin'), 1)).toBe(true);
    expect(mayBeLastAdmin(member(2, 'admin'), 1)).toBe(false);
    expect(mayBeLastAdmin(member(1, 'member'), 1)).toBe(false);
  });

  it('is looked up page by page through the cursor until another administrator turns up', async () => {
    const filler = Array.from({ length: 100 }, (_, i) => member(i + 10, 'member'));
    api = fakeApi({
      [MEMBERS]: (_body, query) =>
        query.get('cursor') === null
          ? ok({ total: 150, items: [member(1, 'admin'), ...filler.slice(1)], nextCursor: 'after-100' })
          : ok({ total: null, items: [member(200, 'admin')], nextCursor: null }),
    });
    expect(await hasOtherAdmin(1)).toBe(true);
    expect(api.queries(MEMBERS).map((q) => q.get('cursor'))).toEqual([null, 'after-100']);
  });

  it('answers no when every page has been read', async () => {
    api = fakeApi({ [MEMBERS]: ok({ total: 2, items: [member(1, 'admin'), member(2, 'member')], nextCursor: null }) });
    expect(await hasOtherAdmin(1)).toBe(false);
  });
});
