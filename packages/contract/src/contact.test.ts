import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactRequest } from './contact.ts';

const valid = {
  firstName: 'Omar',
  lastName: 'Saleh',
  email: 'omar@example.com',
  phone: '0501234567',
  subject: 'Question',
  message: 'Hello there, a question.',
};
const errorsOf = (input: unknown) => {
  const result = contactRequest.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('contactRequest', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactRequest.parse({ ...valid, firstName: '  Omar ' }).firstName).toBe('Omar');
  });
  it('requires every field with the spec text', () => {
    const errors = errorsOf({});
    for (const key of Object.keys(valid))
      expect(errors[key as keyof typeof errors]).toEqual(['This field is required']);
  });
  it('checks email format and message minimum', () => {
    expect(errorsOf({ ...valid, email: 'nope', message: 'short' })).toEqual({
      email: ['Please enter a valid email address'],
      message: ['Must be at least 10 characters'],
    });
  });
});
