import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  type FieldCheck,
  checkAccount,
  checkCode,
  checkEmail,
  checkPhone,
  checkSignInPassword,
} from './field-checks.ts';
import { accountSchema, codeSchema, emailSchema, phoneSchema, signInPasswordSchema } from './rules.ts';

/** Values near every boundary of the rules: emptiness, white space, control characters, lengths. */
const VALUES = [
  '',
  ' ',
  '\t\n',
  'a\u0000b',
  ' 13800138000\u0085',
  '\ud800',
  '13800138000',
  ' +8613800138000 ',
  '+861380013800',
  '12800138000',
  '+4915112345678',
  '+0123456',
  'User.Name@Example.COM',
  ' a@b.cn ',
  'a..b@c.com',
  'a@c.c',
  '张三@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`,
  'abc',
  'abcd',
  ' User_01.a-b ',
  'a'.repeat(32),
  'a'.repeat(33),
  'user name',
  '123456',
  ' 012345 ',
  '12345',
  '１２３４５６',
  'Passw0rd',
  ' spaced secret ',
  'p'.repeat(128),
  'p'.repeat(129),
];

const PAIRS: [string, FieldCheck, ZodType][] = [
  ['checkSignInPassword', checkSignInPassword, signInPasswordSchema],
  ['checkPhone', checkPhone, phoneSchema],
  ['checkEmail', checkEmail, emailSchema],
  ['checkAccount', checkAccount, accountSchema],
  ['checkCode', checkCode, codeSchema],
];

describe.each(PAIRS)('%s', (_name, check, schema) => {
  it('finds the problem the server schema reports first, and accepts what it accepts', () => {
    for (const value of VALUES) {
      expect(check(value), JSON.stringify(value)).toBe(schema.safeParse(value).error?.issues[0]?.message);
    }
  });

  it('refuses a control character before anything else', () => {
    expect(check('\u0000')).toBe('validation.controlCharacters');
  });
});
