import type { PostMedia } from '@makan/contract/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx.ts';
import { Lightbox } from './lightbox.tsx';

const SHOWN = 4;

/**
 * Up to four photos in a grid; the fourth says how many more there are. Any opens the lightbox.
 * `first`: the grid is on the first screen (the post page, the first card of a list): its photos load at
 * once, the first ahead of everything else (it is the page's largest paint), not when the browser
 * has laid the page out and seen them in view.
 */
export function PhotoGrid({
  media,
  author,
  first = false,
}: {
  media: PostMedia[];
  author: string;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const shown = media.slice(0, SHOWN);
  const more = media.length - shown.length;
  return (
    <>
      <div
        data-testid="post-photos"
        className={cx('grid gap-0.5 overflow-hidden', shown.length === 1 ? 'grid-cols-1' : 'grid-cols-2')}
      >
        {shown.map((item, index) => (
          <button
            key={item.id}
            type="button"
            onClick={() => setOpen(index)}
            className={cx(
              'relative block overflow-hidden bg-slate-100 dark:bg-slate-800',
              shown.length === 1 ? 'aspect-[4/3]' : 'aspect-square',
              shown.length === 3 && index === 0 && 'row-span-2 aspect-auto',
            )}
          >
            <img
              src={item.url}
              alt={t('posts.card.photoAlt', { index: index + 1, name: author })}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first && index === 0 ? 'high' : 'auto'}
              decoding="async"
              width={item.width}
              height={item.height}
              className="size-full object-cover"
            />
            {index === SHOWN - 1 && more > 0 && (
              <span className="absolute inset-0 flex items-center justify-center bg-slate-950/55 text-2xl font-bold text-white">
                {t('posts.card.morePhotos', { count: more })}
              </span>
            )}
          </button>
        ))}
      </div>
      {open !== null && (
        <Lightbox
          media={media}
          author={author}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
