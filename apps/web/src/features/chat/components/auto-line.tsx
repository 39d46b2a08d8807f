import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx.ts';
import { directionOf, useLanguage } from '../../../lib/i18n.ts';
import { textDirection } from '../format.ts';

/**
 * One line of user-written text, cut with an ellipsis at the end of its own direction (as
 * `dir="auto"` would), yet lined up with the page: an English name in the Arabic list stays on
 * the right, like the Arabic names around it.
 */
export function AutoLine({
  text,
  children,
  className,
  testId,
}: {
  text: string;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const page = directionOf(useLanguage());
  const own = textDirection(text) ?? page;
  return (
    <span
      dir={own}
      data-testid={testId}
      className={cx('block truncate', own === page ? 'text-start' : 'text-end', className)}
    >
      {children ?? text}
    </span>
  );
}
