/**
 * Unified social credit code, GB 32100-2015: 18 characters from a 31-symbol alphabet
 * (digits and upper-case letters without I, O, Z, S, V); the last one is a check character.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(first17[i]!) * WEIGHTS[i]!;
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

export function isValidCreditCode(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}
