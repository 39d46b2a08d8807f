import { minimalUser } from '@makan/contract/auth';
import { fieldCodesSchema, fieldErrorsSchema, textCodeSchema } from '@makan/contract/envelope';
import { describe, expect, it } from 'vitest';
import { readFieldCodes, readFieldErrors, readTextCode } from './envelope-read.ts';
import { readMinimalUser } from './storage.ts';

/** What a zod schema reads from `value`, undefined when it refuses it. */
const viaZod = (
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const odd = [undefined, null, 1, 'x', [], {}, [[]], { a: 1 }, { a: [] }, { a: ['x', 2] }, { a: 'x' }];

describe('the first load reads envelopes and the stored user as the contract does', () => {
  it('field errors', () => {
    for (const value of [...odd, { a: ['one', 'two'], b: [] }]) {
      expect(readFieldErrors(value)).toEqual(viaZod(fieldErrorsSchema, value));
    }
  });

  it('text codes', () => {
    for (const value of [
      ...odd,
      { code: 'required' },
      { code: 'minLength', params: { length: 8 } },
      { code: 'minLength', params: { length: true } },
      { code: 'no such key' },
      { code: 'required', extra: 1 },
    ]) {
      expect(readTextCode(value)).toEqual(viaZod(textCodeSchema, value));
    }
  });

  it('field codes', () => {
    for (const value of [...odd, { a: [{ code: 'required' }] }, { a: [{ code: 'nope' }] }]) {
      expect(readFieldCodes(value)).toEqual(viaZod(fieldCodesSchema, value));
    }
  });

  it('the stored user', () => {
    const user = { id: 1, name: 'Sara', email: 's@x.io', phone: '1', preferences: null, avatar: null };
    const preferences = { purpose: 'buy', property_types: ['office'], preferred_locations: [3] };
    for (const value of [
      ...odd,
      user,
      { ...user, extra: true },
      { ...user, preferences },
      { ...user, preferences: { ...preferences, preferred_locations: [1.5] } },
      { ...user, preferences: { ...preferences, property_types: 'office' } },
      { ...user, id: 1.5 },
      { ...user, avatar: 3 },
      { ...user, avatar: '/media/a.webp' },
      { id: 1, name: 'Sara', email: 's@x.io', phone: '1', avatar: null },
    ]) {
      expect(readMinimalUser(value)).toEqual(viaZod(minimalUser, value) ?? null);
    }
  });
});
