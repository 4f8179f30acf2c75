import { describe, it, expect } from 'vitest';
import type { ZodType } from 'zod';
import { LANGUAGES } from '../constants.ts';
import {
  abbreviationSchema,
  accountSchema,
  codeSchema,
  confirmPasswordSchema,
  creditCodeSchema,
  domainSchema,
  emailSchema,
  fullNameSchema,
  hasControlCharacters,
  isValidPhone,
  languageSchema,
  nameSchema,
  normalizePhone,
  passwordSchema,
  passwordsMatch,
  phoneSchema,
  requestString,
  signInPasswordSchema,
} from './rules.ts';

/** The locale key of the first failure, or undefined when the value is accepted. */
function firstMessage(schema: ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

function expectAccepted(schema: ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  expect(result.error?.issues).toBeUndefined();
  expect(result.success).toBe(true);
  return result.data;
}

describe('passwordSchema', () => {
  it('accepts exactly 8 characters with upper case, lower case and a digit', () => {
    const pw = 'Abcdefg1';
    expect(pw).toHaveLength(8);
    expect(expectAccepted(passwordSchema, pw)).toBe(pw);
  });

  it('accepts exactly 20 characters', () => {
    const pw = 'Ab1' + 'x'.repeat(17);
    expect(pw).toHaveLength(20);
    expectAccepted(passwordSchema, pw);
  });

  it('refuses 7 characters', () => {
    const pw = 'Abcdef1';
    expect(pw).toHaveLength(7);
    expect(firstMessage(passwordSchema, pw)).toBe('validation.passwordRule');
  });

  it('refuses 21 characters', () => {
    const pw = 'Ab1' + 'x'.repeat(18);
    expect(pw).toHaveLength(21);
    expect(firstMessage(passwordSchema, pw)).toBe('validation.passwordRule');
  });

  it('refuses a password without an upper-case letter', () => {
    expect(firstMessage(passwordSchema, 'abcdefg1')).toBe('validation.passwordRule');
  });

  it('refuses a password without a lower-case letter', () => {
    expect(firstMessage(passwordSchema, 'ABCDEFG1')).toBe('validation.passwordRule');
  });

  it('refuses a password without a digit', () => {
    expect(firstMessage(passwordSchema, 'Abcdefgh')).toBe('validation.passwordRule');
  });

  it('refuses digits only and letters with symbols only', () => {
    expect(firstMessage(passwordSchema, '12345678')).toBe('validation.passwordRule');
    expect(firstMessage(passwordSchema, 'Abc!@#$%')).toBe('validation.passwordRule');
  });

  it('accepts symbols besides the required classes', () => {
    expectAccepted(passwordSchema, 'Ab1!@#$% ^&*');
  });

  it('does not trim: surrounding spaces are part of the password', () => {
    expect(expectAccepted(passwordSchema, ' Abcdef1 ')).toBe(' Abcdef1 ');
  });

  it('gives passwordRequired for an empty password', () => {
    expect(firstMessage(passwordSchema, '')).toBe('validation.passwordRequired');
  });

  it('gives passwordRequired for a missing or non-string password', () => {
    expect(firstMessage(passwordSchema, undefined)).toBe('validation.passwordRequired');
    expect(firstMessage(passwordSchema, null)).toBe('validation.passwordRequired');
    expect(firstMessage(passwordSchema, 12345678)).toBe('validation.passwordRequired');
  });
});

describe('confirmPasswordSchema', () => {
  it('requires a value', () => {
    expect(firstMessage(confirmPasswordSchema, '')).toBe('validation.confirmPasswordRequired');
    expect(firstMessage(confirmPasswordSchema, undefined)).toBe('validation.confirmPasswordRequired');
  });

  it('accepts any non-empty value (matching is checked by passwordsMatch)', () => {
    expectAccepted(confirmPasswordSchema, 'x');
  });
});

describe('passwordsMatch', () => {
  it('is true only for identical strings', () => {
    expect(passwordsMatch({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toBe(true);
    expect(passwordsMatch({ password: 'Abcdefg1', confirmPassword: 'abcdefg1' })).toBe(false);
    expect(passwordsMatch({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1 ' })).toBe(false);
  });
});

describe('signInPasswordSchema', () => {
  it('accepts old passwords that do not follow the current rule', () => {
    expectAccepted(signInPasswordSchema, 'a');
    expectAccepted(signInPasswordSchema, 'abcdefgh');
  });

  it('accepts up to 128 characters and refuses 129', () => {
    expectAccepted(signInPasswordSchema, 'a'.repeat(128));
    expect(firstMessage(signInPasswordSchema, 'a'.repeat(129))).toBe('validation.passwordRequired');
  });

  it('gives passwordRequired when empty or missing', () => {
    expect(firstMessage(signInPasswordSchema, '')).toBe('validation.passwordRequired');
    expect(firstMessage(signInPasswordSchema, undefined)).toBe('validation.passwordRequired');
  });
});

describe('phoneSchema', () => {
  it('accepts a mainland mobile number as is', () => {
    expect(expectAccepted(phoneSchema, '13800138000')).toBe('13800138000');
  });

  it('accepts +86 and stores the number without it', () => {
    expect(expectAccepted(phoneSchema, '+8613800138000')).toBe('13800138000');
  });

  it('trims surrounding spaces', () => {
    expect(expectAccepted(phoneSchema, '  +8613800138000 ')).toBe('13800138000');
  });

  it('accepts every second digit 3-9', () => {
    for (const d of '3456789') {
      expect(expectAccepted(phoneSchema, `1${d}012345678`)).toBe(`1${d}012345678`);
    }
  });

  it('refuses the prefixes 10x, 11x and 12x, with or without +86', () => {
    for (const p of ['10', '11', '12']) {
      expect(firstMessage(phoneSchema, `${p}012345678`)).toBe('validation.phoneFormat');
      expect(firstMessage(phoneSchema, `+86${p}012345678`)).toBe('validation.phoneFormat');
    }
  });

  it('refuses a mainland number of the wrong length', () => {
    expect(firstMessage(phoneSchema, '1380013800')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '138001380001')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '+86138001380001')).toBe('validation.phoneFormat');
  });

  it('refuses 86 without the plus, spaces, dashes and a doubled prefix', () => {
    expect(firstMessage(phoneSchema, '8613800138000')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '+86 13800138000')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '138-0013-8000')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '+86+8613800138000')).toBe('validation.phoneFormat');
  });

  it('accepts international E.164 numbers unchanged', () => {
    expect(expectAccepted(phoneSchema, '+14155552671')).toBe('+14155552671');
    expect(expectAccepted(phoneSchema, '+442071838750')).toBe('+442071838750');
    expect(expectAccepted(phoneSchema, '+4915123456789')).toBe('+4915123456789');
  });

  it('bounds E.164 to 7-15 digits after the plus', () => {
    expectAccepted(phoneSchema, '+1234567');
    expect(firstMessage(phoneSchema, '+123456')).toBe('validation.phoneFormat');
    expectAccepted(phoneSchema, '+123456789012345');
    expect(firstMessage(phoneSchema, '+1234567890123456')).toBe('validation.phoneFormat');
  });

  it('refuses a country code starting with 0 and a foreign number without the plus', () => {
    expect(firstMessage(phoneSchema, '+0123456789')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '4155552671')).toBe('validation.phoneFormat');
    expect(firstMessage(phoneSchema, '+1 415 555 2671')).toBe('validation.phoneFormat');
  });

  it('gives phoneRequired when empty, blank or missing', () => {
    expect(firstMessage(phoneSchema, '')).toBe('validation.phoneRequired');
    expect(firstMessage(phoneSchema, '   ')).toBe('validation.phoneRequired');
    expect(firstMessage(phoneSchema, undefined)).toBe('validation.phoneRequired');
  });
});

describe('isValidPhone / normalizePhone', () => {
  it('agree with the schema', () => {
    expect(isValidPhone('13800138000')).toBe(true);
    expect(isValidPhone('+8613800138000')).toBe(true);
    expect(isValidPhone('+14155552671')).toBe(true);
    expect(isValidPhone('12012345678')).toBe(false);
    expect(isValidPhone('+8612012345678')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('strips +86 from mainland numbers only', () => {
    expect(normalizePhone('+8613800138000')).toBe('13800138000');
    expect(normalizePhone('13800138000')).toBe('13800138000');
    expect(normalizePhone('+14155552671')).toBe('+14155552671');
    expect(normalizePhone('+85291234567')).toBe('+85291234567');
  });
});

describe('emailSchema', () => {
  it('lower-cases and trims', () => {
    expect(expectAccepted(emailSchema, '  User.Name@Example.COM ')).toBe('user.name@example.com');
  });

  it('accepts common valid forms', () => {
    expect(expectAccepted(emailSchema, 'a@b.cn')).toBe('a@b.cn');
    expect(expectAccepted(emailSchema, 'first.last+tag@mail.example.co.uk')).toBe('first.last+tag@mail.example.co.uk');
    expect(expectAccepted(emailSchema, 'under_score-dash@sub-domain.example.com')).toBe(
      'under_score-dash@sub-domain.example.com',
    );
  });

  it.each([
    'plainaddress',
    'a@b',
    '@example.com',
    'user@',
    'a@@b.com',
    'a b@c.com',
    'a..b@c.com',
    '.a@c.com',
    'a.@c.com',
    'a@.com',
    'a@c.c',
    'a@c..com',
    'a@-c.com',
    'a@c.com.',
    '张三@example.com',
  ])('refuses %j with emailFormat', (value) => {
    expect(firstMessage(emailSchema, value)).toBe('validation.emailFormat');
  });

  it('refuses more than 254 characters', () => {
    const long = 'a'.repeat(64) + '@' + 'b'.repeat(63) + '.' + 'c'.repeat(63) + '.' + 'd'.repeat(59) + '.com';
    expect(long.length).toBeGreaterThan(254);
    expect(firstMessage(emailSchema, long)).toBe('validation.emailFormat');
  });

  it('gives emailRequired when empty, blank or missing', () => {
    expect(firstMessage(emailSchema, '')).toBe('validation.emailRequired');
    expect(firstMessage(emailSchema, '  ')).toBe('validation.emailRequired');
    expect(firstMessage(emailSchema, undefined)).toBe('validation.emailRequired');
  });
});

describe('accountSchema', () => {
  it('accepts 4 and 32 characters, refuses 3 and 33', () => {
    expectAccepted(accountSchema, 'abcd');
    expectAccepted(accountSchema, 'a'.repeat(32));
    expect(firstMessage(accountSchema, 'abc')).toBe('validation.accountFormat');
    expect(firstMessage(accountSchema, 'a'.repeat(33))).toBe('validation.accountFormat');
  });

  it('accepts letters, digits, underscore, dot and dash', () => {
    expect(expectAccepted(accountSchema, 'User_01.a-b')).toBe('User_01.a-b');
  });

  it('trims surrounding spaces', () => {
    expect(expectAccepted(accountSchema, '  abcd  ')).toBe('abcd');
  });

  it.each(['user@name', 'user name', '用户名字', 'abc!', 'ab+c'])('refuses %j', (value) => {
    expect(firstMessage(accountSchema, value)).toBe('validation.accountFormat');
  });

  it('gives accountRequired when empty or missing', () => {
    expect(firstMessage(accountSchema, '')).toBe('validation.accountRequired');
    expect(firstMessage(accountSchema, undefined)).toBe('validation.accountRequired');
  });
});

describe('codeSchema', () => {
  it('accepts 6 digits, trimmed', () => {
    expect(expectAccepted(codeSchema, '012345')).toBe('012345');
    expect(expectAccepted(codeSchema, ' 123456 ')).toBe('123456');
  });

  it.each(['12345', '1234567', '12345a', '12 345', '１２３４５６', '-12345'])('refuses %j with codeFormat', (value) => {
    expect(firstMessage(codeSchema, value)).toBe('validation.codeFormat');
  });

  it('gives codeRequired when empty or missing', () => {
    expect(firstMessage(codeSchema, '')).toBe('validation.codeRequired');
    expect(firstMessage(codeSchema, undefined)).toBe('validation.codeRequired');
  });
});

describe('nameSchema', () => {
  it('accepts 25 CJK characters (50 units) and refuses 26', () => {
    expectAccepted(nameSchema, '中'.repeat(25));
    expect(firstMessage(nameSchema, '中'.repeat(26))).toBe('validation.nameTooLong');
  });

  it('accepts 50 Latin characters and refuses 51', () => {
    expectAccepted(nameSchema, 'a'.repeat(50));
    expect(firstMessage(nameSchema, 'a'.repeat(51))).toBe('validation.nameTooLong');
  });

  it('counts mixed Latin and CJK', () => {
    expectAccepted(nameSchema, 'a'.repeat(48) + '中');
    expect(firstMessage(nameSchema, 'a'.repeat(49) + '中')).toBe('validation.nameTooLong');
    expectAccepted(nameSchema, 'Li ' + '李'.repeat(23) + '.');
  });

  it('counts an emoji once, not as two UTF-16 units', () => {
    expectAccepted(nameSchema, '😀'.repeat(50));
    expect(firstMessage(nameSchema, '😀'.repeat(51))).toBe('validation.nameTooLong');
  });

  it('does not count surrounding spaces', () => {
    expect(expectAccepted(nameSchema, '  ' + '中'.repeat(25) + '  ')).toBe('中'.repeat(25));
  });

  it('gives nameRequired when empty, blank or missing', () => {
    expect(firstMessage(nameSchema, '')).toBe('validation.nameRequired');
    expect(firstMessage(nameSchema, '   ')).toBe('validation.nameRequired');
    expect(firstMessage(nameSchema, undefined)).toBe('validation.nameRequired');
  });
});

describe('abbreviationSchema', () => {
  it('refuses 1 character, accepts 2 and 20, refuses 21', () => {
    expect(firstMessage(abbreviationSchema, 'a')).toBe('validation.abbreviationLength');
    expectAccepted(abbreviationSchema, 'ab');
    expectAccepted(abbreviationSchema, 'a'.repeat(20));
    expect(firstMessage(abbreviationSchema, 'a'.repeat(21))).toBe('validation.abbreviationLength');
  });

  it('counts CJK characters as characters (not units)', () => {
    expect(firstMessage(abbreviationSchema, '中')).toBe('validation.abbreviationLength');
    expectAccepted(abbreviationSchema, '中国');
    expectAccepted(abbreviationSchema, '中'.repeat(20));
    expect(firstMessage(abbreviationSchema, '中'.repeat(21))).toBe('validation.abbreviationLength');
  });

  it('counts an astral character once', () => {
    expect('😀'.length).toBe(2);
    expect(firstMessage(abbreviationSchema, '😀')).toBe('validation.abbreviationLength');
    expectAccepted(abbreviationSchema, '😀'.repeat(20));
  });

  it('trims before counting', () => {
    expect(firstMessage(abbreviationSchema, ' a ')).toBe('validation.abbreviationLength');
    expect(expectAccepted(abbreviationSchema, ' ab ')).toBe('ab');
  });

  it('gives abbreviationRequired when empty, blank or missing', () => {
    expect(firstMessage(abbreviationSchema, '')).toBe('validation.abbreviationRequired');
    expect(firstMessage(abbreviationSchema, '  ')).toBe('validation.abbreviationRequired');
    expect(firstMessage(abbreviationSchema, undefined)).toBe('validation.abbreviationRequired');
  });
});

describe('fullNameSchema', () => {
  it('accepts 30 characters and refuses 31', () => {
    expectAccepted(fullNameSchema, 'a'.repeat(30));
    expect(firstMessage(fullNameSchema, 'a'.repeat(31))).toBe('validation.companyFieldTooLong');
  });

  it('counts CJK characters as characters', () => {
    expectAccepted(fullNameSchema, '中'.repeat(30));
    expect(firstMessage(fullNameSchema, '中'.repeat(31))).toBe('validation.companyFieldTooLong');
  });

  it('accepts a single character and trims', () => {
    expect(expectAccepted(fullNameSchema, ' X ')).toBe('X');
  });

  it('gives fullNameRequired when empty, blank or missing', () => {
    expect(firstMessage(fullNameSchema, '')).toBe('validation.fullNameRequired');
    expect(firstMessage(fullNameSchema, ' ')).toBe('validation.fullNameRequired');
    expect(firstMessage(fullNameSchema, undefined)).toBe('validation.fullNameRequired');
  });
});

describe('creditCodeSchema', () => {
  it('accepts a valid code', () => {
    expect(expectAccepted(creditCodeSchema, '91350100M000100Y43')).toBe('91350100M000100Y43');
  });

  it('upper-cases and trims the input', () => {
    expect(expectAccepted(creditCodeSchema, ' 91350100m000100y43 ')).toBe('91350100M000100Y43');
  });

  it('refuses a wrong check character', () => {
    expect(firstMessage(creditCodeSchema, '91350100M000100Y44')).toBe('validation.creditCodeInvalid');
  });

  it.each(['I', 'O', 'Z', 'S', 'V'])('refuses the forbidden letter %s', (letter) => {
    expect(firstMessage(creditCodeSchema, `91350100${letter}000100Y43`)).toBe('validation.creditCodeInvalid');
    expect(firstMessage(creditCodeSchema, `91350100M000100Y4${letter}`)).toBe('validation.creditCodeInvalid');
  });

  it('refuses a wrong length', () => {
    expect(firstMessage(creditCodeSchema, '91350100M000100Y4')).toBe('validation.creditCodeInvalid');
    expect(firstMessage(creditCodeSchema, '91350100M000100Y433')).toBe('validation.creditCodeInvalid');
  });

  it('gives creditCodeRequired when empty, blank or missing', () => {
    expect(firstMessage(creditCodeSchema, '')).toBe('validation.creditCodeRequired');
    expect(firstMessage(creditCodeSchema, '  ')).toBe('validation.creditCodeRequired');
    expect(firstMessage(creditCodeSchema, undefined)).toBe('validation.creditCodeRequired');
  });
});

describe('domainSchema', () => {
  it('accepts 3 and 30 characters, refuses 2 and 31', () => {
    expectAccepted(domainSchema, 'abc');
    expectAccepted(domainSchema, 'a' + 'b'.repeat(29));
    expect(firstMessage(domainSchema, 'ab')).toBe('validation.domainFormat');
    expect(firstMessage(domainSchema, 'a' + 'b'.repeat(30))).toBe('validation.domainFormat');
  });

  it('accepts lower-case letters, digits and dashes after a leading letter', () => {
    expectAccepted(domainSchema, 'my-company-01');
    expect(expectAccepted(domainSchema, ' acme ')).toBe('acme');
  });

  it.each(['1abc', '-abc', 'Acme', 'ac_me', 'ac.me', 'ac me', '企业域名'])('refuses %j', (value) => {
    expect(firstMessage(domainSchema, value)).toBe('validation.domainFormat');
  });

  it('gives domainFormat when empty or missing', () => {
    expect(firstMessage(domainSchema, '')).toBe('validation.domainFormat');
    expect(firstMessage(domainSchema, undefined)).toBe('validation.domainFormat');
  });
});

describe('languageSchema', () => {
  it('accepts each supported language', () => {
    for (const lang of LANGUAGES) expectAccepted(languageSchema, lang);
  });

  it.each(['fr-FR', 'zh_CN', 'zh-cn', '', undefined])('refuses %j', (value) => {
    expect(firstMessage(languageSchema, value)).toBe('validation.languageInvalid');
  });
});

describe('requestString', () => {
  const CONTROLS = [
    ['NUL', '\u0000'],
    ['U+0001', '\u0001'],
    ['a tab', '\t'],
    ['a line feed', '\n'],
    ['a carriage return', '\r'],
    ['U+001F', '\u001f'],
    ['DEL', '\u007f'],
    ['U+0080 (C1)', '\u0080'],
    ['U+0085 (next line)', '\u0085'],
    ['U+009B (control sequence introducer)', '\u009b'],
    ['U+009F (C1)', '\u009f'],
    ['a lone high surrogate', '\ud83d'],
    ['a lone low surrogate', '\ude80'],
  ];

  it.each(CONTROLS)('refuses %s anywhere in the value, with controlCharacters', (_name, character) => {
    for (const value of [character, `a${character}b`, `${character}ab`, `ab${character}`]) {
      expect(hasControlCharacters(value), JSON.stringify(value)).toBe(true);
      expect(firstMessage(requestString(), value), JSON.stringify(value)).toBe('validation.controlCharacters');
    }
  });

  it.each([
    ['plain text', 'Acme Energy'],
    ['CJK', '绿能示范'],
    ['accents', 'Zoë Ñandú'],
    ['a surrogate pair (emoji)', '🚀⚡'],
    ['a no-break space', 'a\u00a0b'],
    ['U+00A0, the first character after C1', '\u00a0'],
    ['the empty string', ''],
  ])('accepts %s', (_name, value) => {
    expect(hasControlCharacters(value)).toBe(false);
    expect(expectAccepted(requestString(), value)).toBe(value);
  });

  it('with trim, takes surrounding tabs and line breaks off first and refuses only what stays', () => {
    expect(expectAccepted(requestString({ trim: true }), '\t Acme\r\n')).toBe('Acme');
    expect(firstMessage(requestString({ trim: true }), ' Ac\tme ')).toBe('validation.controlCharacters');
    // JavaScript's trim knows no C1 characters: a trailing U+0085 stays and is refused
    expect(firstMessage(requestString({ trim: true }), 'Acme\u0085')).toBe('validation.controlCharacters');
    expect(firstMessage(requestString(), '\tAcme')).toBe('validation.controlCharacters');
  });

  it('keeps the message of a missing value', () => {
    expect(firstMessage(requestString({ error: 'validation.nameRequired' }), undefined)).toBe(
      'validation.nameRequired',
    );
    expect(firstMessage(requestString({ error: 'validation.nameRequired' }), 42)).toBe('validation.nameRequired');
  });

  // each rule answers a control character with its own key first, before its format's key
  it.each([
    ['passwordSchema', passwordSchema, 'Pass\u0000word1'],
    ['confirmPasswordSchema', confirmPasswordSchema, 'Pass\u0000word1'],
    ['signInPasswordSchema', signInPasswordSchema, 'x\u0000'],
    ['phoneSchema', phoneSchema, '1380000000\u00000'],
    ['emailSchema', emailSchema, 'a\u0000@example.com'],
    ['accountSchema', accountSchema, 'adm\u0000in'],
    ['codeSchema', codeSchema, '12345\u0000'],
    ['nameSchema', nameSchema, 'Zhang\u0007Wei'],
    ['abbreviationSchema', abbreviationSchema, 'Ac\u007fme'],
    ['fullNameSchema', fullNameSchema, 'Acme\u0085Ltd'],
    ['creditCodeSchema', creditCodeSchema, '91330100MA\u00002AB3C'],
    ['domainSchema', domainSchema, 'acme\ud800'],
  ] as const)('%s refuses a control character first', (_name, schema, value) => {
    expect(firstMessage(schema, value)).toBe('validation.controlCharacters');
  });
});
