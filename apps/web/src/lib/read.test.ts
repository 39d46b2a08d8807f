import { citySchema } from '@makan/contract/cities';
import { describe, expect, it } from 'vitest';
import { expectReaderMatchesSchema } from '../test/reader-equivalence.ts';
import { cityReader } from './cities.ts';
import { arrayOf, int, object, ReadError, str } from './read.ts';

describe('readers', () => {
  it('say where a value is wrong, and what was expected', () => {
    const reader = object({ posts: arrayOf(object({ id: int, name: str })) });
    const result = reader.safeParse({
      posts: [
        { id: 1, name: 'a' },
        { id: 1.5, name: 'b' },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ReadError);
    expect(result.error.message).toBe('posts[1].id: expected an integer');
  });

  it('drop the keys they do not name, as zod does', () => {
    expect(object({ id: int }).safeParse({ id: 1, extra: true })).toEqual({ success: true, data: { id: 1 } });
  });

  it('read a city as the contract’s citySchema does', () => {
    expect(expectReaderMatchesSchema(cityReader, citySchema)).toBeGreaterThan(10);
  });
});
