import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LoginRequest,
  loginRequest,
  normalizeIdentifier,
  verificationRequiredResult,
} from '@makan/contract/auth';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, PasswordInput } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorText, translateMessage } from '../../../lib/messages.ts';
import { getItem } from '../../../lib/storage.ts';
import { useLogin } from '../api/login.ts';
import { type FlowState, nextVerificationPath, rememberContact, withRedirect } from '../flow.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { applyServerErrors } from '../server-errors.ts';
import { authLinkClass } from './auth-card.tsx';

type LoginOutput = z.output<typeof loginRequest>;

const FIELDS: ReadonlyArray<FieldPath<LoginRequest>> = ['identifier', 'password'];

/**
 * Login with email or phone (spec §2). An unverified account is sent to enter its code; a signed-in
 * user goes to the safe `redirect`, else home or onboarding.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest, unknown, LoginOutput>({
    resolver: zodResolver(loginRequest),
    // Coming back from signup and verification, the email is already known.
    defaultValues: { identifier: getItem('user_email') ?? '', password: '' },
  });

  const errorOf = (name: FieldPath<LoginRequest>) => {
    const message = errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = { ...values, identifier: normalizeIdentifier(values.identifier) };
    try {
      const { data, message } = await login.mutateAsync(body);
      completeSignIn(data, message, new URLSearchParams(search).get('redirect'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        const pending = verificationRequiredResult.safeParse(error.data);
        const next = pending.success ? nextVerificationPath(pending.data.verification) : null;
        if (pending.success && next) {
          rememberContact(pending.data.verification);
          const state: FlowState = { codeSentAt: Date.now(), notice: 'verificationRequired' };
          navigate(withRedirect(next, search), { state });
          return;
        }
      }
      if (error instanceof ApiError && error.kind === 'validation') {
        const others = applyServerErrors(error, FIELDS, setError);
        if (others[0]) setFormError(translateMessage(t, others[0]));
        else if (!error.errors) setFormError(apiErrorText(t, error));
        return;
      }
      setFormError(apiErrorText(t, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="login-form" className="flex flex-col gap-5">
      {formError && <Alert testId="login-error">{formError}</Alert>}
      <Input
        {...register('identifier')}
        label={t('auth.login.identifier')}
        error={errorOf('identifier')}
        autoComplete="username"
        dir="ltr"
        required
        data-testid="login-identifier"
      />
      <div className="flex flex-col gap-2">
        <PasswordInput
          {...register('password')}
          label={t('auth.login.password')}
          error={errorOf('password')}
          autoComplete="current-password"
          dir="ltr"
          required
          data-testid="login-password"
          toggleTestId="login-password-toggle"
        />
        <Link
          to="/forgot-password"
          data-testid="login-forgot-link"
          className={`self-end text-sm ${authLinkClass}`}
        >
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" loading={isSubmitting} data-testid="login-submit" className="w-full">
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
