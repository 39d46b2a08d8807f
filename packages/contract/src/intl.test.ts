import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  displayNames,
  listFormat,
  numberFormat,
  pluralRules,
  relativeTimeFormat,
} from './intl.ts';

describe('kept Intl formatters', () => {
  it('give the one formatter for a language and options, however the options object was made', () => {
    expect(dateTimeFormat('ar', { hour: 'numeric', minute: '2-digit' })).toBe(
      dateTimeFormat('ar', { hour: 'numeric', minute: '2-digit' }),
    );
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en')).not.toBe(numberFormat('ar'));
    expect(numberFormat('en', { maximumFractionDigits: 0 })).not.toBe(numberFormat('en'));
  });

  it('format as a formatter built on the spot does, in both languages', () => {
    const when = new Date('2026-11-27T09:05:00Z');
    for (const language of ['en', 'ar']) {
      expect(dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(when)).toBe(
        new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(when),
      );
      expect(numberFormat(language).format(1_500_000)).toBe(
        new Intl.NumberFormat(language).format(1_500_000),
      );
      expect(relativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day')).toBe(
        new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day'),
      );
      expect(listFormat(language, { type: 'disjunction' }).format(['a', 'b'])).toBe(
        new Intl.ListFormat(language, { type: 'disjunction' }).format(['a', 'b']),
      );
      expect(pluralRules(language).select(2)).toBe(new Intl.PluralRules(language).select(2));
      expect(displayNames(language, { type: 'region' }).of('SA')).toBe(
        new Intl.DisplayNames([language], { type: 'region' }).of('SA'),
      );
    }
  });

  it('throw as Intl does for options it refuses, and keep nothing for them', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOT-A-CODE' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOT-A-CODE' })).toThrow(RangeError);
    expect(numberFormat('en', { style: 'currency', currency: 'SAR' }).format(5)).toContain('5');
  });
});
