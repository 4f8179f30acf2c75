import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { call, latestCode } from './http.ts';

// phones of their own (138 + a per-run offset), apart from the fixtures' 139 numbers
let phoneSequence = Math.floor(Math.random() * 1_000_000) * 10;
export function newPhone(): string {
  return `138${String(++phoneSequence % 100_000_000).padStart(8, '0')}`;
}

let companySequence = Math.floor(Math.random() * 1_000_000) * 10;
/** Company details nobody else uses, with a valid unified social credit code. */
export function newCompany(overrides: Record<string, unknown> = {}) {
  const n = ++companySequence;
  const prefix = `91110000MA${String(n).padStart(7, '0')}`;
  return {
    abbreviation: `Reg${n}`,
    fullName: `Registered ${n} Ltd`,
    creditCode: prefix + creditCodeCheckChar(prefix),
    ...overrides,
  };
}

/** The registration ticket of a phone, the way the web app gets it: send, read the outbox, check. */
export async function ticketFor(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await call(app, contract.sendSms, { body: { phone, scene: 'register' } });
  expect(sent.code, sent.msg).toBe(0);
  const code = await latestCode(app, phone);
  const checked = await call(app, contract.checkPhoneCode, { body: { phone, code, scene: 'register' } });
  expect(checked.code, checked.msg).toBe(0);
  return checked.data.ticket as string;
}

export const NEW_PASSWORD = 'Welcome2026';

export function accountFields(nickname = 'New Person') {
  return { nickname, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
}

export const referralInfo = (app: FastifyInstance, id: string) => call(app, contract.referralInfo, { params: { id } });
