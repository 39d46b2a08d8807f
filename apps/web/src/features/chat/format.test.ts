import { describe, expect, it } from 'vitest';
import { messageFixture, sara } from '../../test/chat-fixtures.ts';
import { testI18n } from '../../test/render.tsx';
import { dateSeparator, fileSize, photoBox, presenceLabel, textDirection, threadRows } from './format.ts';

const at = (iso: string, overrides = {}) => messageFixture({ created_at: iso, ...overrides });

describe('thread rows', () => {
  it('groups the same sender within 5 minutes and separates days', () => {
    const rows = threadRows([
      at('2026-11-20T10:00:00', { id: 1 }),
      at('2026-11-20T10:04:00', { id: 2 }),
      at('2026-11-20T10:10:00', { id: 3 }),
      at('2026-11-20T10:11:00', { id: 4, sender_id: sara.id, sender: sara }),
      at('2026-11-21T09:00:00', { id: 5, sender_id: sara.id, sender: sara }),
    ]);
    expect(
      rows.map((r) =>
        r.kind === 'date' ? 'date' : `${r.item.id}${r.groupStart ? 's' : ''}${r.groupEnd ? 'e' : ''}`,
      ),
    ).toEqual(['date', '1s', '2e', '3se', '4se', 'date', '5se']);
  });
});

describe('date separators and sizes', () => {
  const t = testI18n('en').t;
  const now = new Date('2026-11-22T12:00:00');
  it('says Today, Yesterday, the weekday, then the date', () => {
    expect(dateSeparator(new Date('2026-11-22T08:00:00'), t, 'en', now)).toBe('Today');
    expect(dateSeparator(new Date('2026-11-21T23:00:00'), t, 'en', now)).toBe('Yesterday');
    expect(dateSeparator(new Date('2026-11-18T10:00:00'), t, 'en', now)).toBe('Wednesday');
    expect(dateSeparator(new Date('2026-10-01T10:00:00'), t, 'en', now)).toBe('Oct 1, 2026');
    expect(dateSeparator(new Date('2026-11-21T10:00:00'), testI18n('ar').t, 'ar', now)).toBe('أمس');
  });

  it('writes file sizes', () => {
    // A small file in bytes, not '0 kB' (issue 19).
    expect(fileSize(300, 'en')).toBe('300\u00a0B');
    expect(fileSize(12, 'en')).toBe('12\u00a0B');
    expect(fileSize(1023, 'en')).toBe('1,023\u00a0B');
    expect(fileSize(1024, 'en')).toBe('1 kB');
    expect(fileSize(1536, 'en')).toBe('1.5 kB');
    expect(fileSize(200 * 1024, 'en')).toBe('200 kB');
    expect(fileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(fileSize(300, 'ar')).toMatch(/^300\s?ب$/);
    expect(fileSize(200 * 1024, 'ar')).toBe('200 كيلوبايت');
  });
});

describe('photo box', () => {
  it("keeps a photo's shape within 288 × 256 before it loads", () => {
    expect(photoBox(480, 360)).toEqual({ width: 288, height: 216 });
    expect(photoBox(480, 960)).toEqual({ width: 128, height: 256 });
    expect(photoBox(100, 80)).toEqual({ width: 100, height: 80 });
  });

  it('keeps a fixed box while the size is unknown, never 0 px', () => {
    expect(photoBox(null, null)).toEqual({ width: 192, height: 144 });
    expect(photoBox(0, 300)).toEqual({ width: 192, height: 144 });
    expect(photoBox(4000, 10).width).toBeGreaterThan(0);
    expect(photoBox(4000, 10).height).toBeGreaterThanOrEqual(48);
  });
});

describe('text direction', () => {
  it('follows the first strong letter, like dir="auto"', () => {
    expect(textDirection('Al Noor Developments')).toBe('ltr');
    expect(textDirection('123 مرحبا Omar')).toBe('rtl');
    expect(textDirection('You: مرحبا')).toBe('ltr');
    expect(textDirection('42 + 7')).toBeNull();
  });
});

describe('presence label (chat header)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const seen = (iso: string | null) => ({ user_id: 2, online: false, last_seen_at: iso });

  it("says 'Online', or when they were last seen in relative words, in English", () => {
    const { t } = testI18n('en');
    expect(presenceLabel({ user_id: 2, online: true, last_seen_at: null }, t, 'en', now)).toBe('Online');
    expect(presenceLabel(seen('2026-11-25T11:59:30Z'), t, 'en', now)).toBe('Last seen just now');
    expect(presenceLabel(seen('2026-11-25T11:55:00Z'), t, 'en', now)).toBe('Last seen 5 minutes ago');
    expect(presenceLabel(seen('2026-11-25T09:00:00Z'), t, 'en', now)).toBe('Last seen 3 hours ago');
    expect(presenceLabel(seen('2026-11-24T11:00:00Z'), t, 'en', now)).toBe('Last seen yesterday');
  });

  it('speaks Arabic through Intl', () => {
    const { t } = testI18n('ar');
    expect(presenceLabel({ user_id: 2, online: true, last_seen_at: null }, t, 'ar', now)).toBe('متصل الآن');
    const label = presenceLabel(seen('2026-11-25T09:00:00Z'), t, 'ar', now);
    expect(label).toBe(
      `آخر ظهور ${new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-3, 'hour')}`,
    );
  });

  it('says nothing when presence is unknown or hidden', () => {
    const { t } = testI18n('en');
    expect(presenceLabel(undefined, t, 'en', now)).toBeNull();
    expect(presenceLabel(seen(null), t, 'en', now)).toBeNull();
  });
});
