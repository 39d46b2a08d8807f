import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { KeyIcon } from '../../components/ui/icons.tsx';
import { AuthCard, authLinkClass, OrDivider } from '../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { LinkedInButton } from '../../features/auth/components/linkedin-button.tsx';
import { LinkedInCallback } from '../../features/auth/components/linkedin-callback.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { VerifyCode } from '../../features/auth/components/verify-code.tsx';
import { withRedirect } from '../../features/auth/flow.ts';

export function SignupPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <AuthCard
      wide
      title={t('auth.signup.title')}
      description={t('auth.signup.text')}
      testId="signup-page"
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to={withRedirect('/login', search)} data-testid="signup-login-link" className={authLinkClass}>
            {t('nav.login')}
          </Link>
        </>
      }
    >
      <SignupForm />
      <OrDivider />
      <LinkedInButton />
    </AuthCard>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <AuthCard
      title={t('auth.login.title')}
      description={t('auth.login.text')}
      testId="login-page"
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link
            to={withRedirect('/signup', search)}
            data-testid="login-signup-link"
            className={authLinkClass}
          >
            {t('nav.signup')}
          </Link>
        </>
      }
    >
      <LoginForm />
      <OrDivider />
      <LinkedInButton />
    </AuthCard>
  );
}

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
