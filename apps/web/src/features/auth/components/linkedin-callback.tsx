import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkedInIcon } from '../../../components/ui/icons/linked-in.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { getItem, removeItem } from '../../../lib/storage.ts';
import { linkedinCallback } from '../api/linkedin-callback.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { callbackParams, checkCallback, isCallback, sameOriginOpener } from '../linkedin.ts';
import { AuthCard, authLinkClass } from './auth-card.tsx';

type Outcome =
  | { kind: 'working' }
  | { kind: 'handed-over' }
  | { kind: 'idle' }
  | { kind: 'failed'; message: string; detail?: string | null };

/**
 * /linkedin-callback: where LinkedIn returns (code and state, or error and error_description).
 * In the popup it hands the result to the window that opened it and closes; opened on its own
 * (no opener), it checks the state and signs in itself.
 */
export function LinkedInCallback() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const handled = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    isCallback(callbackParams(params)) ? { kind: 'working' } : { kind: 'idle' },
  );

  useEffect(() => {
    const result = callbackParams(params);
    // Once per visit: the code is single-use (and development mode runs effects twice).
    if (handled.current || !isCallback(result)) return;
    handled.current = true;

    const opener = sameOriginOpener();
    if (opener) {
      opener.postMessage(result, window.location.origin);
      setOutcome({ kind: 'handed-over' });
      window.close();
      return;
    }

    const check = checkCallback(result, getItem('social_login_state'));
    removeItem('social_login_state');
    if (!check.ok) {
      setOutcome(
        check.reason === 'state'
          ? { kind: 'failed', message: t('validation.linkedinInvalidState') }
          : { kind: 'failed', message: t('validation.linkedinFailed'), detail: check.detail },
      );
      return;
    }
    linkedinCallback(check.body).then(
      ({ data, message }) => completeSignIn(data, message, null),
      (error: unknown) => setOutcome({ kind: 'failed', message: apiErrorText(t, error) }),
    );
  }, [params, t, completeSignIn]);

  return (
    <AuthCard
      title={t('auth.linkedin.callbackTitle')}
      icon={<LinkedInIcon className="size-6" />}
      testId="linkedin-callback-page"
    >
      <div
        className="flex flex-col items-center gap-4 text-center"
        data-testid={`linkedin-callback-${outcome.kind}`}
      >
        {outcome.kind === 'working' && (
          <>
            <Spinner size="lg" className="text-primary-700 dark:text-primary-300" />
            <p className="text-slate-700 dark:text-slate-300">{t('auth.linkedin.callbackText')}</p>
          </>
        )}
        {outcome.kind === 'handed-over' && (
          <p className="text-slate-700 dark:text-slate-300">{t('auth.linkedin.handedOver')}</p>
        )}
        {outcome.kind === 'idle' && (
          <>
            <p className="text-slate-700 dark:text-slate-300">{t('auth.linkedin.nothing')}</p>
            <Link to="/login" className={authLinkClass}>
              {t('auth.backToLogin')}
            </Link>
          </>
        )}
        {outcome.kind === 'failed' && (
          <>
            <Alert testId="linkedin-callback-error" detail={outcome.detail} className="w-full text-start">
              {outcome.message}
            </Alert>
            <Link to="/login" className={authLinkClass}>
              {t('auth.backToLogin')}
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
