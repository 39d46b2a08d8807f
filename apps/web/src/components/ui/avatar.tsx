import { useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { imageSrcSet } from '../../lib/media.ts';
import { initials } from '../../lib/time.ts';

export type AvatarSize = 'sm' | 'md' | 'lg';

/** Pixel sizes: the profile picture is 96 (spec §9); lists use smaller ones. */
const sizes: Record<AvatarSize, { px: number; box: string; text: string }> = {
  sm: { px: 40, box: 'size-10', text: 'text-sm' },
  md: { px: 56, box: 'size-14', text: 'text-lg' },
  lg: { px: 96, box: 'size-24', text: 'text-3xl' },
};

interface AvatarProps {
  name: string;
  /** The picture's URL; without one (or when it fails to load) the initials show. */
  src?: string | null | undefined;
  size?: AvatarSize;
  /** Alternative text; empty (decorative) by default, as the name is usually written beside it. */
  alt?: string;
  className?: string;
  testId?: string;
}

/** A round profile picture, or the initials of the first two words of the name (spec §9). */
export function Avatar({ name, src, size = 'md', alt = '', className, testId }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const { px, box, text } = sizes[size];
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      data-testid={testId}
      className={cx(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none',
        'bg-primary-100 font-semibold text-primary-800 dark:bg-primary-900 dark:text-primary-100',
        box,
        text,
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          srcSet={imageSrcSet(src, [96, 192, 384])}
          sizes={`${px}px`}
          alt={alt}
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          className="size-full object-cover"
        />
      ) : alt ? (
        <span role="img" aria-label={alt}>
          {initials(name)}
        </span>
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
