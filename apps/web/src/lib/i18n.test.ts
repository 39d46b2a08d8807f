import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { applyLanguage, changeLanguage, directionOf, getLanguage } from './i18n.ts';
import { getItem, setItem } from './storage.ts';

describe('language', () => {
  it('defaults to English, reads the stored language, else the older locale key', () => {
    expect(getLanguage()).toBe('en');
    setItem('locale', 'ar');
    expect(getLanguage()).toBe('ar');
    setItem('language', 'en');
    expect(getLanguage()).toBe('en');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('language', 'fr');
    expect(getLanguage()).toBe('en');
  });

  it('sets lang and dir on <html>', () => {
    const root = document.createElement('html');
    applyLanguage('ar', root);
    expect(root).toHaveAttribute('lang', 'ar');
    expect(root).toHaveAttribute('dir', 'rtl');
    applyLanguage('en', root);
    expect(root).toHaveAttribute('dir', 'ltr');
    expect(directionOf('ar')).toBe('rtl');
  });

  it("names the language's web app manifest", () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
    applyLanguage('ar');
    expect(link).toHaveAttribute('href', '/manifest-ar.webmanifest');
    applyLanguage('en');
    expect(link).toHaveAttribute('href', '/manifest-en.webmanifest');
    link.remove();
  });

  it('persists language and locale, then reloads (spec §4)', () => {
    const reload = vi.fn();
    changeLanguage('ar', reload);
    expect(getItem('language')).toBe('ar');
    expect(getItem('locale')).toBe('ar');
    // And in the cookie the server reads to send pages prerendered in it, before the reload.
    expect(document.cookie.split('; ')).toContain('language=ar');
    expect(reload).toHaveBeenCalledTimes(1);
    changeLanguage('ar', reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('falls back to English for a key missing in Arabic', () => {
    const i18n = testI18n('ar');
    expect(i18n.t('common.retry')).toBe('إعادة المحاولة');
    i18n.addResource('en', 'translation', 'only.english', 'Only English');
    expect(i18n.t('only.english' as 'common.retry')).toBe('Only English');
  });
});
