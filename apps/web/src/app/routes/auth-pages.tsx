import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyIcon } from '../../components/ui/icons/key.tsx';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { LinkedInCallback } from '../../features/auth/components/linkedin-callback.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { VerifyCode } from '../../features/auth/components/verify-code.tsx';

export function VerificationPhonePage() {
  return <VerifyCode kind="phone" />;
}

export function VerificationEmailPage() {
  return <VerifyCode kind="email" />;
}

export function ForgotOtpPage() {
  return <VerifyCode kind="reset" />;
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className={authLinkClass}>
      {t('auth.backToLogin')}
    </Link>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      description={t('auth.forgot.text')}
      icon={<KeyIcon className="size-6" />}
      testId="forgot-password-page"
      footer={<BackToLogin />}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.reset.title')}
      description={t('auth.reset.text')}
      icon={<KeyIcon className="size-6" />}
      testId="reset-password-page"
      footer={<BackToLogin />}
    >
      <ResetPasswordForm />
    </AuthCard>
  );
}

export function LinkedInCallbackPage() {
  return <LinkedInCallback />;
}
