/** The shape another language's texts must have: every key of the English texts, each a string. */
export type TextsLike<T> = { [K in keyof T]: T[K] extends string ? string : TextsLike<T[K]> };
