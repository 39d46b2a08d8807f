import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthCard, authLinkClass, OrDivider } from '../../features/auth/components/auth-card.tsx';
import { LinkedInButton } from '../../features/auth/components/linkedin-button.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
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
