import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Inside a control that already says what is happening. */
  decorative?: boolean;
  label?: string;
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ size = 'md', decorative = false, label, className }: SpinnerProps) {
  const { t } = useTranslation();
  const circle = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-e-transparent align-middle',
        sizes[size],
        className,
      )}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {circle}
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/**
 * A centred spinner for a page that is loading. It holds a screen's height, so the footer stays below
 * the fold until the page arrives instead of jumping down when it does (layout shift).
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-start justify-center pt-[15vh] text-primary-700 dark:text-primary-300">
      <Spinner size="lg" />
    </div>
  );
}
