import type { Language } from '@makan/contract/auth';
import { isolate } from '../../lib/bidi.ts';
import type { Purpose } from './auth.repository.ts';

/** The words of the code messages, in the user's language. Email gets a subject and a plain-text body. */

const TEXTS = {
  en: {
    subject: {
      registration: 'Your Makan verification code',
      password_reset: 'Your Makan password reset code',
      contact_change: 'Confirm your new Makan contact details',
      unlock: 'Your Makan sign-in code',
      account_deletion: 'Your code to delete your Makan account',
      account_password: 'Your code to set a Makan password',
      account_contact: 'Your code to change your Makan contact details',
    },
    greeting: (name: string) => `Hello ${isolate(name)},`,
    body: {
      registration: (code: string) => `Your Makan verification code is ${code}.`,
      password_reset: (code: string) => `Your Makan password reset code is ${code}.`,
      contact_change: (code: string) =>
        `Your code to confirm this address for your Makan account is ${code}.`,
      unlock: (code: string) =>
        `Your account was locked after too many wrong passwords. To sign in now, enter the code ${code} with your password.`,
      account_deletion: (code: string) =>
        `Your code to delete your Makan account is ${code}. If you did not ask to delete your account, do not share it and sign in to check your settings.`,
      account_password: (code: string) =>
        `Your code to set a password for your Makan account is ${code}. If you did not ask for it, do not share it and sign in to check your settings.`,
      account_contact: (code: string) =>
        `Your code to change the email or phone of your Makan account is ${code}. If you did not ask for it, do not share it and sign in to check your settings.`,
    },
    validity: 'It is valid for 10 minutes. If you did not ask for it, you can ignore this message.',
    sms: {
      registration: (code: string) => `Makan: your verification code is ${code}. Valid for 10 minutes.`,
      password_reset: (code: string) => `Makan: your password reset code is ${code}. Valid for 10 minutes.`,
      contact_change: (code: string) =>
        `Makan: your code to confirm this number is ${code}. Valid for 10 minutes.`,
      unlock: (code: string) => `Makan: your sign-in code is ${code}. Valid for 10 minutes.`,
      account_deletion: (code: string) =>
        `Makan: your code to delete your account is ${code}. Valid for 10 minutes.`,
      account_password: (code: string) =>
        `Makan: your code to set a password is ${code}. Valid for 10 minutes.`,
      account_contact: (code: string) =>
        `Makan: your code to change your contact details is ${code}. Valid for 10 minutes.`,
    },
    signature: 'The Makan team',
  },
  ar: {
    subject: {
      registration: 'رمز التحقق الخاص بك في مكان',
      password_reset: 'رمز إعادة تعيين كلمة المرور في مكان',
      contact_change: 'تأكيد بيانات التواصل الجديدة في مكان',
      unlock: 'رمز تسجيل الدخول إلى مكان',
      account_deletion: 'رمز حذف حسابك في مكان',
      account_password: 'رمز تعيين كلمة مرور في مكان',
      account_contact: 'رمز تغيير بيانات التواصل في مكان',
    },
    greeting: (name: string) => `مرحبًا ${isolate(name)}،`,
    body: {
      registration: (code: string) => `رمز التحقق الخاص بك في مكان هو ${code}.`,
      password_reset: (code: string) => `رمز إعادة تعيين كلمة المرور في مكان هو ${code}.`,
      contact_change: (code: string) => `رمز تأكيد هذا العنوان لحسابك في مكان هو ${code}.`,
      unlock: (code: string) =>
        `تم قفل حسابك بعد محاولات كثيرة بكلمة مرور خاطئة. لتسجيل الدخول الآن، أدخل الرمز ${code} مع كلمة المرور.`,
      account_deletion: (code: string) =>
        `رمز حذف حسابك في مكان هو ${code}. إن لم تطلب حذف حسابك فلا تشاركه مع أحد وسجّل الدخول لمراجعة إعداداتك.`,
      account_password: (code: string) =>
        `رمز تعيين كلمة مرور لحسابك في مكان هو ${code}. إن لم تطلبه فلا تشاركه مع أحد وسجّل الدخول لمراجعة إعداداتك.`,
      account_contact: (code: string) =>
        `رمز تغيير البريد الإلكتروني أو الهاتف لحسابك في مكان هو ${code}. إن لم تطلبه فلا تشاركه مع أحد وسجّل الدخول لمراجعة إعداداتك.`,
    },
    validity: 'الرمز صالح لمدة 10 دقائق. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
    sms: {
      registration: (code: string) => `مكان: رمز التحقق الخاص بك هو ${code}. صالح لمدة 10 دقائق.`,
      password_reset: (code: string) => `مكان: رمز إعادة تعيين كلمة المرور هو ${code}. صالح لمدة 10 دقائق.`,
      contact_change: (code: string) => `مكان: رمز تأكيد هذا الرقم هو ${code}. صالح لمدة 10 دقائق.`,
      unlock: (code: string) => `مكان: رمز تسجيل الدخول هو ${code}. صالح لمدة 10 دقائق.`,
      account_deletion: (code: string) => `مكان: رمز حذف حسابك هو ${code}. صالح لمدة 10 دقائق.`,
      account_password: (code: string) => `مكان: رمز تعيين كلمة المرور هو ${code}. صالح لمدة 10 دقائق.`,
      account_contact: (code: string) => `مكان: رمز تغيير بيانات التواصل هو ${code}. صالح لمدة 10 دقائق.`,
    },
    signature: 'فريق مكان',
  },
} as const;

export function codeEmail(language: Language, purpose: Purpose, name: string, code: string) {
  const t = TEXTS[language];
  return {
    subject: t.subject[purpose],
    text: [t.greeting(name), '', t.body[purpose](code), t.validity, '', t.signature].join('\n'),
  };
}

export function codeSms(language: Language, purpose: Purpose, code: string): string {
  return TEXTS[language].sms[purpose](code);
}

const LOCKED = {
  en: {
    subject: 'Your Makan account was locked',
    body: 'Someone entered a wrong password for your Makan account ten times today, so it is locked for 15 minutes. If it was you, you can sign in now with a code: choose "Send me a sign-in code" on the login page. If it was not you, your account is safe; consider changing your password.',
    sms: 'Makan: your account was locked after 10 wrong passwords. Sign in with a code from the login page.',
  },
  ar: {
    subject: 'تم قفل حسابك في مكان',
    body: 'أدخل أحدهم كلمة مرور خاطئة لحسابك في مكان عشر مرات اليوم، لذا تم قفله لمدة 15 دقيقة. إذا كنت أنت، يمكنك تسجيل الدخول الآن برمز: اختر "أرسل لي رمز تسجيل الدخول" في صفحة تسجيل الدخول. إذا لم تكن أنت، فحسابك آمن؛ فكّر في تغيير كلمة المرور.',
    sms: 'مكان: تم قفل حسابك بعد 10 محاولات بكلمة مرور خاطئة. سجّل الدخول برمز من صفحة تسجيل الدخول.',
  },
} as const;

/** To the owner when wrong passwords lock the account. */
export function lockedEmail(language: Language, name: string) {
  const t = TEXTS[language];
  const l = LOCKED[language];
  return { subject: l.subject, text: [t.greeting(name), '', l.body, '', t.signature].join('\n') };
}

export function lockedSms(language: Language): string {
  return LOCKED[language].sms;
}
