import { resetPasswordRequest } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { fieldErrorMessage, firstFieldMessages, translateMessage } from '../../../lib/messages.ts';
import { formFailureText } from '../../../lib/server-errors.ts';
import { getSessionItem, removeItem, removeSessionItem } from '../../../lib/storage.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { withPasswordMatch } from '../password-match.ts';
import { authLinkClass } from './auth-card.tsx';

type ResetInput = z.input<typeof resetPasswordRequest>;
type ResetOutput = z.output<typeof resetPasswordRequest>;

const FIELDS: ReadonlyArray<FieldPath<ResetInput>> = ['password', 'password_confirmation'];
const resolver = withPasswordMatch(contractResolver(resetPasswordRequest));

function ExpiredNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      testId="reset-expired"
      actions={
        <Link to="/forgot-password" className={authLinkClass}>
          {t('auth.forgot.title')}
        </Link>
      }
    >
      {t('validation.resetTokenInvalid')}
    </Alert>
  );
}

/** The last step of the reset flow: a new password, with the reset token kept in sessionStorage. */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [token, setToken] = useState(() => getSessionItem('reset_token'));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({
    resolver,
    defaultValues: { reset_token: token ?? '', password: '', password_confirmation: '' },
  });

  if (!token) return <ExpiredNotice />;

  const errorOf = (name: FieldPath<ResetInput>) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await reset.mutateAsync(values);
      removeSessionItem('reset_token');
      removeItem('user_email', 'user_phone');
      showToast(translateMessage(t, message ?? TEXT.passwordReset), 'success');
      navigate('/login', { replace: true });
    } catch (error) {
      if (firstFieldMessages(error).reset_token) {
        // Expired or already used: only a new code helps.
        removeSessionItem('reset_token');
        setToken(null);
        return;
      }
      setFormError(formFailureText(error, FIELDS, setError, t));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="reset-form" className="flex flex-col gap-5">
      {formError && <Alert testId="reset-error">{formError}</Alert>}
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        labels={{ password: t('auth.reset.password'), confirmation: t('auth.reset.confirmPassword') }}
        errors={{ password: errorOf('password'), confirmation: errorOf('password_confirmation') }}
        testId="reset-password"
      />
      <Button type="submit" loading={isSubmitting} data-testid="reset-submit" className="w-full">
        {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
