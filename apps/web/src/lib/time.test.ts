import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { formatNumber } from './numbers.ts';
import { initials, messageTimestamp, timeAgo } from './time.ts';

const now = new Date('2026-03-18T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo in English', () => {
  const { t } = testI18n('en');
  it.each([
    [0, 'Just now'],
    [59 * S, 'Just now'],
    [M, '1 minute ago'],
    [5 * M, '5 minutes ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H, '23 hours ago'],
    [D, '1 day ago'],
    [29 * D, '29 days ago'],
    [30 * D, '1 month ago'],
    [335 * D, '11 months ago'],
    [365 * D, '1 year ago'],
    [800 * D, '2 years ago'],
  ])('%i ms → %s', (ms, label) => {
    expect(timeAgo(ago(ms), t, now)).toBe(label);
  });

  it('treats a date in the future as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5 * M), t, now)).toBe('Just now');
  });

  it('accepts ISO strings', () => {
    expect(timeAgo('2026-03-18T11:00:00Z', t, now)).toBe('1 hour ago');
  });
});

describe('timeAgo in Arabic, with its plural forms', () => {
  const { t } = testI18n('ar');
  const n = (value: number) => formatNumber(value, 'ar');
  it.each([
    [30 * S, 'الآن'],
    [M, 'منذ دقيقة'],
    [2 * M, 'منذ دقيقتين'],
    [5 * M, `منذ ${n(5)} دقائق`],
    [11 * M, `منذ ${n(11)} دقيقة`],
    [H, 'منذ ساعة'],
    [2 * H, 'منذ ساعتين'],
    [3 * H, `منذ ${n(3)} ساعات`],
    [D, 'منذ يوم'],
    [2 * D, 'منذ يومين'],
    [3 * D, `منذ ${n(3)} أيام`],
    [15 * D, `منذ ${n(15)} يومًا`],
    [60 * D, 'منذ شهرين'],
    [330 * D, `منذ ${n(11)} شهرًا`],
    [365 * D, 'منذ سنة'],
    [3 * 365 * D, `منذ ${n(3)} سنوات`],
  ])('%i ms → %s', (ms, label) => {
    expect(timeAgo(ago(ms), t, now)).toBe(label);
  });
});

describe('messageTimestamp', () => {
  it('shows the time under 24 h, Yesterday under 48 h, the weekday under a week, else the date', () => {
    const { t } = testI18n('en');
    const time = (d: Date) => new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(d);
    expect(messageTimestamp(ago(2 * H), t, 'en', now)).toBe(time(ago(2 * H)));
    expect(messageTimestamp(ago(23 * H), t, 'en', now)).toBe(time(ago(23 * H)));
    expect(messageTimestamp(ago(30 * H), t, 'en', now)).toBe('Yesterday');
    expect(messageTimestamp(ago(3 * D), t, 'en', now)).toBe(
      new Intl.DateTimeFormat('en', { weekday: 'long' }).format(ago(3 * D)),
    );
    expect(messageTimestamp(ago(10 * D), t, 'en', now)).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ago(10 * D)),
    );
  });

  it('speaks Arabic in the Arabic locale', () => {
    const { t } = testI18n('ar');
    expect(messageTimestamp(ago(30 * H), t, 'ar', now)).toBe('أمس');
    expect(messageTimestamp(ago(3 * D), t, 'ar', now)).toBe(
      new Intl.DateTimeFormat('ar', { weekday: 'long' }).format(ago(3 * D)),
    );
  });
});

describe('initials', () => {
  it.each([
    ['Sara Al Amri', 'SA'],
    ['  omar   khalid ', 'OK'],
    ['Layla', 'L'],
    ['محمد أحمد علي', 'مأ'],
    ['', ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
