import type { Notification } from '@makan/contract/notifications';
import { describe, expect, it } from 'vitest';
import { accountEmail, exportReadyEmail } from '../modules/account/account.messages.ts';
import { codeEmail, lockedEmail } from '../modules/auth/auth.messages.ts';
import { moderationEmail } from '../modules/moderation/moderation.messages.ts';
import { digestEmail, pushText } from '../modules/notifications/notifications.messages.ts';
import { savedSearchDigestEmail } from '../modules/saved-searches/saved-searches.messages.ts';
import { isolate } from './bidi.ts';

/**
 * Every plain-text message (push, the text part of an email) sets a person's own words apart from
 * its sentence in both languages: an English question in an Arabic push keeps its question mark at
 * its end, an Arabic name in an English email does not swap the words around it.
 */
const NAME = 'Sara (CEO)';
const WORDS = 'Can I visit on Sunday?';
const ARABIC = 'هل السعر قابل للتفاوض؟';

/** Each of `words` in `text` only as an isolate, never bare. */
function expectIsolated(text: string, words: string[]) {
  for (const w of words) {
    expect(text, w).toContain(isolate(w));
    expect(text.split(isolate(w)).join(''), w).not.toContain(w);
  }
}

const notification = (excerpt: string): Notification => ({
  id: 1,
  kind: 'comment',
  actors: [{ id: 2, name: NAME, picture: null }],
  actors_count: 1,
  post_id: 3,
  comment_id: 4,
  conversation_id: null,
  excerpt,
  outcome: null,
  change: null,
  link: '/comment/3/4',
  read: false,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
});

describe.each(['en', 'ar'] as const)('plain-text messages in %s', (language) => {
  it('a push and the notifications digest', () => {
    for (const excerpt of [WORDS, ARABIC]) {
      expectIsolated(pushText(language, notification(excerpt)).body, [NAME, excerpt]);
      const digest = digestEmail({
        language,
        name: NAME,
        items: [notification(excerpt)],
        total: 1,
        publicUrl: 'https://makan.test',
        unsubscribeUrl: 'https://makan.test/u',
      });
      expectIsolated(digest.text, [NAME, excerpt]);
    }
  });

  it('the saved searches email', () => {
    const mail = savedSearchDigestEmail({
      language,
      name: NAME,
      items: [
        {
          search_id: 1,
          search_name: 'Offices (north)',
          post_id: 9,
          property_type: 'office',
          city_en: null,
          city_ar: null,
          custom_location: 'King Road (east)',
          purpose: 'rent',
          price: 1000,
          currency: 'SAR',
          area_m2: 100,
          description: WORDS,
          matched_at: new Date(),
        },
      ],
      publicUrl: 'https://makan.test',
      unsubscribeUrl: 'https://makan.test/u',
    });
    expectIsolated(mail.text, [NAME, 'Offices (north)', 'King Road (east)', WORDS]);
  });

  it('account, sign-in and moderation emails', () => {
    expectIsolated(accountEmail(language, 'password_changed', NAME).text, [NAME]);
    expectIsolated(exportReadyEmail(language, NAME, 'https://makan.test/x', 7).text, [NAME]);
    expectIsolated(codeEmail(language, 'registration', NAME, '123456').text, [NAME]);
    expectIsolated(lockedEmail(language, NAME).text, [NAME]);
    expectIsolated(moderationEmail(language, NAME, { kind: 'warned', reason: WORDS }).text, [NAME, WORDS]);
  });
});
