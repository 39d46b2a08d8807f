import { useTranslation } from 'react-i18next';
import { PhotoOverlay } from '../../../components/ui/photo-overlay.tsx';

/** A photo at full size over the page; Escape, the close button or a click outside closes it. */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PhotoOverlay
      label={alt}
      closeLabel={t('chat.closeImage')}
      onClose={onClose}
      closeOnBackdrop
      testId="chat-image-viewer"
    >
      <img
        src={src}
        alt={alt}
        className="relative max-h-full max-w-full rounded-lg object-contain shadow-2xl"
      />
    </PhotoOverlay>
  );
}
