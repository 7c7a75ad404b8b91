/**
 * A dictionary's type from its English one: each literal text widened to `string` (and each function
 * returning text to one returning `string`), so that another language's texts may differ.
 * Types only: nothing of it reaches a chunk.
 */
export type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : T extends (...args: infer A) => infer R
      ? (...args: A) => R extends string ? string : R
      : T;
