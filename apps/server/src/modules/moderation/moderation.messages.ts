import type { Language } from '@makan/contract/auth';
import { isolate } from '../../lib/bidi.ts';

/**
 * What members are told of moderation (issue 21), in their language: the author of removed content,
 * a warned or suspended account, and the reporters once their report was handled.
 */
export type ModerationNotice =
  | { kind: 'removed'; what: 'post' | 'comment' | 'message'; reason: string }
  | { kind: 'warned'; reason: string }
  | { kind: 'suspended'; reason: string; until: string | null }
  | { kind: 'restored' }
  | { kind: 'report_handled' }
  | { kind: 'verification_approved' }
  | { kind: 'verification_refused'; reason: string };

const WHAT = {
  en: { post: 'listing', comment: 'comment', message: 'message' },
  ar: { post: 'إعلانك', comment: 'تعليقك', message: 'رسالتك' },
} as const;

const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${isolate(name)},`,
    signature: 'The Makan team',
    subject: {
      removed: 'Your content on Makan was removed',
      warned: 'A warning about your Makan account',
      suspended: 'Your Makan account is suspended',
      restored: 'Your Makan account is restored',
      report_handled: 'Thank you for your report',
      verification_approved: 'Your company is verified on Makan',
      verification_refused: 'Your company verification on Makan',
    },
    body: (n: ModerationNotice) => {
      switch (n.kind) {
        case 'removed':
          return `Our moderators removed your ${WHAT.en[n.what]}. Reason: ${n.reason}`;
        case 'warned':
          return `Our moderators sent you a warning. Reason: ${n.reason}\nFurther breaches of our terms may lead to a suspension.`;
        case 'suspended':
          return n.until
            ? `Your account is suspended until ${n.until}. Reason: ${n.reason}\nYour listings are hidden meanwhile.`
            : `Your account is suspended. Reason: ${n.reason}\nYour listings are hidden.`;
        case 'restored':
          return 'Your account is no longer suspended. You can log in again.';
        case 'report_handled':
          return 'Our moderators reviewed what you reported and took the action they found right. Thank you for helping keep Makan safe.';
        case 'verification_approved':
          return 'We checked your commercial registration: your profile, listings and messages now show the Verified company badge.';
        case 'verification_refused':
          return `We could not verify your company. Reason: ${n.reason}\nYou can send a new request from your profile.`;
      }
    },
  },
  ar: {
    greeting: (name: string) => `مرحبًا ${isolate(name)}،`,
    signature: 'فريق مكان',
    subject: {
      removed: 'حُذف محتوى لك في مكان',
      warned: 'تنبيه بشأن حسابك في مكان',
      suspended: 'تم إيقاف حسابك في مكان',
      restored: 'أُعيد تفعيل حسابك في مكان',
      report_handled: 'شكرًا لبلاغك',
      verification_approved: 'تم توثيق شركتك في مكان',
      verification_refused: 'توثيق شركتك في مكان',
    },
    body: (n: ModerationNotice) => {
      switch (n.kind) {
        case 'removed':
          return `حذف مشرفونا ${WHAT.ar[n.what]}. السبب: ${n.reason}`;
        case 'warned':
          return `أرسل إليك مشرفونا تنبيهًا. السبب: ${n.reason}\nقد تؤدي المخالفات الأخرى لشروطنا إلى إيقاف الحساب.`;
        case 'suspended':
          return n.until
            ? `تم إيقاف حسابك حتى ${n.until}. السبب: ${n.reason}\nإعلاناتك مخفية خلال هذه المدة.`
            : `تم إيقاف حسابك. السبب: ${n.reason}\nإعلاناتك مخفية.`;
        case 'restored':
          return 'لم يعد حسابك موقوفًا، ويمكنك تسجيل الدخول مجددًا.';
        case 'report_handled':
          return 'راجع مشرفونا ما أبلغت عنه واتخذوا الإجراء المناسب. شكرًا لمساعدتك في إبقاء مكان آمنًا.';
        case 'verification_approved':
          return 'تحققنا من سجلك التجاري، وأصبح ملفك وإعلاناتك ورسائلك تحمل شارة شركة موثقة.';
        case 'verification_refused':
          return `تعذّر علينا توثيق شركتك. السبب: ${n.reason}\nيمكنك إرسال طلب جديد من ملفك الشخصي.`;
      }
    },
  },
} as const;

/** The notice's one-line title (an email's subject, a push's text). */
export const moderationTitle = (language: Language, kind: ModerationNotice['kind']) =>
  TEXTS[language].subject[kind];

export function moderationEmail(language: Language, name: string, notice: ModerationNotice) {
  const t = TEXTS[language];
  return {
    subject: t.subject[notice.kind],
    // The moderator's reason in their own words, set apart from the sentence (lib/bidi.ts).
    text: [
      t.greeting(name),
      '',
      t.body('reason' in notice ? { ...notice, reason: isolate(notice.reason) } : notice),
      '',
      t.signature,
    ].join('\n'),
  };
}
