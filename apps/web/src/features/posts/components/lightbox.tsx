import type { PostMedia } from '@makan/contract/posts';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { ArrowForwardIcon } from '../../../components/ui/icons/arrow-forward.tsx';
import { overlayControlClasses, PhotoOverlay } from '../../../components/ui/photo-overlay.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';

interface LightboxProps {
  media: PostMedia[];
  author: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A horizontal move this long (px) is a swipe. */
const SWIPE_PX = 50;

/** Full-screen photos (the 1280 px files): arrows, the keyboard and swipes move, Escape closes. */
export function Lightbox({ media, author, index, onIndex, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const rtl = useLanguage() === 'ar';
  const item = media[index];
  const count = media.length;
  const go = (step: number) => onIndex((index + step + count) % count);
  // Arrow keys follow the reading direction: "next" is to the left in Arabic.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(rtl ? -1 : 1);
    if (event.key === 'ArrowLeft') go(rtl ? 1 : -1);
  };

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
  const label = t('posts.card.photoAlt', { index: index + 1, name: author });
  return (
    <PhotoOverlay
      label={label}
      closeLabel={t('common.close')}
      onClose={onClose}
      onKey={onKey}
      testId="lightbox"
      className="touch-pan-y"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
    >
      <img
        key={item.id}
        src={item.url_large}
        alt={label}
        className="max-h-full max-w-full rounded-lg object-contain"
      />
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('posts.lightbox.previous')}
            className={cx(overlayControlClasses, 'absolute start-4 top-1/2 -translate-y-1/2')}
          >
            <ArrowBackIcon className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('posts.lightbox.next')}
            className={cx(overlayControlClasses, 'absolute end-4 top-1/2 -translate-y-1/2')}
          >
            <ArrowForwardIcon className="size-6" />
          </button>
          <p className="absolute bottom-4 start-1/2 -translate-x-1/2 rounded-full bg-slate-950/60 px-3 py-1 text-sm text-white rtl:translate-x-1/2">
            {t('posts.lightbox.position', { index: index + 1, count })}
          </p>
        </>
      )}
    </PhotoOverlay>
  );
}
