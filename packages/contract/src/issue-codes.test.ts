import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendMessageRequest } from './chat.ts';
import { issueCode, refineText } from './issue-codes.ts';
import { LIMITS } from './limits.ts';
import { createPostFields } from './posts.ts';
import { TEXT, TEXT_KEYS, textKeyOf, textOf } from './texts.ts';

const issues = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues;
};

describe('catalogue keys', () => {
  it('finds every text by its own words, and no other words', () => {
    for (const key of TEXT_KEYS) expect(textKeyOf(TEXT[key])).toBe(key);
    expect(textKeyOf('Must be at least 10 characters')).toBeUndefined();
    expect(textKeyOf('Something else entirely')).toBeUndefined();
  });

  it('fills a text from its key and parameters', () => {
    expect(textOf({ code: 'minLength', params: { length: 10 } })).toBe('Must be at least 10 characters');
    expect(textOf({ code: 'required' })).toBe(TEXT.required);
  });
});

describe('issueCode', () => {
  it("names a schema's own text, with the length texts' bounds as parameters", () => {
    const [tooLong] = issues(createPostFields, {
      description: 'x'.repeat(LIMITS.postTextMax + 1),
      property_type: 'office',
      location: 'Riyadh',
    });
    expect(tooLong && issueCode(tooLong)).toEqual({
      code: 'maxLength',
      params: { length: LIMITS.postTextMax },
    });
    const [missing] = issues(createPostFields, { location: 'Riyadh' });
    expect(missing?.path).toEqual(['property_type']);
    expect(missing && issueCode(missing)).toEqual({ code: 'required' });
  });

  it('reads a refinement that names its text', () => {
    const [bad] = issues(sendMessageRequest, { content: 'hi', client_id: 'not an id!' });
    expect(bad?.message).toBe(TEXT.clientIdInvalid);
    expect(bad && issueCode(bad)).toEqual({ code: 'clientIdInvalid' });
    const schema = z.string().refine((s) => s === 'ok', refineText('tooManyImages', { count: 10 }));
    const [refined] = issues(schema, 'no');
    expect(refined?.message).toBe('Maximum 10 images per post');
    expect(refined && issueCode(refined)).toEqual({ code: 'tooManyImages', params: { count: 10 } });
  });

  it("puts the nearest catalogue text for zod's own words", () => {
    const schema = z.object({ name: z.string().min(1).max(5), code: z.string().min(3), age: z.number() });
    const byField = (input: Record<string, unknown>) =>
      Object.fromEntries(
        issues(schema, input).map((i) => [i.path.join('.'), issueCode(i, input[String(i.path[0])])]),
      );
    expect(byField({ name: '', code: 'ab' })).toEqual({
      name: { code: 'required' },
      code: { code: 'minLength', params: { length: 3 } },
      age: { code: 'required' },
    });
    expect(byField({ name: 'too long', code: 'abc', age: 'seven' })).toEqual({
      name: { code: 'maxLength', params: { length: 5 } },
      age: undefined,
    });
  });

  it('does not take a filled text for a bound it does not have', () => {
    expect(issueCode({ message: 'Must be at most 7 characters', maximum: 8 })).toBeUndefined();
    expect(issueCode({ message: 'Must be at most 8 characters', maximum: 8 })).toEqual({
      code: 'maxLength',
      params: { length: 8 },
    });
    expect(issueCode({ message: 'x', params: { code: 'nope' } })).toBeUndefined();
  });
});
