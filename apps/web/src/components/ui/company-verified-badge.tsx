import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { ShieldCheckIcon } from './icons/shield-check.tsx';

/**
 * The 'Verified company' mark (issue 21: staff checked the company's commercial registration), drawn
 * apart from the round email-and-phone `VerifiedBadge`: a shield with its words in a pill. `compact`
 * keeps only the shield (named for screen readers and on hover) where a line has no room.
 */
export function CompanyVerifiedBadge({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('common.companyVerified');
  if (compact)
    return (
      <span
        role="img"
        aria-label={label}
        title={label}
        data-testid="company-verified-badge"
        className={cx('inline-flex size-4 shrink-0 text-emerald-700 dark:text-emerald-400', className)}
      >
        <ShieldCheckIcon className="size-full" />
      </span>
    );
  return (
    <span
      data-testid="company-verified-badge"
      className={cx(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
        className,
      )}
    >
      <ShieldCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
      {label}
    </span>
  );
}
