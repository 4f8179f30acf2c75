import { describe, it, expect } from 'vitest';
import { loginRequestSchema } from './auth.ts';

function issues(value: unknown) {
  return loginRequestSchema.safeParse(value).error?.issues ?? [];
}

const passwordLogin = {
  loginType: 'password',
  identifierType: 'phone',
  identifier: '13800138000',
  password: 'Secret123',
} as const;

const codeLogin = {
  loginType: 'code',
  identifierType: 'phone',
  identifier: '13800138000',
  code: '123456',
} as const;

describe('loginRequestSchema: password login', () => {
  it('accepts phone, email and account identifiers', () => {
    for (const [identifierType, identifier] of [
      ['phone', '13800138000'],
      ['email', 'user@example.com'],
      ['account', 'user_01'],
    ] as const) {
      const result = loginRequestSchema.safeParse({ ...passwordLogin, identifierType, identifier });
      expect(result.success).toBe(true);
    }
  });

  it('trims the identifier and keeps the password as typed', () => {
    const result = loginRequestSchema.safeParse({ ...passwordLogin, identifier: '  13800138000 ', password: ' pw ' });
    expect(result.data).toEqual({ ...passwordLogin, identifier: '13800138000', password: ' pw ' });
  });

  it('accepts an old password that does not follow the current rule', () => {
    expect(loginRequestSchema.safeParse({ ...passwordLogin, password: 'abc' }).success).toBe(true);
  });

  it('needs a password', () => {
    const { password: _password, ...body } = passwordLogin;
    const found = issues(body);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe('validation.passwordRequired');
    expect(found[0]?.path).toEqual(['password']);
  });

  it('refuses an empty password with passwordRequired', () => {
    const found = issues({ ...passwordLogin, password: '' });
    expect(found[0]?.message).toBe('validation.passwordRequired');
    expect(found[0]?.path).toEqual(['password']);
  });

  it('refuses a password longer than 128 characters', () => {
    expect(issues({ ...passwordLogin, password: 'a'.repeat(129) })[0]?.message).toBe('validation.passwordRequired');
    expect(loginRequestSchema.safeParse({ ...passwordLogin, password: 'a'.repeat(128) }).success).toBe(true);
  });

  it('does not need a code', () => {
    expect(loginRequestSchema.safeParse({ ...passwordLogin, code: undefined }).success).toBe(true);
  });
});

describe('loginRequestSchema: code login', () => {
  it('accepts phone and email with a code', () => {
    expect(loginRequestSchema.safeParse(codeLogin).success).toBe(true);
    expect(
      loginRequestSchema.safeParse({ ...codeLogin, identifierType: 'email', identifier: 'user@example.com' }).success,
    ).toBe(true);
  });

  it('does not need a password', () => {
    const result = loginRequestSchema.safeParse(codeLogin);
    expect(result.data).toEqual(codeLogin);
  });

  it('needs a code', () => {
    const { code: _code, ...body } = codeLogin;
    const found = issues(body);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe('validation.codeRequired');
    expect(found[0]?.path).toEqual(['code']);
  });

  it('refuses an empty or blank code with codeRequired', () => {
    expect(issues({ ...codeLogin, code: '' })[0]?.message).toBe('validation.codeRequired');
    expect(issues({ ...codeLogin, code: '   ' })[0]?.message).toBe('validation.codeRequired');
  });

  it('refuses identifierType account', () => {
    const found = issues({ ...codeLogin, identifierType: 'account', identifier: 'user_01' });
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe('validation.codeNeedsPhoneOrEmail');
    expect(found[0]?.path).toEqual(['identifierType']);
  });

  it('reports both problems for an account without a code', () => {
    const found = issues({ loginType: 'code', identifierType: 'account', identifier: 'user_01' });
    expect(found.map((i) => i.message)).toEqual(['validation.codeNeedsPhoneOrEmail', 'validation.codeRequired']);
  });

  it('refuses a code longer than 16 characters', () => {
    expect(loginRequestSchema.safeParse({ ...codeLogin, code: '1'.repeat(17) }).success).toBe(false);
  });
});

describe('loginRequestSchema: shape', () => {
  it('refuses an unknown extra field (strict)', () => {
    const found = issues({ ...passwordLogin, rememberMe: true });
    expect(found[0]?.code).toBe('unrecognized_keys');
    expect(found[0]).toMatchObject({ keys: ['rememberMe'] });
  });

  it('refuses an empty or blank identifier with identifierRequired', () => {
    expect(issues({ ...passwordLogin, identifier: '' })[0]?.message).toBe('validation.identifierRequired');
    expect(issues({ ...passwordLogin, identifier: '   ' })[0]?.message).toBe('validation.identifierRequired');
  });

  it('refuses an identifier longer than 254 characters', () => {
    expect(loginRequestSchema.safeParse({ ...passwordLogin, identifier: 'a'.repeat(255) }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ ...passwordLogin, identifier: 'a'.repeat(254) }).success).toBe(true);
  });

  it('refuses an unknown loginType or identifierType', () => {
    const badLogin = issues({ ...passwordLogin, loginType: 'sms' });
    expect(badLogin[0]?.path).toEqual(['loginType']);
    const badType = issues({ ...passwordLogin, identifierType: 'username' });
    expect(badType[0]?.path).toEqual(['identifierType']);
  });

  it('refuses a missing body and missing required fields', () => {
    expect(loginRequestSchema.safeParse(undefined).success).toBe(false);
    expect(loginRequestSchema.safeParse({}).success).toBe(false);
    expect(loginRequestSchema.safeParse({ loginType: 'password', password: 'x' }).success).toBe(false);
  });
});
