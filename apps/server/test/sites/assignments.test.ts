import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from '../support/http.ts';
import { DAY, auditOf, eventsOf, memberOf, newSite, share, shareOn, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

describe(`assignments of grants and sites to people and departments (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const at = (ms: number) => new Date(t.app.ctx.now() + ms).toISOString();

  it('a receiving company assigns its people under a template not wider, ending no later than the grant', async () => {
    const [a, b, c] = [await siteCompany(t.app), await siteCompany(t.app), await siteCompany(t.app)];
    const siteId = await newSite(t.app, a);
    const [toB] = await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'installer',
      mayShare: true,
      endsAt: at(30 * DAY),
    });
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB!.grantId],
      domain: c.domain,
      template: 'technician',
      endsAt: at(10 * DAY),
    });
    const person = await memberOf(t.app, c);
    const add = (body: Record<string, unknown>) =>
      call(t.app, contract.addAssignment, { token: c.token, body: { grantId: toC!.grantId, ...body } });
    expect((await add({ userId: person, template: 'installer' })).code).toBe(ErrorCode.GrantWider);
    expect((await add({ userId: person, template: 'operator', endsAt: at(11 * DAY) })).code).toBe(
      ErrorCode.GrantEndsLater,
    );
    // a person of another company, or a department of one, is not found
    const stranger = await memberOf(t.app, b);
    expect((await add({ userId: stranger, template: 'operator' })).code).toBe(ErrorCode.NotFound);
    expect((await add({ departmentId: b.defaultDepartmentId, template: 'operator' })).code).toBe(ErrorCode.NotFound);
    // exactly one of user and department
    expect((await add({ userId: person, departmentId: c.defaultDepartmentId, template: 'operator' })).code).toBe(
      ErrorCode.BadRequest,
    );

    const made = await add({ userId: person, template: 'operator' });
    expect(made.code, made.msg).toBe(0);
    // no end given: the grant's own
    expect(made.data).toMatchObject({ userId: person, departmentId: null, template: 'operator' });
    expect(made.data.endsAt).toBe(toC!.endsAt);
    expect((await add({ userId: person, template: 'technician' })).code).toBe(ErrorCode.AssignmentExists);
    const department = await add({ departmentId: c.defaultDepartmentId, template: 'technician', endsAt: at(DAY) });
    expect(department.code, department.msg).toBe(0);

    const list = await call(t.app, contract.assignments, { token: c.token, query: { grantId: toC!.grantId } });
    expect(list.data.items.map((i: { id: number }) => i.id)).toEqual([made.data.id, department.data.id]);
    // B holds its own grant, not C's: C's assignments are not B's to see or remove
    expect((await call(t.app, contract.assignments, { token: b.token, query: { grantId: toC!.grantId } })).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await call(t.app, contract.removeAssignment, { token: b.token, body: { id: made.data.id } })).code).toBe(
      ErrorCode.NotFound,
    );

    expect((await eventsOf(t.app, c, 'site_grant.assigned')).map((e) => e.data.userId)).toEqual([person, null]);
    // the owner hears of it without the person's id, which means nothing outside C
    expect((await eventsOf(t.app, a, 'site_grant.assigned')).map((e) => [e.data.grantId, e.data.userId])).toEqual([
      [toC!.grantId, null],
      [toC!.grantId, null],
    ]);
    expect(await auditOf(t.app, c, 'site-assignment.add')).toHaveLength(2);

    const removed = await call(t.app, contract.removeAssignment, { token: c.token, body: { id: made.data.id } });
    expect(removed.code, removed.msg).toBe(0);
    expect((await eventsOf(t.app, c, 'site_grant.unassigned')).map((e) => e.data.assignmentId)).toEqual([made.data.id]);

    // a person taken out of the company loses the assignment with the membership
    const leaving = await memberOf(t.app, c);
    expect((await add({ userId: leaving, template: 'operator' })).code).toBe(0);
    expect((await call(t.app, contract.removeMember, { token: c.token, body: { userId: leaving } })).code).toBe(0);
    const left = await call(t.app, contract.assignments, { token: c.token, query: { grantId: toC!.grantId } });
    expect(left.data.items.map((i: { userId: number | null }) => i.userId)).toEqual([null]);

    // a revoked grant takes no more assignments
    await call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB!.grantId } });
    expect((await add({ userId: person, template: 'operator' })).code).toBe(ErrorCode.GrantNotActive);
  });

  it('the owner assigns its own members to its own sites, under any template', async () => {
    const a = await siteCompany(t.app);
    const other = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const person = await memberOf(t.app, a);
    const made = await call(t.app, contract.addAssignment, {
      token: a.token,
      body: { siteId, userId: person, template: 'owner' },
    });
    expect(made.code, made.msg).toBe(0);
    const list = await call(t.app, contract.assignments, { token: a.token, query: { siteId } });
    expect(list.data.items).toEqual([expect.objectContaining({ userId: person, template: 'owner', endsAt: null })]);
    expect((await call(t.app, contract.assignments, { token: other.token, query: { siteId } })).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await eventsOf(t.app, a, 'site_grant.assigned')).map((e) => [e.data.grantId, e.data.userId])).toEqual([
      [null, person],
    ]);
    await call(t.app, contract.retireSite, { token: a.token, body: { siteId } });
    const retired = await call(t.app, contract.addAssignment, {
      token: a.token,
      body: { siteId, departmentId: a.defaultDepartmentId, template: 'auditor' },
    });
    expect(retired.code).toBe(ErrorCode.SiteRetired);
  });
});
