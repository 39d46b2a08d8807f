import type { preferencesSchema, UserType } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CameraIcon } from '../../../components/ui/icons/camera.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash.tsx';
import { Card } from '../../../components/ui/page.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { firstFieldMessages, type Message, translateMessage } from '../../../lib/messages.ts';
import { useOwnProfile } from '../api/own-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { maxFileSize, profileErrorText } from '../errors.ts';
import { OwnContactCard } from './contact-card.tsx';
import { UploadProgress, useImageControls } from './image-upload.tsx';
import { PostsSection } from './posts-section.tsx';
import { type ProfileDraft, ProfileEditor } from './profile-editor.tsx';
import { ProfileFailure } from './profile-failure.tsx';
import { headerOf, ProfileHeader } from './profile-header.tsx';

type Preferences = z.infer<typeof preferencesSchema>;

const overlayButton =
  'inline-flex h-9 items-center gap-1.5 rounded-full bg-slate-950/60 px-3 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-slate-950/75 disabled:opacity-60';

interface OwnProfileViewProps {
  /** The saved preferences and the link to change them (composed in by the app layer). */
  renderPreferences?: (preferences: Preferences | null) => ReactNode;
  /** Your posts, as the posts feature lists them (composed in by the app layer). */
  renderPosts?: (userId: number, emptyText: string) => ReactNode;
  /** The company verification card (the verification feature, composed in by the app layer). */
  renderVerification?: (userType: UserType) => ReactNode;
}

/** /profile: your profile, with edit mode, pictures, the contact-hiding switch and your preferences. */
export function OwnProfileView({ renderPreferences, renderPosts, renderVerification }: OwnProfileViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  const picture = useImageControls('picture');
  const cover = useImageControls('cover');
  const [editing, setEditing] = useState(false);
  // Removing a picture or cover asks first: it cannot be undone.
  const [confirmRemove, setConfirmRemove] = useState<'picture' | 'cover' | null>(null);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileDraft, Message>>>();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving edit mode gives focus back to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) return <ProfileFailure error={profile.error} onRetry={() => void profile.refetch()} />;

  const { user, posts } = profile.data;
  const current: ProfileDraft = {
    name: user.name,
    bio: user.profile.bio ?? '',
    link: user.profile.link ?? '',
  };

  const startEditing = () => {
    setDraft(null);
    setServerErrors(undefined);
    setEditing(true);
  };
  // Cancelling clears the pending name and bio (spec §4).
  const cancelEditing = () => {
    setDraft(null);
    setServerErrors(undefined);
    setEditing(false);
  };
  const save = (values: ProfileDraft) => {
    const changed = (['name', 'bio', 'link'] as const).filter((key) => values[key].trim() !== current[key]);
    setEditing(false);
    setDraft(null);
    if (changed.length === 0) return;
    update.mutate(values, {
      onSuccess: ({ message }) => showToast(translateMessage(t, message ?? TEXT.profileUpdated), 'success'),
      onError: (error) => {
        const fallback =
          changed.length === 1 && changed[0] === 'bio'
            ? t('profile.failures.bio')
            : t('profile.failures.profile');
        showToast(profileErrorText(t, error, fallback));
        // The edit was rolled back on screen; the pending values come back in the form to try again.
        const fields = firstFieldMessages(error);
        setServerErrors({ name: fields.name, bio: fields.bio, link: fields.link });
        setDraft(values);
        setEditing(true);
      },
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6" data-testid="own-profile">
      <ProfileHeader
        testId="profile-header"
        {...headerOf(user)}
        emptyBio={t('profile.noBioOwn')}
        actions={
          !editing && (
            <Button ref={editButton} variant="secondary" onClick={startEditing} data-testid="profile-edit">
              <PencilIcon className="size-4" />
              {t('profile.edit')}
            </Button>
          )
        }
        coverOverlay={
          <>
            <div className="absolute end-3 top-3 flex gap-2">
              <button
                type="button"
                className={overlayButton}
                onClick={cover.choose}
                disabled={cover.uploading}
                data-testid="cover-change"
              >
                <CameraIcon className="size-4" />
                <span>{t('profile.changeCover')}</span>
              </button>
            </div>
            {cover.progress !== null && (
              <UploadProgress
                fraction={cover.progress}
                percent={cover.percent(cover.progress)}
                label={t('profile.uploadingCover')}
              />
            )}
            {cover.input}
          </>
        }
        pictureOverlay={
          <>
            {picture.progress !== null && (
              <UploadProgress
                round
                fraction={picture.progress}
                percent={picture.percent(picture.progress)}
                label={t('profile.uploadingPicture')}
              />
            )}
            <button
              type="button"
              onClick={picture.choose}
              disabled={picture.uploading}
              aria-label={t('profile.changePicture')}
              title={t('profile.changePicture')}
              data-testid="picture-change"
              className="absolute end-0 bottom-0 flex size-9 items-center justify-center rounded-full bg-primary-700 text-white ring-3 ring-white transition-colors hover:bg-primary-800 disabled:opacity-60 dark:bg-primary-400 dark:text-slate-950 dark:ring-slate-900 dark:hover:bg-primary-300"
            >
              <CameraIcon className="size-4" />
            </button>
            {picture.input}
          </>
        }
      />
      {editing && (
        <ProfileEditor
          initial={draft ?? current}
          serverErrors={serverErrors}
          onSave={save}
          onCancel={cancelEditing}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <PostsSection
            posts={posts}
            emptyText={t('profile.posts.emptyOwn')}
            list={renderPosts?.(user.id, t('profile.posts.emptyOwn'))}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <OwnContactCard contact={user.contact_info} hidden={user.profile.hide_contact} />
          {renderVerification?.(user.user_type)}
          {renderPreferences && <Card>{renderPreferences(user.preferences)}</Card>}
          <Card className="flex flex-col gap-4">
            <div>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
                {t('profile.photos')}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t('profile.photosHint', { size: maxFileSize(language) })}
              </p>
            </div>
            {(
              [
                ['picture', picture, user.profile.picture, t('profile.picture')],
                ['cover', cover, user.profile.cover_photo, t('profile.cover')],
              ] as const
            ).map(([kind, controls, image, label]) => (
              <div key={kind} className="flex flex-col gap-2">
                <span className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</span>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={controls.choose}
                    loading={controls.uploading}
                    data-testid={`${kind}-upload`}
                  >
                    {!controls.uploading && <CameraIcon className="size-4" />}
                    {image ? t('profile.replace') : t('profile.upload')}
                  </Button>
                  {image && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setConfirmRemove(kind)}
                      loading={controls.removing}
                      disabled={controls.uploading}
                      aria-label={`${t('profile.remove')} ${label}`}
                      data-testid={`${kind}-remove`}
                      className="text-red-700 dark:text-red-400"
                    >
                      {!controls.removing && <TrashIcon className="size-4" />}
                      <span>{t('profile.remove')}</span> <span className="sr-only">{label}</span>
                    </Button>
                  )}
                </div>
              </div>
            ))}
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove !== null}
        onCancel={() => setConfirmRemove(null)}
        onConfirm={() => (confirmRemove === 'cover' ? cover : picture).remove(() => setConfirmRemove(null))}
        title={confirmRemove === 'cover' ? t('profile.removeCoverTitle') : t('profile.removePictureTitle')}
        description={
          confirmRemove === 'cover' ? t('profile.removeCoverText') : t('profile.removePictureText')
        }
        confirmLabel={t('profile.remove')}
        busy={picture.removing || cover.removing}
        testId="image-remove-dialog"
        confirmTestId="image-remove-confirm"
      />
    </div>
  );
}
