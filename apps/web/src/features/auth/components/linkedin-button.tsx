import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LinkedInIcon } from '../../../components/ui/icons/linked-in.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { getItem, removeItem, setItem } from '../../../lib/storage.ts';
import { linkedinCallback } from '../api/linkedin-callback.ts';
import { fetchLinkedinUrl } from '../api/linkedin-url.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import {
  checkCallback,
  type LinkedinMessage,
  POPUP_NAME,
  popupFeatures,
  readLinkedinMessage,
  stateOf,
} from '../linkedin.ts';

interface Failure {
  message: string;
  detail?: string | null;
}

/**
 * 'Continue with LinkedIn': a 600 × 700 popup signs in at LinkedIn; /linkedin-callback hands the
 * result back here by postMessage; this window checks origin and state, then exchanges the code.
 */
export function LinkedInButton() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const completeSignIn = useCompleteSignIn();
  const popupRef = useRef<Window | null>(null);
  const [opening, setOpening] = useState(false);
  const [exchanging, setExchanging] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const finish = useCallback(
    async (result: LinkedinMessage) => {
      const check = checkCallback(result, getItem('social_login_state'));
      // A state is good for one attempt, whatever its outcome.
      removeItem('social_login_state');
      if (!check.ok) {
        setFailure(
          check.reason === 'state'
            ? { message: t('validation.linkedinInvalidState') }
            : { message: t('validation.linkedinFailed'), detail: check.detail },
        );
        return;
      }
      setExchanging(true);
      try {
        const { data, message } = await linkedinCallback(check.body);
        completeSignIn(data, message, new URLSearchParams(search).get('redirect'));
      } catch (error) {
        setFailure({ message: apiErrorText(t, error) });
      } finally {
        setExchanging(false);
      }
    },
    [t, completeSignIn, search],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = readLinkedinMessage(event.data);
      if (!parsed) return;
      // While a popup of ours is open, only it may answer.
      if (popupRef.current && event.source && event.source !== popupRef.current) return;
      popupRef.current = null;
      setWaiting(false);
      void finish(parsed);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [finish]);

  // A popup closed without an answer: the button works again.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (popupRef.current?.closed) {
        popupRef.current = null;
        setWaiting(false);
      }
    }, 500);
    return () => clearInterval(timer);
  }, [waiting]);

  const onClick = async () => {
    setFailure(null);
    // Opened before the request, while the click still counts as the user's: a popup opened after
    // an await is blocked by some browsers. It shows LinkedIn once the URL arrives.
    const popup = window.open('', POPUP_NAME, popupFeatures());
    if (!popup) {
      showToast(t('validation.popupBlocked'));
      return;
    }
    popupRef.current = popup;
    setOpening(true);
    try {
      const url = await fetchLinkedinUrl();
      const state = stateOf(url);
      if (state) setItem('social_login_state', state);
      else removeItem('social_login_state');
      popup.location.href = url;
      setWaiting(true);
    } catch (error) {
      popup.close();
      popupRef.current = null;
      if (error instanceof ApiError && error.status === 503) setNotConfigured(true);
      else setFailure({ message: apiErrorText(t, error) });
    } finally {
      setOpening(false);
    }
  };

  const busy = opening || exchanging;

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        onClick={onClick}
        loading={busy}
        disabled={notConfigured}
        aria-describedby={notConfigured ? 'linkedin-not-configured' : undefined}
        data-testid="linkedin-button"
        className="w-full"
      >
        {!busy && <LinkedInIcon className="size-5 text-[#0a66c2] dark:text-[#70b5f9]" />}
        {waiting ? t('auth.linkedin.waiting') : t('auth.linkedin.button')}
      </Button>
      {notConfigured && (
        <p
          id="linkedin-not-configured"
          data-testid="linkedin-not-configured"
          className="text-center text-sm text-slate-600 dark:text-slate-400"
        >
          {t('validation.linkedinNotConfigured')}
        </p>
      )}
      {failure && (
        <Alert testId="linkedin-error" detail={failure.detail}>
          {failure.message}
        </Alert>
      )}
    </div>
  );
}
