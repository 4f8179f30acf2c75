import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { ProductCode } from '@portal/shared/products';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { listEnterpriseProducts } from '../src/queries/products.ts';
import { call } from './support/http.ts';
import { accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`the products an administrator or owner link gives the new company (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** Registers a company through the link; its products and the administrator's session. */
  async function registerThrough(kind: 'admin' | 'owner', referralId: string) {
    const reply = await call(t.app, kind === 'admin' ? contract.adminSignUp : contract.ownerSignUp, {
      body: { referralId, ticket: await ticketFor(t.app, newPhone()), ...accountFields(), enterprise: newCompany() },
    });
    expect(reply.code, reply.msg).toBe(0);
    const membership = await t.app.ctx.db
      .selectFrom('memberships')
      .select('enterprise_id')
      .where('user_id', '=', (await call(t.app, contract.currentUser, { token: reply.data.token })).data.userId)
      .executeTakeFirstOrThrow();
    const granted = await listEnterpriseProducts(t.app.ctx.db, [membership.enterprise_id]);
    return { products: granted.map((p) => p.code).sort(), token: reply.data.token as string };
  }

  async function registerThroughAdminLink(products?: ProductCode[]) {
    const link = await createInvitation(t.app.ctx, {
      kind: 'admin',
      enterpriseId: null,
      ...(products && { products }),
    });
    return registerThrough('admin', link.id);
  }

  it('gives the settings centre by default, so that the new administrator can invite the others', async () => {
    const { products, token } = await registerThroughAdminLink();
    expect(products).toEqual(['settcntr']);
    const invitations = await call(t.app, contract.invitations, { token });
    expect(invitations.code, invitations.msg).toBe(0);
  });

  it('gives the products the link names', async () => {
    expect((await registerThroughAdminLink(['settcntr', 'saas-es-actuary'])).products).toEqual([
      'saas-es-actuary',
      'settcntr',
    ]);
  });

  it("an operator's owner link gives the settings centre by default, or the products it names", async () => {
    const parent = await companyWithAdmin(t.app, 'Parent Admin');
    const byDefault = await createInvitation(t.app.ctx, { kind: 'owner', enterpriseId: parent.enterpriseId });
    const { products, token } = await registerThrough('owner', byDefault.id);
    expect(products).toEqual(['settcntr']);
    const invitations = await call(t.app, contract.invitations, { token });
    expect(invitations.code, invitations.msg).toBe(0);

    const named = await createInvitation(t.app.ctx, {
      kind: 'owner',
      enterpriseId: parent.enterpriseId,
      products: ['settcntr', 'esguard'],
    });
    expect((await registerThrough('owner', named.id)).products).toEqual(['esguard', 'settcntr']);
  });

  it('an owner link made in the settings centre gives the settings centre to the owner company', async () => {
    const parent = await companyWithAdmin(t.app, 'Parent Admin');
    const made = await call(t.app, contract.createInvitation, { token: parent.token, body: { kind: 'owner' } });
    expect(made.code, made.msg).toBe(0);
    const { products, token } = await registerThrough('owner', made.data.id);
    expect(products).toEqual(['settcntr']);
    expect((await call(t.app, contract.invitations, { token })).code).toBe(0);
  });
});
