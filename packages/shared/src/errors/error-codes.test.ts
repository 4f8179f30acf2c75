import { describe, it, expect } from 'vitest';
import { ErrorCode, FAILURE_CODES, errorMessageKey, httpStatusOf, isKnownErrorCode } from './error-codes.ts';
import type { FailureCode } from './error-codes.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The business codes the platform's other products already answer (docs/errors.md#the-catalogue). */
const PLATFORM_CODES = [
  1008107,
  1008108,
  1008109,
  1008110,
  1008115,
  1008117,
  1008118,
  1008119,
  ...range(1009101, 1009112),
  ...range(1009114, 1009118),
  1009127,
  1009128,
  1009129,
];

/** The common codes, each with an HTTP status of its own, and phone verification (docs/errors.md#http-statuses). */
const COMMON_CODES = [1000400, 1000401, 1000403, 1000404, 1000413, 1000429, 1000500, 1000503, 1009130];

/** My sessions: no such session of the caller. */
const SESSIONS = [1009150];

/** Two-step sign-in: wrong code, dead ticket, already on, not on, no set-up in progress, set-up required
 *  first, a fresh proof asked before a sensitive change, required by a company, the requiring administrator
 *  has none. */
const TWO_STEP = range(1009160, 1009168);

/** The account's own password and identifiers: a new password equal to the old, an unproven email, a
 *  phone other than the one on record verified before a required two-step set-up. */
const ACCOUNT = [1009131, 1009132, 1009133];

/** Proof of work: asked of an address past its free code sends, and a wrong or spent solution. */
const PROOF_OF_WORK = [1009180, 1009181];
/** The company's integrations: too many webhook endpoints, a refused webhook address, too many API keys,
 *  what an API key may not do (the administrator role, a call that takes no key). */
const INTEGRATIONS = [1009190, 1009191, 1009192, 1009200, 1009201];
/** Sites shared between companies: limits, taken names, products, retired sites, the rules of a grant
 *  (unknown company, a holder refused, wider, later, no share right, not in effect, too deep, too many,
 *  times out of order), an assignment made twice, and a call of the decision point without a
 *  product's client. */
const SITES = [...range(1009240, 1009253), 1009260];
/** Support access with a company's consent: granted already, a call refused to support, no access now. */
const SUPPORT = range(1009290, 1009298);
/** Access to a site on request: the open requests of a person and of a company, a request decided
 *  already, an approval wider than asked, a site held already, a request open already, longer than
 *  the owner's cap. */
const ACCESS_REQUESTS = range(1009270, 1009276);
/** Gateways claimed into a site: a serial claimed already, a person without the right, a claim that
 *  does not exchange. */
const DEVICES = range(1009300, 1009302);

/** Passkeys: dead challenge, unverified registration, already registered, too many. */
const PASSKEYS = range(1009170, 1009173);

const HTTP_CODES: Record<number, number> = {
  1000400: 400,
  1000401: 401,
  1000403: 403,
  1000404: 404,
  1000413: 413,
  1000429: 429,
  1000500: 500,
  1000503: 503,
  // the decision point's clients are refused as any HTTP client is, not as a person on a screen
  1009260: 401,
};

describe('error catalogue', () => {
  it('has Success = 0', () => {
    expect(ErrorCode.Success).toBe(0);
  });

  it('has no code twice', () => {
    const values = Object.values(ErrorCode);
    expect(new Set(values).size).toBe(values.length);
  });

  it('lists every failure code in FAILURE_CODES, without 0', () => {
    expect(FAILURE_CODES).not.toContain(0);
    expect(FAILURE_CODES).toHaveLength(Object.values(ErrorCode).length - 1);
    expect(new Set(FAILURE_CODES).size).toBe(FAILURE_CODES.length);
  });

  it('has the 1009101-1009112 range complete (12 codes)', () => {
    expect(range(1009101, 1009112)).toHaveLength(12);
  });

  it.each(PLATFORM_CODES)('contains platform code %i', (code) => {
    expect(FAILURE_CODES).toContain(code);
  });

  it.each(COMMON_CODES)('contains common code %i', (code) => {
    expect(FAILURE_CODES).toContain(code);
  });

  it("has no 1009113 (a gap in the platform's numbering)", () => {
    expect(FAILURE_CODES).not.toContain(1009113);
  });

  it('consists of exactly the documented codes', () => {
    expect([...FAILURE_CODES].sort((a, b) => a - b)).toEqual(
      [
        ...PLATFORM_CODES,
        ...COMMON_CODES,
        ...SESSIONS,
        ...TWO_STEP,
        ...PASSKEYS,
        ...ACCOUNT,
        ...PROOF_OF_WORK,
        ...INTEGRATIONS,
        ...SITES,
        ...SUPPORT,
        ...ACCESS_REQUESTS,
        ...DEVICES,
      ].sort((a, b) => a - b),
    );
  });

  it('uses 7-digit codes', () => {
    for (const code of FAILURE_CODES) expect(String(code)).toMatch(/^\d{7}$/);
  });
});

describe('httpStatusOf', () => {
  it('gives 401 for 1000401', () => {
    expect(httpStatusOf(1000401)).toBe(401);
    expect(httpStatusOf(ErrorCode.Unauthorized)).toBe(401);
  });

  it.each(Object.entries(HTTP_CODES))('gives the HTTP status of %s', (code, status) => {
    expect(httpStatusOf(Number(code) as FailureCode)).toBe(status);
  });

  it('gives 200 for a business code', () => {
    expect(httpStatusOf(1009117)).toBe(200);
    expect(httpStatusOf(ErrorCode.PasswordIncorrect)).toBe(200);
  });

  it('gives 200 for every other code', () => {
    for (const code of FAILURE_CODES) {
      if (code in HTTP_CODES) continue;
      expect(httpStatusOf(code), String(code)).toBe(200);
    }
  });
});

describe('isKnownErrorCode', () => {
  it('is true for every failure code', () => {
    for (const code of FAILURE_CODES) expect(isKnownErrorCode(code)).toBe(true);
  });

  it('is false for 0, unknown numbers and non-numbers', () => {
    expect(isKnownErrorCode(0)).toBe(false);
    expect(isKnownErrorCode(1009113)).toBe(false);
    expect(isKnownErrorCode(401)).toBe(false);
    expect(isKnownErrorCode('1009117')).toBe(false);
    expect(isKnownErrorCode(null)).toBe(false);
    expect(isKnownErrorCode(undefined)).toBe(false);
    expect(isKnownErrorCode(Number.NaN)).toBe(false);
  });
});

describe('errorMessageKey', () => {
  it('gives errors.<code>', () => {
    expect(errorMessageKey(1009117)).toBe('errors.1009117');
    expect(errorMessageKey(ErrorCode.Unauthorized)).toBe('errors.1000401');
  });
});
