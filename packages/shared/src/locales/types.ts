import type source from './zh-CN/messages.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale must have: the keys of zh-CN, each a string. */
export type Messages = Widen<typeof source>;
