import { type OtpType, otpCodeField } from '@makan/contract/auth';
import { LIMITS } from '@makan/contract/limits';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { KeyIcon } from '../../../components/ui/icons/key.tsx';
import { MailIcon } from '../../../components/ui/icons/mail.tsx';
import { PhoneIcon } from '../../../components/ui/icons/phone.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  apiErrorText,
  asFieldError,
  fieldErrorMessage,
  firstFieldMessages,
  isText,
  translateMessage,
} from '../../../lib/messages.ts';
import { getItem, setSessionItem } from '../../../lib/storage.ts';
import { resendVerification } from '../api/resend-verification.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';
import {
  type FlowState,
  maskEmail,
  maskPhone,
  nextVerificationPath,
  readFlowState,
  resetIdentifier,
  withRedirect,
} from '../flow.ts';
import { formatCountdown, useCountdown } from '../hooks/use-countdown.ts';
import { AuthCard, authLinkClass } from './auth-card.tsx';

/** Which code this screen takes: the email or phone code of a new account, or a password-reset code. */
export type CodeKind = 'email' | 'phone' | 'reset';

const RESEND_SECONDS = LIMITS.verificationResendMs / 1000;

const codeForm = z.object({ code: otpCodeField });
type CodeInput = z.input<typeof codeForm>;
type CodeOutput = z.output<typeof codeForm>;

function identifierFor(kind: CodeKind): string | null {
  if (kind === 'email') return getItem('user_email');
  if (kind === 'phone') return getItem('user_phone');
  return resetIdentifier();
}

function masked(identifier: string): string {
  return identifier.includes('@') ? maskEmail(identifier) : maskPhone(identifier);
}

/** Seconds a 429 asks to wait: its Retry-After header, else the seconds its text was given. */
function retrySeconds(error: ApiError): number {
  if (error.retryAfter != null) return error.retryAfter;
  const seconds = error.code === 'otpResendWait' ? Number(error.params?.seconds) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : RESEND_SECONDS;
}

const TITLES = {
  email: 'auth.verify.emailTitle',
  phone: 'auth.verify.phoneTitle',
  reset: 'auth.verify.resetTitle',
} as const;
const ICONS = { email: MailIcon, phone: PhoneIcon, reset: KeyIcon };

/**
 * The code-entry screens: /verification-email, /verification (spec §4: email or both → email code
 * first, then the phone code for both; then login) and /forgot-otp (then the new password).
 */
export function VerifyCode({ kind }: { kind: CodeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const flow = readFlowState(location.state);
  const [identifier] = useState(() => identifierFor(kind));
  const verify = useVerifyOtp();
  const countdown = useCountdown(flow.codeSentAt ? flow.codeSentAt + RESEND_SECONDS * 1000 : null);
  const [resending, setResending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** Where to go when the identifier itself is the problem (unknown, or already verified). */
  const [way, setWay] = useState<'/signup' | '/login' | '/forgot-password' | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput, unknown, CodeOutput>({
    resolver: contractResolver(codeForm),
    defaultValues: { code: '' },
  });
  const type: OtpType = kind === 'reset' ? 'password_reset' : 'registration';
  const Icon = ICONS[kind];
  const title = t(TITLES[kind]);

  if (!identifier) {
    return (
      <AuthCard title={title} icon={<Icon className="size-6" />} testId={`verify-${kind}-page`}>
        <Alert
          tone="info"
          testId="otp-missing"
          actions={
            kind === 'reset' ? (
              <Link to="/forgot-password" className={authLinkClass}>
                {t('auth.forgot.title')}
              </Link>
            ) : (
              <>
                <Link to="/signup" className={authLinkClass}>
                  {t('nav.signup')}
                </Link>
                <Link to="/login" className={authLinkClass}>
                  {t('nav.login')}
                </Link>
              </>
            )
          }
        >
          {kind === 'reset' ? t('auth.verify.missingReset') : t('auth.verify.missing')}
        </Alert>
      </AuthCard>
    );
  }

  const showFailure = (error: unknown) => {
    const fields = firstFieldMessages(error);
    if (fields.identifier) {
      const verified = isText(fields.identifier, 'alreadyVerified');
      setWay(verified ? '/login' : kind === 'reset' ? '/forgot-password' : '/signup');
      setFormError(translateMessage(t, fields.identifier));
    } else if (fields.code) {
      setValue('code', '');
      setError('code', asFieldError(fields.code));
      setFocus('code');
    } else if (error instanceof ApiError) {
      setFormError(apiErrorText(t, error));
    } else {
      setFormError(t('validation.verificationFailed'));
    }
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    setWay(null);
    setResent(null);
    try {
      const { data, message } = await verify.mutateAsync({ identifier, code, type });
      if (kind === 'reset') {
        if (!data.reset_token) throw new Error('No reset token in the answer');
        setSessionItem('reset_token', data.reset_token);
        showToast(translateMessage(t, message ?? TEXT.resetCodeVerified), 'success');
        navigate('/reset-password', { replace: true });
        return;
      }
      const next = data.verification ? nextVerificationPath(data.verification) : null;
      const here = kind === 'email' ? '/verification-email' : '/verification';
      showToast(translateMessage(t, message ?? TEXT.accountVerified), 'success');
      if (next && next !== here) {
        // 'both': the other code is still to come (it was sent with the first one).
        navigate(withRedirect(next, location.search), { replace: true, state: {} satisfies FlowState });
        return;
      }
      navigate(withRedirect('/login', location.search), { replace: true });
    } catch (error) {
      showFailure(error);
    }
  });

  const onResend = async () => {
    setFormError(null);
    setWay(null);
    setResent(null);
    setResending(true);
    try {
      const { data, message } = await resendVerification({ identifier, type });
      countdown.start(data.retry_after_seconds || RESEND_SECONDS);
      setResent(translateMessage(t, message ?? TEXT.otpSent));
      setValue('code', '');
      setFocus('code');
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) countdown.start(retrySeconds(error));
      showFailure(error);
    } finally {
      setResending(false);
    }
  };

  const codeError = fieldErrorMessage(errors.code);
  const target = masked(identifier);

  return (
    <AuthCard
      title={title}
      icon={<Icon className="size-6" />}
      testId={`verify-${kind}-page`}
      description={
        <>
          {t('auth.verify.sentTo')}{' '}
          <bdi
            dir="ltr"
            data-testid="otp-target"
            className="font-semibold text-slate-900 dark:text-slate-100"
          >
            {target}
          </bdi>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="otp-form">
        {flow.notice === 'verificationRequired' && (
          <Alert tone="info" testId="otp-notice">
            {t('validation.verificationRequired')}
          </Alert>
        )}
        {formError && (
          <Alert
            testId="otp-error"
            actions={
              way ? (
                <Link to={way} className={authLinkClass}>
                  {way === '/login'
                    ? t('nav.login')
                    : way === '/signup'
                      ? t('nav.signup')
                      : t('auth.forgot.title')}
                </Link>
              ) : undefined
            }
          >
            {formError}
          </Alert>
        )}
        {resent && (
          <Alert tone="success" testId="otp-resent">
            {resent}
          </Alert>
        )}
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <OtpInput
              label={t('auth.verify.code')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={codeError ? translateMessage(t, codeError) : undefined}
              autoFocus
            />
          )}
        />
        <Button type="submit" loading={isSubmitting} data-testid="otp-submit" className="w-full">
          {isSubmitting ? t('auth.verify.submitting') : t('auth.verify.submit')}
        </Button>
        <div className="flex flex-col items-center gap-1 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('auth.verify.noCode')}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={onResend}
            loading={resending}
            disabled={countdown.remaining > 0}
            data-testid="otp-resend"
            className="text-primary-700 dark:text-primary-300"
          >
            {countdown.remaining > 0
              ? t('auth.verify.resendIn', { time: formatCountdown(countdown.remaining) })
              : resending
                ? t('auth.verify.resending')
                : t('auth.verify.resend')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
