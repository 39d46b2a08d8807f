import { type DateTimeFormatOptions, dateTimeFormat, relativeTimeFormat } from '@makan/contract/intl';
import type { TFunction } from 'i18next';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Relative time labels of spec §9: under 60 s 'Just now', then minutes, hours, days (under 30 days),
 * months, years. The plural forms (Arabic has six) come from i18next through Intl.PluralRules.
 */
export function timeAgo(value: Date | string | number, t: TFunction, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - toDate(value).getTime());
  if (elapsed < MINUTE) return t('time.justNow');
  if (elapsed < HOUR) return t('time.minutesAgo', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return t('time.daysAgo', { count: days });
  const months = Math.floor(days / 30);
  if (months < 12) return t('time.monthsAgo', { count: months });
  return t('time.yearsAgo', { count: Math.max(1, Math.floor(days / 365)) });
}

/**
 * Chat timestamps of spec §9: under 24 h the time only, under 48 h 'Yesterday', under a week the
 * weekday, else the date; all through Intl in the given locale.
 */
export function messageTimestamp(
  value: Date | string | number,
  t: TFunction,
  locale: string,
  now: Date = new Date(),
): string {
  const date = toDate(value);
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < DAY) return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  if (elapsed < 2 * DAY) return t('time.yesterday');
  if (elapsed < 7 * DAY) return dateTimeFormat(locale, { weekday: 'long' }).format(date);
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/**
 * '5 minutes ago', 'yesterday', 'قبل ٣ ساعات': the largest whole unit of the time elapsed, through
 * Intl.RelativeTimeFormat in the given locale (at least a minute; under one, callers say 'just now').
 */
export function relativeTime(value: Date | string | number, locale: string, now: Date = new Date()): string {
  const elapsed = Math.max(MINUTE, now.getTime() - toDate(value).getTime());
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return format.format(-days, 'day');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}

export function formatDate(
  value: Date | string | number,
  locale: string,
  options: DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateTimeFormat(locale, options).format(toDate(value));
}

/** Initials from the first two words of a name ('Sara Al Amri' → 'SA'). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
