import type source from './zh-CN/messages.ts';

/** The plural categories of i18next suffixes besides `_other`, which every language has. */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many';

/**
 * For each `key_other` of the source, the other plural forms a language may need (`key_one` in
 * English, none in Chinese): zh-CN has only `_other`, so they cannot be required keys.
 */
type PluralForms<T> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${PluralCategory}` : never]?: string;
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> } & PluralForms<T>;

/** The shape every locale must have: the keys of zh-CN, each a string, plus the plural forms of its language. */
export type Messages = Widen<typeof source>;
