import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './field.tsx';

interface NewPasswordFieldsProps {
  /** `register('password')` and `register('password_confirmation')` of the form. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  labels: { password: string; confirmation: string };
  errors: { password?: string | undefined; confirmation?: string | undefined };
  /** The boxes' test ids: `<testId>` and `<testId>-confirmation` (their Show buttons: `-toggle`). */
  testId: string;
}

/** A new password and its confirmation, with the signup's rules as the hint (reset, change). */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
  errors,
  testId,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        {...password}
        label={labels.password}
        error={errors.password}
        hint={t('auth.signup.passwordHint')}
        autoComplete="new-password"
        dir="ltr"
        required
        requiredMark
        data-testid={testId}
        toggleTestId={`${testId}-toggle`}
      />
      <PasswordInput
        {...confirmation}
        label={labels.confirmation}
        error={errors.confirmation}
        autoComplete="new-password"
        dir="ltr"
        required
        requiredMark
        data-testid={`${testId}-confirmation`}
        toggleTestId={`${testId}-confirmation-toggle`}
      />
    </>
  );
}
