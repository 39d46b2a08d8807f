import { changePasswordRequest } from '@makan/contract/account';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { type FieldPath, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { fieldErrorMessage, translateMessage } from '../../../lib/messages.ts';
import { formFailureText } from '../../../lib/server-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { IdentityProof } from './identity-proof.tsx';

type Input = z.input<typeof changePasswordRequest>;
type Output = z.output<typeof changePasswordRequest>;

const FIELDS: ReadonlyArray<FieldPath<Input>> = [
  'current_password',
  'code',
  'password',
  'password_confirmation',
];
const resolver = contractResolver(changePasswordRequest);
const EMPTY: Input = { current_password: '', code: '', password: '', password_confirmation: '' };

/**
 * Settings: a new password, the current one asked again (or, for an account without one, its first
 * password, with a code sent to its email); the server signs out every other device.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const withPassword = useCurrentUser().data?.has_password ?? true;
  const [formError, setFormError] = useState<string | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver, defaultValues: EMPTY });
  const currentPassword = useController({ control, name: 'current_password' });
  const code = useController({ control, name: 'code' });

  const errorOf = (name: FieldPath<Input>) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { current_password, code, ...passwords } = values;
      const proof = withPassword ? { current_password } : { code };
      const { message } = await change.mutateAsync({ ...proof, ...passwords });
      reset(EMPTY);
      setCodeSentTo(null);
      showToast(translateMessage(t, message ?? TEXT.passwordChanged), 'success');
    } catch (error) {
      setFormError(formFailureText(error, FIELDS, setError, t));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="change-password-form" className="flex flex-col gap-4">
      <p className="text-slate-600 dark:text-slate-300">
        {withPassword ? t('account.passwordText') : t('account.passwordSetText')}
      </p>
      {formError && <Alert testId="change-password-error">{formError}</Alert>}
      <IdentityProof
        action="password"
        password={currentPassword.field.value ?? ''}
        onPassword={currentPassword.field.onChange}
        code={code.field.value ?? ''}
        onCode={code.field.onChange}
        codeSentTo={codeSentTo}
        onCodeSent={setCodeSentTo}
        error={errorOf('current_password') ?? errorOf('code')}
        testId="current"
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
          {withPassword
            ? isSubmitting
              ? t('account.passwordSubmitting')
              : t('account.passwordSubmit')
            : isSubmitting
              ? t('account.passwordSetSubmitting')
              : t('account.passwordSetSubmit')}
        </Button>
      </div>
    </form>
  );
}
