import {
  CURRENCIES,
  LISTING_PURPOSES,
  LISTING_STATUSES,
  type Post,
  updatePostRequest,
} from '@makan/contract/posts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorText, translateMessage } from '../../../lib/messages.ts';
import { useUpdatePost } from '../api/update-post.ts';

const FIELDS = [
  'description',
  'purpose',
  'price',
  'currency',
  'area_m2',
  'status',
  'licence_number',
] as const;
type EditField = (typeof FIELDS)[number];
export type EditValues = Record<EditField, string>;
type EditErrors = Partial<Record<EditField, string>>;

export function editValuesOf(post: Post): EditValues {
  return {
    description: post.description ?? '',
    purpose: post.purpose ?? '',
    price: post.price === null ? '' : String(post.price),
    currency: post.currency ?? '',
    area_m2: post.area_m2 === null ? '' : String(post.area_m2),
    status: post.status ?? '',
    licence_number: post.licence_number ?? '',
  };
}

/**
 * The PUT body: the fields that differ from `initial` (all of them without it), a blank one as null
 * (the server clears it), checked by the contract.
 */
export function editRequestOf(values: EditValues, initial?: EditValues) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const changed = FIELDS.filter((field) => !initial || values[field].trim() !== initial[field].trim());
  return updatePostRequest.safeParse(Object.fromEntries(changed.map((f) => [f, blankToNull(values[f])])));
}

const isEditField = (name: unknown): name is EditField => FIELDS.some((field) => field === name);

/** The owner's edit of a post: description and listing fields, checked by the contract, then PUT. */
export function PostEditDialog({ post, open, onClose }: { post: Post; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePost();
  const [values, setValues] = useState<EditValues>(() => editValuesOf(post));
  const [errors, setErrors] = useState<EditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (name: EditField, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };
  const message = (text: string | undefined) => (text ? translateMessage(t, text) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = editRequestOf(values, editValuesOf(post));
    if (!parsed.success) {
      const next: EditErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isEditField(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (Object.keys(parsed.data).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: post.id, body: parsed.data },
      {
        onSuccess: () => {
          showToast(t('validation.postUpdated'), 'success');
          onClose();
        },
        onError: (error) => {
          const next: EditErrors = {};
          if (error instanceof ApiError && error.errors) {
            for (const [field, list] of Object.entries(error.errors)) {
              if (isEditField(field)) next[field] = list[0];
            }
          }
          setErrors(next);
          setFormError(apiErrorText(t, error));
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('posts.edit.title')} testId="post-edit-dialog">
      <form onSubmit={onSubmit} noValidate className="mt-4 flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
        <Textarea
          label={t('posts.composer.description')}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          dir="auto"
          rows={4}
          error={message(errors.description)}
          data-testid="post-edit-description"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t('posts.composer.purpose')}
            value={values.purpose}
            onChange={(event) => set('purpose', event.target.value)}
            error={message(errors.purpose)}
            data-testid="post-edit-purpose"
          >
            <option value="">{t('posts.composer.choose')}</option>
            {LISTING_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {t(`posts.purpose.${purpose}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('posts.composer.status')}
            value={values.status}
            onChange={(event) => set('status', event.target.value)}
            error={message(errors.status)}
            data-testid="post-edit-status"
          >
            <option value="">{t('posts.composer.choose')}</option>
            {LISTING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`posts.status.${status}`)}
              </option>
            ))}
          </Select>
          <Input
            label={t('posts.composer.price')}
            type="number"
            inputMode="decimal"
            min={0}
            value={values.price}
            onChange={(event) => set('price', event.target.value)}
            error={message(errors.price)}
            data-testid="post-edit-price"
          />
          <Select
            label={t('posts.composer.currency')}
            value={values.currency}
            onChange={(event) => set('currency', event.target.value)}
            error={message(errors.currency)}
            data-testid="post-edit-currency"
          >
            <option value="">{t('posts.composer.choose')}</option>
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </Select>
          <Input
            label={t('posts.composer.area')}
            type="number"
            inputMode="decimal"
            min={0}
            value={values.area_m2}
            onChange={(event) => set('area_m2', event.target.value)}
            error={message(errors.area_m2)}
            data-testid="post-edit-area"
          />
          <Input
            label={t('posts.composer.licence')}
            value={values.licence_number}
            onChange={(event) => set('licence_number', event.target.value)}
            maxLength={50}
            dir="auto"
            error={message(errors.licence_number)}
            data-testid="post-edit-licence"
          />
        </div>
        {formError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="post-edit-error">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="post-edit-save">
            {t('posts.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
