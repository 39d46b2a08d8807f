import { registerRequest, type UserType, type VerificationMethod } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { Input, PasswordInput } from '../../../components/ui/field.tsx';
import { CraneIcon } from '../../../components/ui/icons/crane.tsx';
import { MailIcon } from '../../../components/ui/icons/mail.tsx';
import { PhoneIcon } from '../../../components/ui/icons/phone.tsx';
import { ShieldCheckIcon } from '../../../components/ui/icons/shield-check.tsx';
import { StoreIcon } from '../../../components/ui/icons/store.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { fieldErrorMessage, translateMessage } from '../../../lib/messages.ts';
import { formFailureText } from '../../../lib/server-errors.ts';
import { useRegister } from '../api/register.ts';
import { nextVerificationPath, rememberContact, withRedirect } from '../flow.ts';
import { withPasswordMatch } from '../password-match.ts';
import { authLinkClass } from './auth-card.tsx';

type SignupInput = z.input<typeof registerRequest>;
type SignupOutput = z.output<typeof registerRequest>;

const FIELDS: ReadonlyArray<FieldPath<SignupInput>> = [
  'name',
  'phone',
  'email',
  'password',
  'password_confirmation',
  'user_type',
  'verification_method',
];

const resolver = withPasswordMatch(contractResolver(registerRequest));

/** Registration (spec §2, §5): the contract's schema and texts, then on to the code entry. */
export function SignupForm() {
  const { t, i18n } = useTranslation();
  // The language the page is shown in: codes and emails are then sent in it.
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const navigate = useNavigate();
  const { search } = useLocation();
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver,
    defaultValues: {
      name: '',
      phone: '',
      email: '',
      password: '',
      password_confirmation: '',
      verification_method: 'email',
    },
  });

  const errorOf = (name: FieldPath<SignupInput>) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data, message } = await registerAccount.mutateAsync({ ...values, language });
      rememberContact(data.verification);
      showToast(translateMessage(t, message ?? TEXT.registerSuccess), 'success');
      const next = nextVerificationPath(data.verification) ?? '/login';
      navigate(withRedirect(next, search), { state: { codeSentAt: Date.now() } });
    } catch (error) {
      setFormError(formFailureText(error, FIELDS, setError, t));
    }
  });

  const field = (name: FieldPath<SignupInput>, testId: string) => ({
    ...register(name),
    error: errorOf(name),
    required: true,
    requiredMark: true,
    'data-testid': testId,
  });

  const userTypes: Array<{ value: UserType; icon: ReactNode }> = [
    { value: 'retail', icon: <StoreIcon /> },
    { value: 'developer', icon: <CraneIcon /> },
  ];
  const methods: Array<{ value: VerificationMethod; icon: ReactNode }> = [
    { value: 'email', icon: <MailIcon className="size-4" /> },
    { value: 'phone', icon: <PhoneIcon className="size-4" /> },
    { value: 'both', icon: <ShieldCheckIcon className="size-4" /> },
  ];

  return (
    <form noValidate onSubmit={onSubmit} data-testid="signup-form" className="flex flex-col gap-5">
      {formError && <Alert testId="signup-error">{formError}</Alert>}
      <Input {...field('name', 'signup-name')} label={t('auth.signup.name')} autoComplete="name" dir="auto" />
      <Input
        {...field('phone', 'signup-phone')}
        label={t('auth.signup.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        hint={t('auth.signup.phoneHint')}
      />
      <Input
        {...field('email', 'signup-email')}
        label={t('auth.signup.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
      />
      <PasswordInput
        {...field('password', 'signup-password')}
        label={t('auth.signup.password')}
        autoComplete="new-password"
        dir="ltr"
        hint={t('auth.signup.passwordHint')}
        toggleTestId="signup-password-toggle"
      />
      <PasswordInput
        {...field('password_confirmation', 'signup-password-confirmation')}
        label={t('auth.signup.confirmPassword')}
        autoComplete="new-password"
        dir="ltr"
        toggleTestId="signup-password-confirmation-toggle"
      />
      <Controller
        control={control}
        name="user_type"
        render={({ field: { value, onChange, onBlur, ref } }) => (
          <ChoiceCards<UserType>
            testId="signup-user-type"
            legend={t('auth.signup.userType')}
            name="user_type"
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            ref={ref}
            error={errorOf('user_type')}
            requiredMark
            choices={userTypes.map(({ value: type, icon }) => ({
              value: type,
              icon,
              title: t(`auth.userTypes.${type}.title`),
              description: t(`auth.userTypes.${type}.text`),
            }))}
          />
        )}
      />
      <Controller
        control={control}
        name="verification_method"
        render={({ field: { value, onChange } }) => (
          <ChoiceGroup<VerificationMethod>
            testId="signup-verify-by"
            legend={t('auth.signup.verifyBy')}
            hint={t('auth.signup.verifyByHint')}
            name="verification_method"
            value={value ?? 'email'}
            onChange={onChange}
            columns={3}
            choices={methods.map(({ value: method, icon }) => ({
              value: method,
              icon,
              label: t(`auth.methods.${method}`),
            }))}
          />
        )}
      />
      <Button type="submit" loading={isSubmitting} data-testid="signup-submit" className="mt-1 w-full">
        {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        {t('auth.signup.terms')}{' '}
        <Link to="/terms-of-service" className={authLinkClass}>
          {t('footer.terms')}
        </Link>
      </p>
    </form>
  );
}
