import { LIMITS } from '@makan/contract/limits';
import type { MediaSlot } from '@makan/contract/listing';
import type { Post } from '@makan/contract/posts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorText, Textarea } from '../../../components/ui/field.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { ArrowForwardIcon } from '../../../components/ui/icons/arrow-forward.tsx';
import { CloseIcon } from '../../../components/ui/icons/close.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { cityName } from '../../../lib/cities.ts';
import { type Language, useLanguage } from '../../../lib/i18n.ts';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { useReplaceListing } from '../api/replace-listing.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { checkComposer } from '../composer-rules.ts';
import { type PostsContract, postsContract } from '../contract.ts';
import { photoRefusalText, preparePhotos } from '../photo-files.ts';
import { AddPhotos } from './add-photos.tsx';
import { LISTING_FIELDS, ListingFields } from './listing-fields.tsx';
import { useMentionPicker } from './mention-picker.tsx';
import { PlaceFields, type PlaceValues } from './place-fields.tsx';

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
type ErrorField = EditField | 'property_type' | 'location' | 'content';
type EditErrors = Partial<Record<ErrorField, Message>>;

/** A photo of the edited post: one it has (by id), or a new file not sent yet. */
type EditPhoto = { kind: 'kept'; id: number; url: string } | { kind: 'new'; file: File; url: string };

function placeValuesOf(post: Post, language: Language): PlaceValues {
  return {
    property_type: post.property_type,
    location_id: post.location ? String(post.location.id) : '',
    location: post.location ? cityName(post.location, language) : (post.custom_location ?? ''),
  };
}

/** The photos in their new order as the server reads it: kept ones by id, new ones by their index among the new. */
function mediaOrderOf(photos: readonly EditPhoto[]): { order: MediaSlot[]; files: File[] } {
  const files: File[] = [];
  const order = photos.map((photo): MediaSlot => {
    if (photo.kind === 'kept') return { kept: photo.id };
    files.push(photo.file);
    return { added: files.length - 1 };
  });
  return { order, files };
}

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
export function editRequestOf(
  { updatePostRequest }: Pick<PostsContract, 'updatePostRequest'>,
  values: EditValues,
  initial?: EditValues,
) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const changed = FIELDS.filter((field) => !initial || values[field].trim() !== initial[field].trim());
  return updatePostRequest.safeParse(Object.fromEntries(changed.map((f) => [f, blankToNull(values[f])])));
}

const isEditField = (name: unknown): name is EditField => FIELDS.some((field) => field === name);
/** A server field's place in the dialog (photos' errors show under the photos). */
const errorFieldOf = (name: string): ErrorField | undefined =>
  name === 'media'
    ? 'content'
    : name === 'location_id'
      ? 'location'
      : name === 'property_type' || name === 'location' || name === 'content' || isEditField(name)
        ? name
        : undefined;

/**
 * The owner's edit of a post: description and listing fields (a JSON PUT of what changed) and, when
 * they change, photos (add, remove, move earlier or later), property type and location: then the whole
 * listing goes as the create form does, with the same rules and texts.
 */
export function PostEditDialog({ post, open, onClose }: { post: Post; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const update = useUpdatePost();
  const replace = useReplaceListing();
  const [values, setValues] = useState<EditValues>(() => editValuesOf(post));
  const [place, setPlace] = useState<PlaceValues>(() => placeValuesOf(post, language));
  const [photos, setPhotos] = useState<EditPhoto[]>(() =>
    post.media.map((media) => ({ kind: 'kept', id: media.id, url: media.url })),
  );
  const [compressing, setCompressing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [errors, setErrors] = useState<EditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The checks' schemas load as the dialog opens, ready by the time it is sent.
  useEffect(() => {
    void postsContract.get().catch(() => undefined);
  }, []);
  // New photos' object URLs live as long as the dialog.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  });
  useEffect(
    () => () => {
      for (const photo of photosRef.current) if (photo.kind === 'new') URL.revokeObjectURL(photo.url);
    },
    [],
  );

  const set = (name: EditField, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({
      ...old,
      [name]: undefined,
      ...(name === 'description' ? { content: undefined } : {}),
    }));
  };
  const message = (text: Message | undefined) => (text ? translateMessage(t, text) : undefined);
  const descriptionBox = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    value: values.description,
    onChange: (text) => set('description', text),
    inputRef: descriptionBox,
  });

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setCompressing(true);
    const taken = await preparePhotos(files, LIMITS.imagesPerPost - photos.length, (why) =>
      showToast(photoRefusalText(t, why)),
    );
    setCompressing(false);
    if (taken.length === 0) return;
    setPhotos((old) => [
      ...old,
      ...taken.map((file): EditPhoto => ({ kind: 'new', file, url: URL.createObjectURL(file) })),
    ]);
    setErrors((old) => ({ ...old, content: undefined }));
  };

  const removePhoto = (index: number) => {
    const photo = photos[index];
    if (photo?.kind === 'new') URL.revokeObjectURL(photo.url);
    setPhotos((old) => old.filter((_, i) => i !== index));
    setAnnouncement(t('posts.edit.photoRemoved', { index: index + 1 }));
  };

  const movePhoto = (index: number, to: number) => {
    setPhotos((old) => {
      const moved = old[index];
      if (!moved || to < 0 || to >= old.length) return old;
      const next = old.filter((_, i) => i !== index);
      next.splice(to, 0, moved);
      return next;
    });
    setAnnouncement(t('posts.edit.photoMoved', { from: index + 1, to: to + 1 }));
  };

  const showErrors = (error: unknown) => {
    const next: EditErrors = {};
    for (const [field, first] of Object.entries(firstFieldMessages(error))) {
      const key = errorFieldOf(field);
      if (key) next[key] ??= first;
    }
    setErrors(next);
    setFormError(apiErrorText(t, error));
  };
  const done = () => {
    showToast(t('validation.postUpdated'), 'success');
    onClose();
  };

  const initialPlace = placeValuesOf(post, language);
  const photosChanged =
    photos.length !== post.media.length ||
    photos.some((photo, i) => photo.kind !== 'kept' || photo.id !== post.media[i]?.id);
  const placeChanged =
    place.property_type !== initialPlace.property_type ||
    place.location_id !== initialPlace.location_id ||
    place.location.trim() !== initialPlace.location.trim();

  /** Photos, type or location changed: the whole listing, by the create form's rules. */
  const submitListing = (contract: PostsContract) => {
    const check = checkComposer(contract, { ...values, ...place }, photos.length);
    if (!check.ok) {
      const next: EditErrors = {};
      for (const [field, text] of Object.entries(check.errors)) {
        const key = errorFieldOf(field);
        if (key && text) next[key] ??= text;
      }
      setErrors(next);
      return;
    }
    const { order, files } = mediaOrderOf(photos);
    replace.mutate(
      {
        id: post.id,
        fields: { ...check.fields, mentions: mentions.ids().join(',') || undefined },
        order,
        photos: files,
      },
      { onSuccess: done, onError: showErrors },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const contract = await postsContract.get();
    if (photosChanged || placeChanged) {
      submitListing(contract);
      return;
    }
    const parsed = editRequestOf(contract, values, editValuesOf(post));
    if (!parsed.success) {
      setErrors(issueMessagesByField(parsed.error.issues, FIELDS));
      return;
    }
    if (Object.keys(parsed.data).length === 0) {
      onClose();
      return;
    }
    const picked = mentions.ids();
    update.mutate(
      { id: post.id, body: { ...parsed.data, ...(picked.length ? { mentions: picked } : {}) } },
      { onSuccess: done, onError: showErrors },
    );
  };

  const iconButton =
    'flex size-7 items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950 disabled:opacity-40';

  return (
    <Dialog open={open} onClose={onClose} title={t('posts.edit.title')} testId="post-edit-dialog">
      <form onSubmit={onSubmit} noValidate className="mt-4 flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
        <div className="relative">
          <Textarea
            ref={descriptionBox}
            label={t('posts.composer.description')}
            value={values.description}
            {...mentions.inputProps}
            dir="auto"
            rows={4}
            error={message(errors.description)}
            data-testid="post-edit-description"
          />
          {mentions.list}
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
            {t('posts.edit.photos', { count: photos.length, max: LIMITS.imagesPerPost })}
          </legend>
          {photos.length > 0 && (
            <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="post-edit-photos">
              {photos.map((photo, index) => (
                <li
                  key={photo.kind === 'kept' ? `kept-${photo.id}` : photo.url}
                  className="relative aspect-square overflow-hidden rounded-lg"
                  data-testid="post-edit-photo"
                >
                  <img
                    src={photo.url}
                    alt={t('posts.edit.photoAlt', { index: index + 1 })}
                    className="size-full object-cover"
                  />
                  <div className="absolute inset-x-1 top-1 flex justify-between gap-1">
                    <div className="flex gap-1">
                      <button
                        type="button"
                        className={iconButton}
                        onClick={() => movePhoto(index, index - 1)}
                        disabled={index === 0}
                        aria-label={t('posts.edit.moveEarlier', { index: index + 1 })}
                      >
                        <ArrowBackIcon className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        onClick={() => movePhoto(index, index + 1)}
                        disabled={index === photos.length - 1}
                        aria-label={t('posts.edit.moveLater', { index: index + 1 })}
                      >
                        <ArrowForwardIcon className="size-4" />
                      </button>
                    </div>
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => removePhoto(index)}
                      aria-label={t('posts.composer.removePhoto', { index: index + 1 })}
                    >
                      <CloseIcon className="size-4" />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <p aria-live="polite" className="sr-only" data-testid="post-edit-announcement">
            {announcement}
          </p>
          <AddPhotos
            count={photos.length}
            compressing={compressing}
            onFiles={(files) => void addFiles(files)}
            testIdPrefix="post-edit"
          />
          <ErrorText testId="post-edit-content-error">{message(errors.content)}</ErrorText>
        </fieldset>

        <PlaceFields
          values={place}
          errors={{ property_type: message(errors.property_type), location: message(errors.location) }}
          onChange={(change) => {
            setPlace((old) => ({ ...old, ...change }));
            setErrors((old) => ({ ...old, property_type: undefined, location: undefined }));
          }}
          testIdPrefix="post-edit"
        />
        <ListingFields
          values={values}
          errors={Object.fromEntries(LISTING_FIELDS.map((name) => [name, message(errors[name])]))}
          onChange={set}
          testIdPrefix="post-edit"
        />
        <ErrorText testId="post-edit-error">{formError}</ErrorText>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending || replace.isPending}
            disabled={compressing}
            data-testid="post-edit-save"
          >
            {t('posts.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
