import { describe, it, expect } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.ts';

/**
 * An independent reference of GB 32100-2015: the 31 symbols (no I, O, Z, S, V), weights 3^i mod 31,
 * check = 31 - (sum mod 31), where 31 maps to 0.
 */
const SYMBOLS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const REF_WEIGHTS = Array.from({ length: 17 }, (_, i) => {
  let w = 1;
  for (let k = 0; k < i; k++) w = (w * 3) % 31;
  return w;
});

function referenceCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += SYMBOLS.indexOf(first17.charAt(i)) * REF_WEIGHTS[i]!;
  const c = 31 - (sum % 31);
  return SYMBOLS.charAt(c === 31 ? 0 : c);
}

/** A small deterministic generator, so that failures are reproducible. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomFirst17(next: () => number): string {
  const pick = (alphabet: string) => alphabet.charAt(Math.floor(next() * alphabet.length));
  let out = pick(SYMBOLS) + pick(SYMBOLS);
  for (let i = 0; i < 6; i++) out += pick('0123456789');
  for (let i = 0; i < 9; i++) out += pick(SYMBOLS);
  return out;
}

describe('credit code alphabet and weights', () => {
  it('the reference uses 31 symbols without I, O, Z, S, V', () => {
    expect(SYMBOLS).toHaveLength(31);
    for (const letter of 'IOZSV') expect(SYMBOLS).not.toContain(letter);
  });

  it('the weights are 3^i mod 31 as published in the standard', () => {
    expect(REF_WEIGHTS).toEqual([1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]);
  });
});

describe('creditCodeCheckChar', () => {
  it('matches a hand-computed example: 91350100M000100Y4 -> 3', () => {
    // symbol values: 9 1 3 5 0 1 0 0 M=21 0 0 0 1 0 0 Y=30 4
    // 9*1 + 1*3 + 3*9 + 5*27 + 1*26 + 21*20 + 1*8 + 30*30 + 4*28
    //   = 9 + 3 + 27 + 135 + 26 + 420 + 8 + 900 + 112 = 1640
    // 1640 mod 31 = 28 (31 * 52 = 1612); 31 - 28 = 3 -> '3'
    expect(1640 % 31).toBe(28);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('maps a sum divisible by 31 to 0 (hand-computed: 91350100M00000000)', () => {
    // 9*1 + 1*3 + 3*9 + 5*27 + 1*26 + 21*20 = 620 = 31 * 20 -> check '0'
    expect(creditCodeCheckChar('91350100M00000000')).toBe('0');
    expect(isValidCreditCode('91350100M000000000')).toBe(true);
  });

  it('can produce a letter check character (X)', () => {
    expect(creditCodeCheckChar('91110000100011743')).toBe('X');
    expect(isValidCreditCode('91110000100011743X')).toBe(true);
  });

  it('agrees with the independent reference on 500 generated codes', () => {
    const next = lcg(20150901);
    for (let n = 0; n < 500; n++) {
      const first17 = randomFirst17(next);
      const check = referenceCheckChar(first17);
      expect(creditCodeCheckChar(first17)).toBe(check);
      expect(isValidCreditCode(first17 + check)).toBe(true);
    }
  });
});

describe('isValidCreditCode', () => {
  it('accepts the published code 91350100M000100Y43', () => {
    expect(referenceCheckChar('91350100M000100Y4')).toBe('3');
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
  });

  it('refuses every other check character', () => {
    for (const ch of SYMBOLS) {
      if (ch === '3') continue;
      expect(isValidCreditCode(`91350100M000100Y4${ch}`)).toBe(false);
    }
  });

  it('detects any single-character substitution in the first 17', () => {
    const valid = '91350100M000100Y43';
    for (let i = 0; i < 17; i++) {
      const alphabet = i >= 2 && i < 8 ? '0123456789' : SYMBOLS;
      for (const ch of alphabet) {
        if (ch === valid[i]) continue;
        const changed = valid.slice(0, i) + ch + valid.slice(i + 1);
        expect(isValidCreditCode(changed), changed).toBe(false);
      }
    }
  });

  it('detects a swap of two adjacent different characters', () => {
    const valid = '91350100M000100Y43';
    for (let i = 0; i < 16; i++) {
      if (valid[i] === valid[i + 1]) continue;
      const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
      expect(isValidCreditCode(swapped), swapped).toBe(false);
    }
  });

  it.each(['I', 'O', 'Z', 'S', 'V'])('refuses the forbidden letter %s in any position', (letter) => {
    const valid = '91350100M000100Y43';
    for (let i = 0; i < 18; i++) {
      const changed = valid.slice(0, i) + letter + valid.slice(i + 1);
      expect(isValidCreditCode(changed), changed).toBe(false);
    }
  });

  it('refuses letters in the administrative division code (positions 3-8)', () => {
    const first17 = '91A50100M000100Y4';
    // whatever the check character, the shape is wrong
    for (const ch of SYMBOLS) expect(isValidCreditCode(first17 + ch)).toBe(false);
  });

  it('refuses lower case (the schema upper-cases before checking)', () => {
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
  });

  it('refuses wrong lengths and surrounding spaces', () => {
    expect(isValidCreditCode('')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y430')).toBe(false);
    expect(isValidCreditCode(' 91350100M000100Y43')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y43 ')).toBe(false);
  });

  it('refuses punctuation and full-width characters', () => {
    expect(isValidCreditCode('91350100M000100Y4-')).toBe(false);
    expect(isValidCreditCode('９1350100M000100Y43')).toBe(false);
  });
});
