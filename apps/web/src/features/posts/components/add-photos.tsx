import { LIMITS } from '@makan/contract/limits';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CameraIcon } from '../../../components/ui/icons/camera.tsx';

interface AddPhotosProps {
  /** Photos already chosen (a post holds LIMITS.imagesPerPost at most). */
  count: number;
  compressing: boolean;
  disabled?: boolean;
  onFiles: (files: FileList | null) => void;
  /** `composer` or `post-edit`: the button is `<prefix>-add-photos`, the input `<prefix>-photos-input`. */
  testIdPrefix: string;
}

/** The 'Add photos' button, its hint and the hidden file input: the composer's and the listing edit's. */
export function AddPhotos({ count, compressing, disabled = false, onFiles, testIdPrefix }: AddPhotosProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => fileInput.current?.click()}
        disabled={disabled || compressing || count >= LIMITS.imagesPerPost}
        data-testid={`${testIdPrefix}-add-photos`}
      >
        <CameraIcon className="size-4" />
        {t('posts.composer.addPhotos')}
      </Button>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {compressing
          ? t('posts.composer.compressing')
          : t('posts.composer.photosHint', { count: LIMITS.imagesPerPost })}
      </span>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('posts.composer.photos')}
        data-testid={`${testIdPrefix}-photos-input`}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
