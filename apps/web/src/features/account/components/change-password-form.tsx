import { changePasswordRequest } from '@makan/contract/account';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/field.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorText, fieldErrorMessage, translateMessage } from '../../../lib/messages.ts';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

type Input = z.input<typeof changePasswordRequest>;
type Output = z.output<typeof changePasswordRequest>;

const FIELDS: ReadonlyArray<FieldPath<Input>> = ['current_password', 'password', 'password_confirmation'];
const resolver = contractResolver(changePasswordRequest);
const EMPTY: Input = { current_password: '', password: '', password_confirmation: '' };

/** Settings: a new password, the current one asked again; the server signs out every other device. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver, defaultValues: EMPTY });

  const errorOf = (name: FieldPath<Input>) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await change.mutateAsync(values);
      reset(EMPTY);
      showToast(translateMessage(t, message ?? TEXT.passwordChanged), 'success');
    } catch (error) {
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
    <form noValidate onSubmit={onSubmit} data-testid="change-password-form" className="flex flex-col gap-4">
      <p className="text-slate-600 dark:text-slate-300">{t('account.passwordText')}</p>
      {formError && <Alert testId="change-password-error">{formError}</Alert>}
      <CurrentPasswordInput
        {...register('current_password')}
        error={errorOf('current_password')}
        data-testid="current-password"
        toggleTestId="current-password-toggle"
      />
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        labels={{ password: t('account.newPassword'), confirmation: t('account.confirmPassword') }}
        errors={{ password: errorOf('password'), confirmation: errorOf('password_confirmation') }}
        testId="new-password"
      />
      <div>
        <Button type="submit" loading={isSubmitting} data-testid="change-password-submit">
          {isSubmitting ? t('account.passwordSubmitting') : t('account.passwordSubmit')}
        </Button>
      </div>
    </form>
  );
}
