import type { PostMedia } from '@makan/contract/posts';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ArrowBackIcon, ArrowForwardIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { useModal } from '../../../components/ui/use-modal.ts';
import { useLanguage } from '../../../lib/i18n.ts';

interface LightboxProps {
  media: PostMedia[];
  author: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const control =
  'flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white';

/** A horizontal move this long (px) is a swipe. */
const SWIPE_PX = 50;

/** Full-screen photos (the 1280 px files): arrows, the keyboard and swipes move, Escape closes. */
export function Lightbox({ media, author, index, onIndex, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const rtl = useLanguage() === 'ar';
  const closeRef = useRef<HTMLButtonElement>(null);
  const item = media[index];
  const count = media.length;
  const go = (step: number) => onIndex((index + step + count) % count);
  const box = useRef<HTMLDivElement>(null);
  useModal(box, {
    onClose,
    initialFocus: closeRef,
    // Arrow keys follow the reading direction: "next" is to the left in Arabic.
    onKey: (event) => {
      if (event.key === 'ArrowRight') go(rtl ? -1 : 1);
      if (event.key === 'ArrowLeft') go(rtl ? 1 : -1);
    },
  });

  // Swipe: like the arrow keys, a swipe towards the reading direction's start shows the next photo.
  const swipeStart = useRef<number | null>(null);
  const onPointerDown = (event: ReactPointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const dx = event.clientX - start;
    if (Math.abs(dx) < SWIPE_PX) return;
    const leftward = dx < 0;
    go(leftward !== rtl ? 1 : -1);
  };

  if (!item) return null;
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-label={t('posts.card.photoAlt', { index: index + 1, name: author })}
      data-testid="lightbox"
      className="fixed inset-0 z-50 flex touch-pan-y items-center justify-center bg-slate-950/90 p-4"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
    >
      <img
        key={item.id}
        src={item.url_large}
        alt={t('posts.card.photoAlt', { index: index + 1, name: author })}
        className="max-h-full max-w-full rounded-lg object-contain"
      />
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label={t('common.close')}
        className={`${control} absolute end-4 top-4`}
      >
        <CloseIcon className="size-6" />
      </button>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('posts.lightbox.previous')}
            className={`${control} absolute start-4 top-1/2 -translate-y-1/2`}
          >
            <ArrowBackIcon className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('posts.lightbox.next')}
            className={`${control} absolute end-4 top-1/2 -translate-y-1/2`}
          >
            <ArrowForwardIcon className="size-6" />
          </button>
          <p className="absolute bottom-4 start-1/2 -translate-x-1/2 rounded-full bg-slate-950/60 px-3 py-1 text-sm text-white rtl:translate-x-1/2">
            {t('posts.lightbox.position', { index: index + 1, count })}
          </p>
        </>
      )}
    </div>,
    document.body,
  );
}
