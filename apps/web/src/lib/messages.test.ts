import { createPostFields } from '@makan/contract/posts';
import { TEXT } from '@makan/contract/texts';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { ApiError } from './http.ts';
import {
  apiErrorText,
  asFieldError,
  fieldErrorMessage,
  firstFieldMessages,
  issueMessage,
  isText,
  translateMessage,
} from './messages.ts';

const en = testI18n('en');
const ar = testI18n('ar');

describe('translateMessage', () => {
  it('translates a catalogue text by its key and parameters', () => {
    const minLength = { code: 'minLength', params: { length: 10 } } as const;
    expect(translateMessage(en.t, minLength)).toBe('Must be at least 10 characters');
    expect(translateMessage(ar.t, minLength)).toBe('يجب ألا يقل عدد الأحرف عن 10');
    expect(translateMessage(ar.t, { code: 'required' })).toBe('هذا الحقل مطلوب');
  });

  it('translates words that are a catalogue text word for word, and shows any others as they are', () => {
    expect(translateMessage(ar.t, 'This field is required')).toBe('هذا الحقل مطلوب');
    expect(translateMessage(ar.t, TEXT.invalidEmail)).toBe('يُرجى إدخال بريد إلكتروني صالح');
    // Filled-in words are not read back: only a key says which text they are.
    expect(translateMessage(ar.t, 'Must be at least 10 characters')).toBe('Must be at least 10 characters');
    expect(translateMessage(ar.t, 'The server said something new')).toBe('The server said something new');
  });
});

describe('form messages', () => {
  it("keeps a form check's catalogue key, with the values of its text", () => {
    const parsed = createPostFields.safeParse({ description: 'x'.repeat(1001), location: 'Olaya' });
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessage(issue)]),
    );
    expect(messages).toEqual({
      description: { code: 'maxLength', params: { length: 1000 } },
      property_type: { code: 'required' },
    });
    expect(issueMessage({ message: 'Zod said this', code: 'custom' })).toBe('Zod said this');
  });

  it('carries the key through a react-hook-form field error', () => {
    const coded = asFieldError({ code: 'maxLength', params: { length: 5 } });
    expect(coded).toMatchObject({ type: 'server', message: 'Must be at most 5 characters' });
    expect(fieldErrorMessage(coded)).toEqual({ code: 'maxLength', params: { length: 5 } });
    expect(fieldErrorMessage(asFieldError('Plain words', 'custom'))).toBe('Plain words');
    expect(fieldErrorMessage(undefined)).toBeUndefined();
  });

  it("takes each field's first message of a 422, by key where the server gave one", () => {
    const failure = new ApiError({
      kind: 'validation',
      status: 422,
      errors: { email: [TEXT.emailTaken, 'Second'], name: ['Words only'] },
      codes: { email: [{ code: 'emailTaken' }, { code: 'required' }] },
    });
    expect(firstFieldMessages(failure)).toEqual({ email: { code: 'emailTaken' }, name: 'Words only' });
    expect(firstFieldMessages(new Error('x'))).toEqual({});
    expect(isText(firstFieldMessages(failure).email, 'emailTaken')).toBe(true);
    expect(isText(TEXT.emailTaken, 'emailTaken')).toBe(true);
    expect(isText('Words only', 'emailTaken')).toBe(false);
  });
});

describe('apiErrorText', () => {
  it("says the server's text by its key, in the page's language", () => {
    const wait = new ApiError({
      kind: 'api',
      status: 429,
      message: 'Please wait 30 seconds before requesting a new code.',
      code: 'otpResendWait',
      params: { seconds: 30 },
    });
    expect(apiErrorText(en.t, wait)).toBe('Please wait 30 seconds before requesting a new code.');
    expect(apiErrorText(ar.t, wait)).not.toMatch(/Please wait/);
    expect(apiErrorText(ar.t, wait)).toMatch(/30|٣٠/);
  });

  it("falls back to a 429's own words, then to the HTTP catalogue", () => {
    const limited = new ApiError({ kind: 'api', status: 429, message: 'Too many requests from the proxy' });
    expect(apiErrorText(ar.t, limited)).toBe('Too many requests from the proxy');
    const unknown = new ApiError({ kind: 'api', status: 404, message: 'Some words of the server' });
    expect(apiErrorText(en.t, unknown)).toBe("The page or resource you're looking for couldn't be found.");
  });
});
