import { LISTING_PURPOSES } from '@makan/contract/posts';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import type { FeedFilters } from '../api/feed.ts';
import { propertyTypeLabel } from '../format.ts';

const selectClasses =
  'h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-primary-600/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** The feed's filters: property type and purpose (the server also takes city, price and area). */
export function FeedFiltersBar({
  value,
  onChange,
}: {
  value: FeedFilters;
  onChange: (next: FeedFilters) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const active = value.property_type !== undefined || value.purpose !== undefined;
  return (
    <fieldset className="flex flex-wrap items-end gap-3" data-testid="feed-filters">
      <legend className="sr-only">{t('posts.filters.title')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-type`} className="text-xs font-medium text-slate-700 dark:text-slate-300">
          {t('posts.composer.propertyType')}
        </label>
        <select
          id={`${id}-type`}
          className={selectClasses}
          value={value.property_type ?? ''}
          data-testid="filter-type"
          onChange={(event) => {
            const type = PROPERTY_TYPES.find((item) => item === event.target.value);
            const { property_type: _omit, ...rest } = value;
            onChange(type ? { ...rest, property_type: type } : rest);
          }}
        >
          <option value="">{t('posts.filters.all')}</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabel(type, language)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-purpose`} className="text-xs font-medium text-slate-700 dark:text-slate-300">
          {t('posts.composer.purpose')}
        </label>
        <select
          id={`${id}-purpose`}
          className={selectClasses}
          value={value.purpose ?? ''}
          data-testid="filter-purpose"
          onChange={(event) => {
            const purpose = LISTING_PURPOSES.find((item) => item === event.target.value);
            const { purpose: _omit, ...rest } = value;
            onChange(purpose ? { ...rest, purpose } : rest);
          }}
        >
          <option value="">{t('posts.filters.all')}</option>
          {LISTING_PURPOSES.map((purpose) => (
            <option key={purpose} value={purpose}>
              {t(`posts.purpose.${purpose}`)}
            </option>
          ))}
        </select>
      </div>
      {active && (
        <Button variant="ghost" size="sm" onClick={() => onChange({})} data-testid="filter-clear">
          {t('posts.filters.clear')}
        </Button>
      )}
    </fieldset>
  );
}
