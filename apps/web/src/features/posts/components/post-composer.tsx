import { LIMITS } from '@makan/contract/limits';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, Textarea } from '../../../components/ui/field.tsx';
import { CloseIcon } from '../../../components/ui/icons/close.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { cx } from '../../../lib/cx.ts';
import { ApiError } from '../../../lib/http.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media-query.ts';
import { firstFieldMessages, type Message, translateMessage } from '../../../lib/messages.ts';
import { useStoredUser } from '../../../lib/stored-user.ts';
import { useCreatePost } from '../api/create-post.ts';
import { type ComposerErrors, type ComposerValues, checkComposer, emptyComposer } from '../composer-rules.ts';
import { postsContract } from '../contract.ts';
import { photoRefusalText, preparePhotos } from '../photo-files.ts';
import { AddPhotos } from './add-photos.tsx';
import { ComposerStart } from './composer-start.tsx';
import { LISTING_FIELDS, ListingFields } from './listing-fields.tsx';
import { useMentionPicker } from './mention-picker.tsx';
import { PlaceFields } from './place-fields.tsx';

interface Photo {
  file: File;
  preview: string;
}

/** Spec §2 home: create a post (description, photos, property type, location, listing details). */
export function PostComposer() {
  const { t } = useTranslation();
  const me = useStoredUser();
  const formId = useId();
  const description = useRef<HTMLTextAreaElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  // On a phone the form waits behind a 'Start a post' button (it took the whole first screen);
  // wider screens always show it. Only what shows is rendered (a hidden lazy picture never loads),
  // except while a prerendered page hydrates, when the screen is not known yet: then both are there
  // and CSS shows the right one, so nothing moves once it is known.
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const showStart = !expanded && phone !== false;
  const showForm = expanded || phone !== true;
  const [values, setValues] = useState<ComposerValues>(emptyComposer);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<ComposerErrors>({});
  const [compressing, setCompressing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [showListing, setShowListing] = useState(false);
  const create = useCreatePost();
  // One Idempotency-Key per post being written: kept while the form is sent again unchanged (a retry
  // after a failure stores the post once), a new one as soon as anything in it changes.
  const attemptKey = useRef<string | null>(null);
  const mentions = useMentionPicker({
    value: values.description,
    onChange: (text) => set('description', text),
    inputRef: description,
  });

  // Object URLs live as long as their preview.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  });
  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const set = (name: keyof ComposerValues, value: string) => {
    attemptKey.current = null;
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({
      ...old,
      [name]: undefined,
      ...(name === 'description' ? { content: undefined } : {}),
    }));
  };
  const message = (text: Message | undefined) => (text ? translateMessage(t, text) : undefined);

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setCompressing(true);
    const taken = await preparePhotos(files, LIMITS.imagesPerPost - photos.length, (why) =>
      showToast(photoRefusalText(t, why)),
    );
    const added = taken.map((file) => ({ file, preview: URL.createObjectURL(file) }));
    setCompressing(false);
    if (added.length) {
      attemptKey.current = null;
      setPhotos((old) => [...old, ...added]);
      setErrors((old) => ({ ...old, content: undefined }));
    }
  };

  const removePhoto = (index: number) => {
    attemptKey.current = null;
    setPhotos((old) => {
      const photo = old[index];
      if (photo) URL.revokeObjectURL(photo.preview);
      return old.filter((_, i) => i !== index);
    });
  };

  const reset = () => {
    attemptKey.current = null;
    for (const photo of photos) URL.revokeObjectURL(photo.preview);
    setPhotos([]);
    setValues(emptyComposer);
    setErrors({});
    setShowListing(false);
    mentions.reset();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkComposer(await postsContract.get(), values, photos.length);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setProgress(0);
    attemptKey.current ??= crypto.randomUUID();
    create.mutate(
      {
        idempotencyKey: attemptKey.current,
        fields: { ...check.fields, mentions: mentions.ids().join(',') || undefined },
        photos: photos.map((photo) => photo.file),
        // Progress only means something when photos go up.
        ...(photos.length > 0 ? { onUploadProgress: setProgress } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('posts.composer.created'), 'success');
          reset();
          setExpanded(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors) {
            const next: ComposerErrors = {};
            for (const [field, first] of Object.entries(firstFieldMessages(error))) {
              const key = (field === 'media' ? 'content' : field) as keyof ComposerErrors;
              next[key] = first;
            }
            setErrors(next);
          }
          showToast(t('posts.composer.createFailed'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const busy = create.isPending || compressing;

  const collapse = () => {
    setExpanded(false);
    // Back to the button that opened it (after it shows again).
    setTimeout(() => startButton.current?.focus(), 0);
  };

  const start = showStart && (
    <ComposerStart
      ref={startButton}
      formId={formId}
      className="sm:hidden"
      onStart={() => {
        setExpanded(true);
        setTimeout(() => description.current?.focus(), 0);
      }}
    />
  );
  if (!showForm) return start;

  return (
    <>
      {start}
      <form
        id={formId}
        onSubmit={onSubmit}
        onFocus={() => void postsContract.get().catch(() => undefined)}
        noValidate
        aria-labelledby={`${formId}-title`}
        data-testid="post-composer"
        className={cx(
          expanded ? 'flex' : 'hidden sm:flex',
          'flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        )}
      >
        {/* The avatar's height, held before it shows (after a prerendered page hydrates): nothing moves. */}
        <div className="flex min-h-10 items-center gap-3">
          {me && <Avatar name={me.name} src={me.avatar} size="sm" />}
          <h2 id={`${formId}-title`} className="flex-1 font-semibold text-slate-900 dark:text-slate-50">
            {t('posts.composer.title')}
          </h2>
          {phone !== false && (
            <button
              type="button"
              onClick={collapse}
              aria-label={t('posts.composer.collapse')}
              title={t('posts.composer.collapse')}
              data-testid="composer-collapse"
              className="flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 sm:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
        </div>

        <div className="relative">
          <Textarea
            ref={description}
            label={t('posts.composer.description')}
            value={values.description}
            {...mentions.inputProps}
            placeholder={t('posts.composer.descriptionPlaceholder')}
            maxLength={LIMITS.postTextMax}
            rows={3}
            dir="auto"
            error={message(errors.description)}
            data-testid="composer-description"
          />
          {mentions.list}
        </div>

        <div className="flex flex-col gap-2">
          <AddPhotos
            count={photos.length}
            compressing={compressing}
            disabled={busy}
            onFiles={(files) => void addFiles(files)}
            testIdPrefix="composer"
          />
          {photos.length > 0 && (
            <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5" data-testid="composer-previews">
              {photos.map((photo, index) => (
                <li key={photo.preview} className="relative aspect-square overflow-hidden rounded-lg">
                  <img src={photo.preview} alt="" className="size-full object-cover" />
                  <button
                    type="button"
                    onClick={() => removePhoto(index)}
                    aria-label={t('posts.composer.removePhoto', { index: index + 1 })}
                    className="absolute end-1 top-1 flex size-7 items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950"
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ErrorText testId="composer-content-error">{message(errors.content)}</ErrorText>
        </div>

        <PlaceFields
          values={values}
          errors={{
            property_type: message(errors.property_type),
            location: message(errors.location ?? errors.location_id),
          }}
          onChange={(change) => {
            setValues((old) => ({ ...old, ...change }));
            setErrors((old) => ({
              ...old,
              property_type: undefined,
              location: undefined,
              location_id: undefined,
            }));
          }}
          testIdPrefix="composer"
        />

        <div>
          <button
            type="button"
            aria-expanded={showListing}
            onClick={() => setShowListing((open) => !open)}
            className="text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
            data-testid="composer-listing-toggle"
          >
            {t('posts.composer.listing')}
          </button>
          {showListing && (
            <div className="mt-3">
              <ListingFields
                values={values}
                errors={Object.fromEntries(LISTING_FIELDS.map((name) => [name, message(errors[name])]))}
                onChange={set}
              />
            </div>
          )}
        </div>

        {progress !== null && photos.length > 0 && (
          <div className="flex flex-col gap-1">
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              aria-label={t('posts.composer.uploading', { percent: Math.round(progress * 100) })}
              className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              data-testid="composer-progress"
            >
              <div
                className="h-full rounded-full bg-primary-600 transition-[width] dark:bg-primary-400"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('posts.composer.uploading', { percent: Math.round(progress * 100) })}
            </p>
          </div>
        )}

        <div className="flex justify-end">
          <Button
            type="submit"
            loading={create.isPending}
            disabled={compressing}
            data-testid="composer-submit"
          >
            {create.isPending ? t('posts.composer.submitting') : t('posts.composer.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
