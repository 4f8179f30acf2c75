import { describe, it, expect } from 'vitest';
import { nameUnits } from './name-units.ts';

describe('nameUnits', () => {
  it('is 0 for the empty string', () => {
    expect(nameUnits('')).toBe(0);
  });

  it('counts Latin letters, digits, spaces and punctuation as 1', () => {
    expect(nameUnits('abc')).toBe(3);
    expect(nameUnits('John Smith')).toBe(10);
    expect(nameUnits('a-1_.')).toBe(5);
    expect(nameUnits('Müller')).toBe(6);
    expect(nameUnits('Ωμέγα')).toBe(5);
  });

  it('counts a Han character as 2', () => {
    expect(nameUnits('中')).toBe(2);
    expect(nameUnits('张三')).toBe(4);
  });

  it('makes 25 CJK characters exactly 50 units and 26 characters 52', () => {
    expect(nameUnits('中'.repeat(25))).toBe(50);
    expect(nameUnits('中'.repeat(26))).toBe(52);
  });

  it('counts mixed Latin and CJK', () => {
    expect(nameUnits('Li 李')).toBe(5);
    expect(nameUnits('张San')).toBe(5);
    expect(nameUnits('a'.repeat(48) + '中')).toBe(50);
    expect(nameUnits('ABC公司123')).toBe(10);
  });

  it('counts Japanese kana and Korean Hangul as wide', () => {
    expect(nameUnits('ひらがな')).toBe(8);
    expect(nameUnits('カタカナ')).toBe(8);
    expect(nameUnits('한국어')).toBe(6);
  });

  it('counts CJK punctuation and full-width forms as wide', () => {
    expect(nameUnits('、。')).toBe(4);
    expect(nameUnits('（Ａ）')).toBe(6);
    expect(nameUnits('\u3000')).toBe(2);
  });

  it('counts an emoji once (one code point, although two UTF-16 units)', () => {
    expect('😀'.length).toBe(2);
    expect(nameUnits('😀')).toBe(1);
    expect(nameUnits('a😀b')).toBe(3);
    expect(nameUnits('😀'.repeat(50))).toBe(50);
  });

  it('counts other astral characters once per code point', () => {
    expect(nameUnits('𝒜')).toBe(1); // mathematical script A, U+1D49C
    expect(nameUnits('𐍈')).toBe(1); // Gothic hwair, U+10348
  });

  it('counts an astral Han character (CJK extension B) as 2, not 4', () => {
    const ch = '𠀀'; // U+20000
    expect(ch.length).toBe(2);
    expect(nameUnits(ch)).toBe(2);
    expect(nameUnits('𠮷野家')).toBe(6);
  });
});
