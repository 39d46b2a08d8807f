import type { Language } from '@makan/contract/auth';
import type { Notification, PushPayload } from '@makan/contract/notifications';
import { isolate } from '../../lib/bidi.ts';
import { moderationTitle } from '../moderation/moderation.messages.ts';

/**
 * What a notification says outside the app (issue 22), in the recipient's language: the email
 * digest (text and HTML) and a web push, with the same sentence for each.
 */

type Kind = Exclude<Notification['kind'], 'moderation'>;

const TEXTS = {
  en: {
    app: 'Makan',
    subject: (count: number) =>
      count === 1 ? 'You have 1 new notification on Makan' : `You have ${count} new notifications on Makan`,
    greeting: (name: string) => `Hello ${isolate(name)},`,
    intro: 'Here is what happened while you were away:',
    actors: (names: string[], total: number) =>
      total <= 1
        ? `${names[0]}`
        : total === 2
          ? `${names[0]} and ${names[1]}`
          : `${names[0]} and ${total - 1} others`,
    kinds: {
      like: (who: string) => `${who} liked your listing`,
      comment: (who: string) => `${who} commented on your listing`,
      reply: (who: string) => `${who} replied to your comment`,
      follow: (who: string) => `${who} started following you`,
      message: (who: string) => `${who} sent you a message`,
      mention: (who: string) => `${who} mentioned you`,
      listing: (who: string) => `A listing you saved by ${who} has changed`,
      post: (who: string) => `${who} posted a new listing`,
      search: (who: string) => `A new listing by ${who} matches your saved search`,
    } satisfies Record<Kind, (who: string) => string>,
    open: 'Open',
    all: 'See all your notifications',
    footer: 'You receive this email because of your notification settings.',
    settings: 'Change what we email you',
    unsubscribe: 'Unsubscribe from these emails',
    signature: 'The Makan team',
  },
  ar: {
    app: 'مكان',
    subject: (count: number) =>
      count === 1 ? 'لديك إشعار جديد في مكان' : `لديك ${count} إشعارات جديدة في مكان`,
    greeting: (name: string) => `مرحبًا ${isolate(name)}،`,
    intro: 'إليك ما حدث أثناء غيابك:',
    actors: (names: string[], total: number) =>
      total <= 1
        ? `${names[0]}`
        : total === 2
          ? `${names[0]} و${names[1]}`
          : `${names[0]} و${total - 1} آخرون`,
    kinds: {
      like: (who: string) => `أُعجب ${who} بإعلانك`,
      comment: (who: string) => `علّق ${who} على إعلانك`,
      reply: (who: string) => `ردّ ${who} على تعليقك`,
      follow: (who: string) => `بدأ ${who} بمتابعتك`,
      message: (who: string) => `أرسل إليك ${who} رسالة`,
      mention: (who: string) => `أشار إليك ${who}`,
      listing: (who: string) => `تغيّر إعلان حفظته من ${who}`,
      post: (who: string) => `نشر ${who} إعلانًا جديدًا`,
      search: (who: string) => `إعلان جديد من ${who} يطابق بحثك المحفوظ`,
    } satisfies Record<Kind, (who: string) => string>,
    open: 'فتح',
    all: 'عرض كل إشعاراتك',
    footer: 'تصلك هذه الرسالة بحسب إعدادات الإشعارات لديك.',
    settings: 'غيّر ما نرسله إليك بالبريد',
    unsubscribe: 'إلغاء الاشتراك في هذه الرسائل',
    signature: 'فريق مكان',
  },
} as const;

/** 'Sara and 3 others liked your listing'; a moderation notice's title. */
function sentence(language: Language, n: Notification): string {
  const t = TEXTS[language];
  if (n.kind === 'moderation') return moderationTitle(language, n.outcome ?? 'report_handled');
  const who = t.actors(
    n.actors.map((a) => isolate(a.name)),
    n.actors_count,
  );
  return t.kinds[n.kind](who);
}

/**
 * A push's words: the app's name as the title, the sentence and the latest words written (or the
 * moderator's reason) as the body.
 */
export function pushText(language: Language, n: Notification): Pick<PushPayload, 'title' | 'body' | 'lang'> {
  const said = sentence(language, n);
  return {
    title: TEXTS[language].app,
    body: n.excerpt ? `${said}\n“${isolate(n.excerpt)}”` : said,
    lang: language,
  };
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function digestEmail({
  language,
  name,
  items,
  total,
  publicUrl,
  unsubscribeUrl,
}: {
  language: Language;
  name: string;
  /** The newest first, moderation notices left out (they come by email one by one). */
  items: Notification[];
  /** How many new in all (the list may be shorter). */
  total: number;
  publicUrl: string;
  unsubscribeUrl: string;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const lines = items.map((n) => ({
    sentence: sentence(language, n),
    excerpt: n.excerpt,
    url: `${publicUrl}${n.link}`,
  }));
  const settingsUrl = `${publicUrl}/settings?section=notifications`;
  const allUrl = `${publicUrl}/notifications`;
  const text = [
    t.greeting(name),
    '',
    t.intro,
    '',
    ...lines.flatMap((l) => [
      `• ${l.sentence}`,
      ...(l.excerpt ? [`  “${isolate(l.excerpt)}”`] : []),
      `  ${l.url}`,
      '',
    ]),
    `${t.all}: ${allUrl}`,
    '',
    t.signature,
    '',
    '—',
    t.footer,
    `${t.settings}: ${settingsUrl}`,
    `${t.unsubscribe}: ${unsubscribeUrl}`,
  ].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject(total))}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.intro)}</p>
<ul style="padding-inline-start:1.2em">
${lines
  .map(
    (l) =>
      `<li style="margin-block-end:0.8em"><a href="${escapeHtml(l.url)}">${escapeHtml(l.sentence)}</a>${
        l.excerpt ? `<br><span dir="auto" style="color:#475569">“${escapeHtml(l.excerpt)}”</span>` : ''
      }</li>`,
  )
  .join('\n')}
</ul>
<p><a href="${escapeHtml(allUrl)}">${escapeHtml(t.all)}</a></p>
<p>${escapeHtml(t.signature)}</p>
<hr>
<p style="font-size:0.85em;color:#64748b">${escapeHtml(t.footer)}<br>
<a href="${escapeHtml(settingsUrl)}">${escapeHtml(t.settings)}</a> · <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>`;
  return { subject: t.subject(total), text, html };
}
