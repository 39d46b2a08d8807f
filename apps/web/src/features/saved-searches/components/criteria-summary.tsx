import type { CriterionPart } from '@makan/contract/saved-search-words';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx.ts';

/** The criteria as small chips, each in the reader's language (user-written words isolated), each starting with a capital. */
export function CriteriaSummary({ parts, testId }: { parts: readonly CriterionPart[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('savedSearches.save.looksFor')} data-testid={testId}>
      {parts.map((part) => (
        <li
          key={part.key}
          data-criterion={part.key}
          className={cx(
            'rounded-full border border-slate-200 bg-slate-50 px-2.5 py-0.5 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200',
            // A chip stands alone: 'For rent', where the name says 'Offices · for rent' (the keyword as typed).
            part.key !== 'keyword' && 'first-letter:uppercase',
          )}
        >
          <bdi dir={part.key === 'keyword' ? 'auto' : undefined}>{part.text}</bdi>
        </li>
      ))}
    </ul>
  );
}
