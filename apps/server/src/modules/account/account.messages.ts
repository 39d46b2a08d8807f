import type { Language } from '@makan/contract/auth';

/** The notices of account changes, in the user's language: an email (subject and body) and an SMS. */

export type AccountEvent = 'password_changed' | 'signed_out_everywhere';

const TEXTS = {
  en: {
    subject: {
      password_changed: 'Your Makan password was changed',
      signed_out_everywhere: 'You were signed out of Makan on all devices',
    },
    greeting: (name: string) => `Hello ${name},`,
    body: {
      password_changed: 'The password of your Makan account was changed. Your other devices were signed out.',
      signed_out_everywhere: 'Your Makan account was signed out of every device.',
    },
    warning:
      'If this was not you, reset your password now with "Forgot password" on the login page and contact us.',
    sms: {
      password_changed: 'Makan: your password was changed. Not you? Reset it now.',
      signed_out_everywhere:
        'Makan: your account was signed out of all devices. Not you? Reset your password.',
    },
    signature: 'The Makan team',
  },
  ar: {
    subject: {
      password_changed: 'تم تغيير كلمة المرور في مكان',
      signed_out_everywhere: 'تم تسجيل خروجك من مكان على جميع الأجهزة',
    },
    greeting: (name: string) => `مرحبًا ${name}،`,
    body: {
      password_changed: 'تم تغيير كلمة مرور حسابك في مكان، وتم تسجيل الخروج من أجهزتك الأخرى.',
      signed_out_everywhere: 'تم تسجيل خروج حسابك في مكان من جميع الأجهزة.',
    },
    warning:
      'إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن من خلال "نسيت كلمة المرور" في صفحة تسجيل الدخول وتواصل معنا.',
    sms: {
      password_changed: 'مكان: تم تغيير كلمة المرور. لست أنت؟ أعد تعيينها الآن.',
      signed_out_everywhere: 'مكان: تم تسجيل خروج حسابك من جميع الأجهزة. لست أنت؟ أعد تعيين كلمة المرور.',
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
