import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { ProductCode } from '@portal/shared/products';
import { createInvitation } from '../src/libraries/invitations.ts';
import { listEnterpriseProducts } from '../src/queries/products.ts';
import { call } from './support/http.ts';
import { accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`the products an administrator link gives the new company (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** Registers a company through a new administrator link; its products and the administrator's session. */
  async function registerThrough(products?: ProductCode[]) {
    const link = await createInvitation(t.app.ctx, {
      kind: 'admin',
      enterpriseId: null,
      ...(products && { products }),
    });
    const reply = await call(t.app, contract.adminSignUp, {
      body: {
        referralId: link.id,
        ticket: await ticketFor(t.app, newPhone()),
        ...accountFields(),
        enterprise: newCompany(),
      },
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

  it('gives the settings centre by default, so that the new administrator can invite the others', async () => {
    const { products, token } = await registerThrough();
    expect(products).toEqual(['settcntr']);
    const invitations = await call(t.app, contract.invitations, { token });
    expect(invitations.code, invitations.msg).toBe(0);
  });

  it('gives the products the link names', async () => {
    expect((await registerThrough(['settcntr', 'saas-es-actuary'])).products).toEqual(['saas-es-actuary', 'settcntr']);
  });
});
