/** Escapes LIKE's wildcards so user text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching the text anywhere. */
export const containsPattern = (value: string) => `%${escapeLike(value)}%`;
