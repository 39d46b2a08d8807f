import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useModal } from '../../../components/ui/use-modal.ts';

/** A photo at full size over the page; Escape, the close button or a click outside closes it. */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useModal(box, { onClose, initialFocus: closeRef });
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      data-testid="chat-image-viewer"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 p-4"
    >
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        className="absolute inset-0 cursor-default"
        onClick={onClose}
      />
      <img
        src={src}
        alt={alt}
        className="relative max-h-full max-w-full rounded-lg object-contain shadow-2xl"
      />
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label={t('chat.closeImage')}
        className="absolute end-4 top-4 flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
      >
        <CloseIcon />
      </button>
    </div>,
    document.body,
  );
}
