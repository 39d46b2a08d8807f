import { type Post, updatePostRequest } from '@makan/contract/posts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessage,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { LISTING_FIELDS, ListingFields } from './listing-fields.tsx';

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
type EditErrors = Partial<Record<EditField, Message>>;

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
  const message = (text: Message | undefined) => (text ? translateMessage(t, text) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = editRequestOf(values, editValuesOf(post));
    if (!parsed.success) {
      const next: EditErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isEditField(field)) next[field] ??= issueMessage(issue);
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
          for (const [field, first] of Object.entries(firstFieldMessages(error))) {
            if (isEditField(field)) next[field] = first;
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
        <ListingFields
          values={values}
          errors={Object.fromEntries(LISTING_FIELDS.map((name) => [name, message(errors[name])]))}
          onChange={set}
          testIdPrefix="post-edit"
        />
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
