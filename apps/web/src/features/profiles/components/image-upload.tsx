import { TEXT } from '@makan/contract/texts';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useDeleteImage } from '../api/delete-image.ts';
import { type ImageKind, useUploadImage } from '../api/upload-image.ts';
import { imageProblem, profileErrorText } from '../errors.ts';

/**
 * Choosing, checking and uploading a picture or cover, with upload progress (XMLHttpRequest through
 * lib/http, since fetch cannot report it), and removing it. Returns the hidden file input to render.
 */
export function useImageControls(kind: ImageKind) {
  const { t } = useTranslation();
  const language = useLanguage();
  const upload = useUploadImage(kind);
  const remove = useDeleteImage(kind);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const failures =
    kind === 'picture'
      ? { upload: t('profile.failures.uploadPicture'), remove: t('profile.failures.deletePicture') }
      : { upload: t('profile.failures.uploadCover'), remove: t('profile.failures.deleteCover') };
  const done = kind === 'picture' ? TEXT.pictureUpdated : TEXT.coverUpdated;
  const removed = kind === 'picture' ? TEXT.pictureDeleted : TEXT.coverDeleted;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(t, file, language);
    if (problem) {
      showToast(problem);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: ({ message }) => showToast(translateMessage(t, message ?? done), 'success'),
        onError: (error) => showToast(profileErrorText(t, error, failures.upload)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      tabIndex={-1}
      aria-hidden="true"
      className="hidden"
      onChange={onChange}
      data-testid={`${kind}-input`}
    />
  );

  return {
    input,
    choose: () => inputRef.current?.click(),
    /** Removes the image; `onSettled` runs once the answer is in (the confirmation closes then). */
    remove: (onSettled?: () => void) =>
      remove.mutate(undefined, {
        onSuccess: ({ message }) => showToast(translateMessage(t, message ?? removed), 'success'),
        onError: (error) => showToast(profileErrorText(t, error, failures.remove)),
        ...(onSettled ? { onSettled } : {}),
      }),
    uploading: upload.isPending,
    removing: remove.isPending,
    progress,
    percent: (fraction: number) => formatNumber(fraction, language, { style: 'percent' }),
  };
}

/** Covers a picture or the banner while its upload runs: how far it got, as a progress bar. */
export function UploadProgress({
  fraction,
  label,
  percent,
  round,
}: {
  fraction: number;
  label: string;
  percent: string;
  round?: boolean;
}) {
  const value = Math.round(fraction * 100);
  return (
    <div
      className={`absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-slate-950/60 text-white ${round ? 'rounded-full' : ''}`}
    >
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={percent}
        data-testid="upload-progress"
        className={`h-1.5 overflow-hidden rounded-full bg-white/30 ${round ? 'w-14' : 'w-40'}`}
      >
        <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs font-semibold tabular-nums">{percent}</span>
    </div>
  );
}
