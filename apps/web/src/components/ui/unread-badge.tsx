import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/numbers.ts';

/** A round count; 99+ beyond that. Decorative: the control it sits on says the number in words. */
export function UnreadBadge({
  count,
  className,
  testId,
}: {
  count: number;
  className?: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      data-count={count}
      className={cx(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-700 px-1.5 text-xs font-bold text-white dark:bg-primary-400 dark:text-slate-950',
        className,
      )}
    >
      {count > 99 ? `${formatNumber(99, i18n.language)}+` : formatNumber(count, i18n.language)}
    </span>
  );
}
