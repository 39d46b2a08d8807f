import type { Language } from '@makan/contract/languages';
import { formatNumber, formatPrice } from '@makan/contract/numbers';
import { PROPERTY_TYPE_LABELS, PROPERTY_TYPE_LABELS_AR } from '@makan/contract/property-types';
import {
  formatArea,
  LISTING_PURPOSE_WORDS,
  SAVED_SEARCH_DIGEST_ITEMS_MAX,
} from '@makan/contract/saved-search-words';
import { isolate } from '../../lib/bidi.ts';
import { excerpt } from '../../lib/excerpt.ts';
import { escapeHtml } from '../notifications/notifications.messages.ts';
import type { PendingMatch } from './saved-searches.repository.ts';

/** The daily email of saved searches (issue 23), in the recipient's language, text and HTML. */
const TEXTS = {
  en: {
    subject: (count: number) =>
      count === 1 ? '1 new listing for your saved searches' : `${count} new listings for your saved searches`,
    greeting: (name: string) => `Hello ${isolate(name)},`,
    intro: 'These listings appeared since yesterday and match what you look for:',
    search: (name: string) => `Your search “${isolate(name)}”`,
    more: (count: number) => `and ${count} more`,
    manage: 'Run, pause or change your saved searches',
    footer: 'You receive this email because you asked for a daily email of a saved search.',
    unsubscribe: 'Unsubscribe from these emails',
    signature: 'The Makan team',
  },
  ar: {
    subject: (count: number) =>
      count === 1 ? 'إعلان جديد لعمليات بحثك المحفوظة' : `${count} إعلانات جديدة لعمليات بحثك المحفوظة`,
    greeting: (name: string) => `مرحبًا ${isolate(name)}،`,
    intro: 'ظهرت هذه الإعلانات منذ الأمس وهي تطابق ما تبحث عنه:',
    search: (name: string) => `بحثك «${isolate(name)}»`,
    more: (count: number) => `و${count} غيرها`,
    manage: 'شغّل عمليات بحثك المحفوظة أو أوقفها أو غيّرها',
    footer: 'تصلك هذه الرسالة لأنك طلبت رسالة يومية لعملية بحث محفوظة.',
    unsubscribe: 'إلغاء الاشتراك في هذه الرسائل',
    signature: 'فريق مكان',
  },
} as const;

/** 'Office Space · Riyadh · for rent · SAR 120,000 · 250 m²', in the recipient's digits. */
function summary(language: Language, item: PendingMatch): string {
  // A place the author typed is their own words (lib/bidi.ts); a city is ours.
  const place =
    (language === 'ar' ? item.city_ar : item.city_en) ??
    (item.custom_location === null ? null : isolate(item.custom_location));
  const parts = [(language === 'ar' ? PROPERTY_TYPE_LABELS_AR : PROPERTY_TYPE_LABELS)[item.property_type]];
  if (place) parts.push(place);
  if (item.purpose) parts.push(LISTING_PURPOSE_WORDS[language][item.purpose]);
  if (item.price !== null)
    parts.push(
      item.currency ? formatPrice(item.price, item.currency, language) : formatNumber(item.price, language),
    );
  if (item.area_m2 !== null) parts.push(formatArea(item.area_m2, language, { maximumFractionDigits: 2 }));
  return parts.join(' · ');
}

export function savedSearchDigestEmail({
  language,
  name,
  items,
  publicUrl,
  unsubscribeUrl,
}: {
  language: Language;
  name: string;
  /** Every listing waiting, oldest match first (grouped here by search, at most a few each). */
  items: PendingMatch[];
  publicUrl: string;
  unsubscribeUrl: string;
}): { subject: string; text: string; html: string; headers: Record<string, string> } {
  const t = TEXTS[language];
  const bySearch = new Map<number, { name: string; items: PendingMatch[] }>();
  for (const item of items) {
    const group = bySearch.get(item.search_id) ?? { name: item.search_name, items: [] };
    if (!group.items.some((i) => i.post_id === item.post_id)) group.items.push(item);
    bySearch.set(item.search_id, group);
  }
  const groups = [...bySearch.values()].map((g) => ({
    title: t.search(g.name),
    lines: g.items.slice(0, SAVED_SEARCH_DIGEST_ITEMS_MAX).map((item) => ({
      summary: summary(language, item),
      excerpt: excerpt(item.description),
      url: `${publicUrl}/post/${item.post_id}`,
    })),
    more: Math.max(0, g.items.length - SAVED_SEARCH_DIGEST_ITEMS_MAX),
  }));
  const count = new Set(items.map((i) => i.post_id)).size;
  const manageUrl = `${publicUrl}/saved-searches`;
  const text = [
    t.greeting(name),
    '',
    t.intro,
    '',
    ...groups.flatMap((g) => [
      g.title,
      ...g.lines.flatMap((l) => [
        `• ${l.summary}`,
        ...(l.excerpt ? [`  ${isolate(l.excerpt)}`] : []),
        `  ${l.url}`,
      ]),
      ...(g.more > 0 ? [`  ${t.more(g.more)}: ${manageUrl}`] : []),
      '',
    ]),
    `${t.manage}: ${manageUrl}`,
    '',
    t.signature,
    '',
    '—',
    t.footer,
    `${t.unsubscribe}: ${unsubscribeUrl}`,
  ].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject(count))}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.intro)}</p>
${groups
  .map(
    (g) => `<h3 style="font-size:1em;margin-block:1em 0.4em">${escapeHtml(g.title)}</h3>
<ul style="padding-inline-start:1.2em">
${g.lines
  .map(
    (l) =>
      `<li style="margin-block-end:0.6em"><a href="${escapeHtml(l.url)}">${escapeHtml(l.summary)}</a>${
        l.excerpt ? `<br><span dir="auto" style="color:#475569">${escapeHtml(l.excerpt)}</span>` : ''
      }</li>`,
  )
  .join(
    '\n',
  )}${g.more > 0 ? `\n<li><a href="${escapeHtml(manageUrl)}">${escapeHtml(t.more(g.more))}</a></li>` : ''}
</ul>`,
  )
  .join('\n')}
<p><a href="${escapeHtml(manageUrl)}">${escapeHtml(t.manage)}</a></p>
<p>${escapeHtml(t.signature)}</p>
<hr>
<p style="font-size:0.85em;color:#64748b">${escapeHtml(t.footer)}<br>
<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>`;
  return {
    subject: t.subject(count),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
