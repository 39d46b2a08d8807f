import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { VerifiedIcon } from './icons/verified.tsx';

/** The verified mark (email and phone both verified), named for screen readers and on hover. */
export function VerifiedBadge({ className, testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('common.verified')}
      title={t('common.verified')}
      data-testid={testId}
      className={cx('inline-flex shrink-0 text-sky-600 dark:text-sky-400', className)}
    >
      <VerifiedIcon className="size-full" />
    </span>
  );
}
