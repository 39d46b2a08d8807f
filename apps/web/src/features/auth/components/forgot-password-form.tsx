import { forgotPasswordRequest } from '@makan/contract/auth';
import { normalizeIdentifier } from '@makan/contract/identifier';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  apiErrorText,
  asFieldError,
  fieldErrorMessage,
  firstFieldMessages,
  translateMessage,
} from '../../../lib/messages.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { type FlowState, rememberResetIdentifier } from '../flow.ts';

type ForgotInput = z.input<typeof forgotPasswordRequest>;
type ForgotOutput = z.output<typeof forgotPasswordRequest>;

/** Step 1 of the reset flow: where to send the reset code. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: contractResolver(forgotPasswordRequest),
    defaultValues: { identifier: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const identifier = normalizeIdentifier(values.identifier);
    try {
      const { message } = await forgot.mutateAsync({ identifier });
      rememberResetIdentifier(identifier);
      showToast(translateMessage(t, message ?? TEXT.otpSent), 'success');
      navigate('/forgot-otp', { state: { codeSentAt: Date.now() } satisfies FlowState });
    } catch (error) {
      const fieldMessage = firstFieldMessages(error).identifier;
      if (fieldMessage) setError('identifier', asFieldError(fieldMessage), { shouldFocus: true });
      // A 422 here means no account has that identifier: say what to do (spec §8).
      const notFound = error instanceof ApiError && error.kind === 'validation';
      setFormError(notFound ? t('validation.resetNotFound') : apiErrorText(t, error));
    }
  });

  const identifierError = fieldErrorMessage(errors.identifier);

  return (
    <form noValidate onSubmit={onSubmit} data-testid="forgot-form" className="flex flex-col gap-5">
      {formError && <Alert testId="forgot-error">{formError}</Alert>}
      <Input
        {...register('identifier')}
        label={t('auth.forgot.identifier')}
        error={identifierError ? translateMessage(t, identifierError) : undefined}
        autoComplete="username"
        dir="ltr"
        required
        data-testid="forgot-identifier"
      />
      <Button type="submit" loading={isSubmitting} data-testid="forgot-submit" className="w-full">
        {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
