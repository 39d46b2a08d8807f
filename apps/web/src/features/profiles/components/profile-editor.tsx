import { LIMITS } from '@makan/contract/limits';
import { updateProfileRequest } from '@makan/contract/profiles';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses, Field, Input } from '../../../components/ui/field.tsx';
import { Card } from '../../../components/ui/page.tsx';
import { cx } from '../../../lib/cx.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { asFieldError, fieldErrorMessage, type Message, translateMessage } from '../../../lib/messages.ts';
import { formatNumber } from '../../../lib/numbers.ts';

/** The pending edits (spec §3 profile state): what the form holds until saved or cancelled. */
export interface ProfileDraft {
  name: string;
  bio: string;
  link: string;
}

interface ProfileEditorProps {
  initial: ProfileDraft;
  /** A failed save's field errors (already in the page's language). */
  serverErrors?: Partial<Record<keyof ProfileDraft, Message>>;
  onSave: (draft: ProfileDraft) => void;
  onCancel: () => void;
}

/** Edit mode: name, bio (up to 500 characters) and link; Cancel drops every pending change. */
export function ProfileEditor({ initial, serverErrors, onSave, onCancel }: ProfileEditorProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const bioId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof updateProfileRequest>, unknown, z.output<typeof updateProfileRequest>>({
    // Every field is sent, so each is checked with the contract's own rules.
    resolver: contractResolver(updateProfileRequest),
    defaultValues: initial,
  });

  useEffect(() => {
    setFocus('name');
  }, [setFocus]);

  useEffect(() => {
    let first = true;
    for (const name of ['name', 'bio', 'link'] as const) {
      const message = serverErrors?.[name];
      if (!message) continue;
      setError(name, asFieldError(message), { shouldFocus: first });
      first = false;
    }
  }, [serverErrors, setError]);

  const errorOf = (name: keyof ProfileDraft) => {
    const message = fieldErrorMessage(errors[name]);
    return message ? translateMessage(t, message) : undefined;
  };
  const bioLength = (watch('bio') ?? '').length;
  const bioError = errorOf('bio');
  const overLimit = bioLength > LIMITS.bioMax;

  return (
    <Card>
      <form
        noValidate
        data-testid="profile-editor"
        aria-labelledby="profile-editor-title"
        // The raw strings go: the contract trims them and turns empty ones into "none".
        onSubmit={handleSubmit(() => {
          const { name = '', bio = '', link = '' } = getValues();
          onSave({ name, bio, link });
        })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        className="flex flex-col gap-5"
      >
        <h2 id="profile-editor-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('profile.editTitle')}
        </h2>
        <Input
          {...register('name')}
          label={t('profile.name')}
          error={errorOf('name')}
          autoComplete="name"
          dir="auto"
          data-testid="profile-name-input"
        />
        <Field id={bioId} label={t('profile.bio')} error={bioError} hint={t('profile.bioHint')}>
          {(control) => (
            <>
              <textarea
                {...register('bio')}
                {...control}
                aria-describedby={`${control['aria-describedby']} ${bioId}-count`}
                rows={4}
                dir="auto"
                data-testid="profile-bio-input"
                className={cx(controlClasses(Boolean(bioError)), 'py-2.5')}
              />
              <p
                id={`${bioId}-count`}
                className={cx(
                  'text-end text-xs tabular-nums',
                  overLimit ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
                )}
              >
                {t('profile.bioCount', {
                  used: formatNumber(bioLength, language),
                  max: formatNumber(LIMITS.bioMax, language),
                })}
              </p>
            </>
          )}
        </Field>
        <Input
          {...register('link')}
          label={t('profile.link')}
          hint={t('profile.linkHint')}
          error={errorOf('link')}
          type="url"
          inputMode="url"
          autoComplete="url"
          dir="ltr"
          placeholder="https://"
          data-testid="profile-link-input"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} data-testid="profile-edit-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="profile-edit-save">
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
