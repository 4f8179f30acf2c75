/**
 * Length of a display name in "units" (docs/field-rules.md#names): a CJK character counts 2, anything else 1.
 * Counted by code point so that characters outside the BMP are not counted twice by accident.
 */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

export function nameUnits(value: string): number {
  let units = 0;
  for (const ch of value) units += WIDE.test(ch) ? 2 : 1;
  return units;
}
