import { describe, it, expect } from 'vitest';
import { PRODUCTS, PRODUCT_CODES, isProductCode, productEntryPath, productUrl } from './products.ts';

const EXPECTED = [
  ['esguard', '/es'],
  ['mgguard', '/mg'],
  ['seop', '/seop'],
  ['saas-dragon-boat', '/longzhou'],
  ['settcntr', '/settings'],
  ['saas-es-actuary', '/cesuan'],
  ['esark', '/ark4'],
] as const;

describe('PRODUCTS', () => {
  it('has the seven products with their entry paths, in order', () => {
    expect(PRODUCTS.map((p) => [p.code, p.entryPath])).toEqual(EXPECTED);
  });

  it('PRODUCT_CODES lists the seven codes', () => {
    expect(PRODUCT_CODES).toEqual(EXPECTED.map(([code]) => code));
  });

  it('has unique codes and entry paths', () => {
    expect(new Set(PRODUCTS.map((p) => p.code)).size).toBe(7);
    expect(new Set(PRODUCTS.map((p) => p.entryPath)).size).toBe(7);
  });

  it('has absolute single-segment entry paths', () => {
    for (const p of PRODUCTS) expect(p.entryPath).toMatch(/^\/[a-z0-9]+$/);
  });
});

describe('isProductCode', () => {
  it.each(EXPECTED.map(([code]) => code))('is true for %s', (code) => {
    expect(isProductCode(code)).toBe(true);
  });

  it('is false for anything else', () => {
    for (const value of ['ESGUARD', 'es', '/es', 'unknown', '', ' esguard', 3, null, undefined, {}]) {
      expect(isProductCode(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('productEntryPath', () => {
  it.each(EXPECTED)('gives %s -> %s', (code, path) => {
    expect(productEntryPath(code)).toBe(path);
  });
});

describe('productUrl', () => {
  it("builds '/es?productId=3'", () => {
    expect(productUrl('/es', 3)).toBe('/es?productId=3');
    expect(productUrl(productEntryPath('esguard'), 3)).toBe('/es?productId=3');
  });

  it('accepts a string id', () => {
    expect(productUrl('/ark4', '42')).toBe('/ark4?productId=42');
  });

  it('encodes the id', () => {
    expect(productUrl('/mg', 'a b&c=d')).toBe('/mg?productId=a%20b%26c%3Dd');
  });

  it('builds a URL for every product', () => {
    for (const [code, path] of EXPECTED) expect(productUrl(productEntryPath(code), 7)).toBe(`${path}?productId=7`);
  });
});
