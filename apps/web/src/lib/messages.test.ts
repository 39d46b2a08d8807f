import { TEXT } from '@makan/contract/texts';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { matchTemplate, textKeyOf, translateMessage } from './messages.ts';

describe('matchTemplate', () => {
  it('finds the template and extracts its parameters', () => {
    expect(
      matchTemplate({ greet: 'Hello {name}, you have {count} messages' }, 'Hello Sara, you have 3 messages'),
    ).toEqual({
      key: 'greet',
      params: { name: 'Sara', count: '3' },
    });
  });

  it('treats the rest of the template literally', () => {
    const templates = { odd: 'Price (in $) is {amount}.' };
    expect(matchTemplate(templates, 'Price (in $) is 12.')).toEqual({ key: 'odd', params: { amount: '12' } });
    expect(matchTemplate(templates, 'Price (in X) is 12.')).toBeNull();
  });

  it('returns null for a message of no template', () => {
    expect(matchTemplate(TEXT, 'Something else entirely')).toBeNull();
  });
});

describe('contract texts back to keys', () => {
  it('maps every contract text to its own key', () => {
    for (const [key, text] of Object.entries(TEXT)) expect(textKeyOf(text)?.key).toBe(key);
  });

  it('maps filled-in texts to their key and values', () => {
    expect(textKeyOf('Must be at least 10 characters')).toEqual({
      key: 'minLength',
      params: { length: '10' },
    });
    expect(textKeyOf('Must be at most 200 characters')).toEqual({
      key: 'maxLength',
      params: { length: '200' },
    });
  });

  it('translates known messages and leaves others as they are', () => {
    const en = testI18n('en');
    const ar = testI18n('ar');
    expect(translateMessage(en.t, 'Must be at least 10 characters')).toBe('Must be at least 10 characters');
    expect(translateMessage(ar.t, 'Must be at least 10 characters')).toBe('يجب ألا يقل عدد الأحرف عن 10');
    expect(translateMessage(ar.t, 'This field is required')).toBe('هذا الحقل مطلوب');
    expect(translateMessage(ar.t, 'Please enter a valid email address')).toBe(
      'يُرجى إدخال بريد إلكتروني صالح',
    );
    expect(translateMessage(ar.t, 'The server said something new')).toBe('The server said something new');
  });
});
