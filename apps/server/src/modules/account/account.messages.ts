import { ACCOUNT_DELETION_GRACE_DAYS } from '@makan/contract/account';
import type { Language } from '@makan/contract/auth';
import { isolate } from '../../lib/bidi.ts';

/** The notices of account changes, in the user's language: an email (subject and body) and an SMS. */

export type AccountEvent =
  | 'password_changed'
  | 'password_set'
  | 'signed_out_everywhere'
  | 'deletion_scheduled'
  | 'deletion_cancelled';

const TEXTS = {
  en: {
    subject: {
      password_changed: 'Your Makan password was changed',
      password_set: 'A password was set for your Makan account',
      signed_out_everywhere: 'You were signed out of Makan on all devices',
      deletion_scheduled: 'Your Makan account will be deleted',
      deletion_cancelled: 'Your Makan account will no longer be deleted',
    },
    greeting: (name: string) => `Hello ${isolate(name)},`,
    body: {
      password_changed: 'The password of your Makan account was changed. Your other devices were signed out.',
      password_set:
        'A password was set for your Makan account: it can now also be signed in to with your email or phone and that password. Your other devices were signed out.',
      signed_out_everywhere: 'Your Makan account was signed out of every device.',
      deletion_scheduled: `You asked to delete your Makan account. It will be erased in ${ACCOUNT_DELETION_GRACE_DAYS} days, with your profile, listings, comments, likes and follows; your messages will show as from a deleted account. To keep your account, log in before then.`,
      deletion_cancelled: 'You logged in, so your Makan account will not be deleted.',
    },
    warning:
      'If this was not you, reset your password now with "Forgot password" on the login page and contact us.',
    sms: {
      password_changed: 'Makan: your password was changed. Not you? Reset it now.',
      password_set: 'Makan: a password was set for your account. Not you? Reset it now.',
      signed_out_everywhere:
        'Makan: your account was signed out of all devices. Not you? Reset your password.',
      deletion_scheduled: `Makan: your account will be deleted in ${ACCOUNT_DELETION_GRACE_DAYS} days. Log in before then to keep it.`,
      deletion_cancelled: 'Makan: you logged in, so your account will not be deleted.',
    },
    signature: 'The Makan team',
  },
  ar: {
    subject: {
      password_changed: 'تم تغيير كلمة المرور في مكان',
      password_set: 'تم تعيين كلمة مرور لحسابك في مكان',
      signed_out_everywhere: 'تم تسجيل خروجك من مكان على جميع الأجهزة',
      deletion_scheduled: 'سيُحذف حسابك في مكان',
      deletion_cancelled: 'لن يُحذف حسابك في مكان',
    },
    greeting: (name: string) => `مرحبًا ${isolate(name)}،`,
    body: {
      password_changed: 'تم تغيير كلمة مرور حسابك في مكان، وتم تسجيل الخروج من أجهزتك الأخرى.',
      password_set:
        'تم تعيين كلمة مرور لحسابك في مكان: يمكن الآن تسجيل الدخول إليه أيضًا ببريدك الإلكتروني أو هاتفك وكلمة المرور هذه. وتم تسجيل الخروج من أجهزتك الأخرى.',
      signed_out_everywhere: 'تم تسجيل خروج حسابك في مكان من جميع الأجهزة.',
      deletion_scheduled: `طلبت حذف حسابك في مكان. سيُمحى بعد ${ACCOUNT_DELETION_GRACE_DAYS} يومًا مع ملفك الشخصي وإعلاناتك وتعليقاتك وإعجاباتك ومتابعاتك، وستظهر رسائلك على أنها من حساب محذوف. للاحتفاظ بحسابك، سجّل الدخول قبل ذلك.`,
      deletion_cancelled: 'سجّلت الدخول، لذلك لن يُحذف حسابك في مكان.',
    },
    warning:
      'إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن من خلال "نسيت كلمة المرور" في صفحة تسجيل الدخول وتواصل معنا.',
    sms: {
      password_changed: 'مكان: تم تغيير كلمة المرور. لست أنت؟ أعد تعيينها الآن.',
      password_set: 'مكان: تم تعيين كلمة مرور لحسابك. لست أنت؟ أعد تعيينها الآن.',
      signed_out_everywhere: 'مكان: تم تسجيل خروج حسابك من جميع الأجهزة. لست أنت؟ أعد تعيين كلمة المرور.',
      deletion_scheduled: `مكان: سيُحذف حسابك بعد ${ACCOUNT_DELETION_GRACE_DAYS} يومًا. سجّل الدخول قبل ذلك للاحتفاظ به.`,
      deletion_cancelled: 'مكان: سجّلت الدخول، لذلك لن يُحذف حسابك.',
    },
    signature: 'فريق مكان',
  },
} as const;

export function accountEmail(language: Language, event: AccountEvent, name: string) {
  const t = TEXTS[language];
  return {
    subject: t.subject[event],
    text: [t.greeting(name), '', t.body[event], t.warning, '', t.signature].join('\n'),
  };
}

export function accountSms(language: Language, event: AccountEvent): string {
  return TEXTS[language].sms[event];
}

const CHANGED = {
  en: {
    subject: { email: 'Your Makan email address was changed', phone: 'Your Makan phone number was changed' },
    body: {
      email: (to: string) => `The email address of your Makan account was changed to ${to}.`,
      phone: (to: string) => `The phone number of your Makan account was changed to ${to}.`,
    },
    sms: {
      email: 'Makan: the email address of your account was changed. Not you? Contact us now.',
      phone: 'Makan: the phone number of your account was changed. Not you? Contact us now.',
    },
  },
  ar: {
    subject: { email: 'تم تغيير بريدك الإلكتروني في مكان', phone: 'تم تغيير رقم هاتفك في مكان' },
    body: {
      email: (to: string) => `تم تغيير البريد الإلكتروني لحسابك في مكان إلى ${to}.`,
      phone: (to: string) => `تم تغيير رقم الهاتف لحسابك في مكان إلى ${to}.`,
    },
    sms: {
      email: 'مكان: تم تغيير البريد الإلكتروني لحسابك. لست أنت؟ تواصل معنا الآن.',
      phone: 'مكان: تم تغيير رقم الهاتف لحسابك. لست أنت؟ تواصل معنا الآن.',
    },
  },
} as const;

/** To the old address after a change of email or phone. */
export function contactChangedEmail(
  language: Language,
  channel: 'email' | 'phone',
  name: string,
  to: string,
) {
  const t = TEXTS[language];
  const c = CHANGED[language];
  return {
    subject: c.subject[channel],
    text: [t.greeting(name), '', c.body[channel](to), t.warning, '', t.signature].join('\n'),
  };
}

export function contactChangedSms(language: Language, channel: 'email' | 'phone'): string {
  return CHANGED[language].sms[channel];
}

const EXPORT_READY = {
  en: {
    subject: 'Your Makan data is ready to download',
    body: (link: string, days: number) =>
      `The copy of your Makan data you asked for is ready. Log in and download it from Settings: ${link}\nThe download is available for ${days} days.`,
  },
  ar: {
    subject: 'بياناتك في مكان جاهزة للتنزيل',
    body: (link: string, days: number) =>
      `نسخة بياناتك في مكان التي طلبتها جاهزة. سجّل الدخول ونزّلها من الإعدادات: ${link}\nيبقى التنزيل متاحًا لمدة ${days} أيام.`,
  },
} as const;

/** To the owner's email when their archive is ready: a link to Settings, where they download it. */
export function exportReadyEmail(language: Language, name: string, link: string, days: number) {
  const t = TEXTS[language];
  const e = EXPORT_READY[language];
  return { subject: e.subject, text: [t.greeting(name), '', e.body(link, days), '', t.signature].join('\n') };
}
