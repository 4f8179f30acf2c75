import { afterEach, expect } from 'vitest';
import type { UndeclaredCode } from '../../src/plugins/declared-codes.ts';

/** The answers of the test apps of this file whose codes their calls do not declare, since the last test. */
const found: UndeclaredCode[] = [];

export const reportUndeclaredCode = (undeclared: UndeclaredCode) => void found.push(undeclared);

// each test that made a call answer a code it does not declare fails, naming the call and the code
afterEach(() => {
  const seen = found.splice(0);
  expect(seen, 'answers with codes their calls do not declare (packages/shared/src/api/contract)').toEqual([]);
});
