import { type ContactRequest, contactRequest } from '@makan/contract/contact';
import { TEXT } from '@makan/contract/texts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Textarea } from '../../../components/ui/field.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  asFieldError,
  fieldErrorMessage,
  firstFieldMessages,
  translateMessage,
} from '../../../lib/messages.ts';
import { useSendContact } from '../api/send-contact.ts';

const EMPTY: ContactRequest = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };
const FIELDS = contactRequest.keyof().options;

function isContactField(name: string): name is FieldPath<ContactRequest> {
  return FIELDS.some((field) => field === name);
}

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** The contact form of spec §5: the contract's schema on both ends, its texts in either language. */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContact();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequest>({ resolver: contractResolver(contactRequest), defaultValues: EMPTY });

  const errorOf = (name: FieldPath<ContactRequest>) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { message } = await send.mutateAsync(values);
      reset(EMPTY);
      setOutcome({ tone: 'success', message: translateMessage(t, message ?? TEXT.contactSent) });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'validation') {
        let focused = false;
        for (const [field, message] of Object.entries(firstFieldMessages(error))) {
          if (!isContactField(field)) continue;
          setError(field, asFieldError(message), { shouldFocus: !focused });
          focused = true;
        }
        setOutcome({ tone: 'error', message: t('validation.contactFixErrors') });
      } else if (error instanceof ApiError && error.status === 400) {
        setOutcome({ tone: 'error', message: t('validation.contactCheckInput') });
      } else {
        setOutcome({ tone: 'error', message: t('validation.contactFailed') });
      }
    }
  });

  const field = (name: FieldPath<ContactRequest>) => ({
    ...register(name),
    label: t(`contact.${name}`),
    error: errorOf(name),
    required: true,
    requiredMark: true,
    'data-testid': `contact-${name}`,
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="contact-form" aria-describedby="contact-required-hint">
      <p id="contact-required-hint" className="mb-5 text-sm text-slate-600 dark:text-slate-400">
        {t('contact.requiredHint')}
      </p>
      {outcome && (
        <div
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          data-testid={outcome.tone === 'error' ? 'contact-error' : 'contact-success'}
          className={
            outcome.tone === 'error'
              ? 'mb-5 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
              : 'mb-5 flex items-start gap-2 rounded-xl border border-primary-200 bg-primary-50 p-3 text-sm text-primary-900 dark:border-primary-900 dark:bg-primary-950 dark:text-primary-50'
          }
        >
          {outcome.tone === 'error' ? (
            <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
          )}
          <span dir="auto">{outcome.message}</span>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Input {...field('firstName')} autoComplete="given-name" dir="auto" />
        <Input {...field('lastName')} autoComplete="family-name" dir="auto" />
        <Input {...field('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />
        <Input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />
        <Input {...field('subject')} className="sm:col-span-2" dir="auto" />
        <Textarea {...field('message')} className="sm:col-span-2" rows={6} dir="auto" />
      </div>
      <div className="mt-6 flex justify-end">
        <Button
          type="submit"
          loading={isSubmitting}
          data-testid="contact-submit"
          className="w-full sm:w-auto"
        >
          {isSubmitting ? t('contact.sending') : t('contact.submit')}
        </Button>
      </div>
    </form>
  );
}
