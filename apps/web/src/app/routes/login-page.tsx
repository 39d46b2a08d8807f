import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthCard, authLinkClass, OrDivider } from '../../features/auth/components/auth-card.tsx';
import { LinkedInButton } from '../../features/auth/components/linkedin-button.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { withRedirect } from '../../features/auth/flow.ts';

/** /login: its own chunk, the smallest a signed-out visitor can land on. */
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
