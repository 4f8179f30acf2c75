import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { ProductCode } from '@portal/shared/products';
import { PASSWORD, createCompany, createUser } from './fixtures.ts';
import { call, tokenFor } from './http.ts';

let sequence = 0;

/** A company with the settings centre and a product for its sites, and a signed-in administrator. */
export async function siteCompany(app: FastifyInstance, products: ProductCode[] = ['settcntr', 'esguard']) {
  const admin = await createUser(app, { nickname: `Site Admin ${++sequence}` });
  const company = await createCompany(app, { products, members: [{ userId: admin.id, role: 'admin' }] });
  return { admin, ...company, token: await tokenFor(app, admin.account, PASSWORD) };
}
export type SiteCompany = Awaited<ReturnType<typeof siteCompany>>;

/** A member of the company (not an administrator), for assignments. */
export async function memberOf(app: FastifyInstance, company: SiteCompany): Promise<number> {
  const made = await call(app, contract.createMember, {
    token: company.token,
    body: { account: `site.member.${++sequence}`, nickname: `Site Member ${sequence}`, password: 'Staff2026x' },
  });
  expect(made.code, made.msg).toBe(0);
  return made.data.userId as number;
}

export function siteBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Plant ${++sequence}`,
    kind: 'pv',
    region: 'CN-GD',
    timeZone: 'Asia/Shanghai',
    ratedPowerKw: 5000,
    productCodes: ['esguard'],
    ...overrides,
  };
}

/** A site of the company; its public id. */
export async function newSite(app: FastifyInstance, owner: SiteCompany, overrides: Record<string, unknown> = {}) {
  const made = await call(app, contract.createSite, { token: owner.token, body: siteBody(overrides) });
  expect(made.code, made.msg).toBe(0);
  return made.data.siteId as string;
}

/** A grant as a share answers it. */
export interface SharedGrant {
  grantId: string;
  siteId: string;
  status: string;
  depth: number;
  endsAt: string | null;
}

/** A share that must succeed; the grants it made. */
export async function share(app: FastifyInstance, owner: SiteCompany, body: Record<string, unknown>) {
  const made = await call(app, contract.shareSites, { token: owner.token, body });
  expect(made.code, made.msg).toBe(0);
  return made.data.grants as SharedGrant[];
}

export async function shareOn(app: FastifyInstance, holder: SiteCompany, body: Record<string, unknown>) {
  const made = await call(app, contract.shareOn, { token: holder.token, body });
  expect(made.code, made.msg).toBe(0);
  return made.data.grants as SharedGrant[];
}

/** The company's events of one type, oldest first, as its feed gives them. */
export async function eventsOf(app: FastifyInstance, company: SiteCompany, type: string) {
  const reply = await call(app, contract.companyEvents, { token: company.token, query: { type, pageSize: 200 } });
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.items as { type: string; companyId: number; data: Record<string, unknown> }[];
}

/** The company's audit rows of one action, as its audit log gives them. */
export async function auditOf(app: FastifyInstance, company: SiteCompany, action: string) {
  const reply = await call(app, contract.auditEvents, { token: company.token, query: { action, pageSize: 100 } });
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.items as { action: string; detail: Record<string, unknown> | null; summary?: string }[];
}

export const DAY = 86_400_000;
