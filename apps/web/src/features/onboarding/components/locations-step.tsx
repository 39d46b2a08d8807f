import type { City } from '@makan/contract/cities';
import { MAX_PREFERRED_LOCATIONS } from '@makan/contract/purposes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { CloseIcon } from '../../../components/ui/icons/close.tsx';
import { MapPinIcon } from '../../../components/ui/icons/map-pin.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cityName, countryName, useCities, useCitySearch } from '../../../lib/cities.ts';
import { cx } from '../../../lib/cx.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { useLanguage } from '../../../lib/i18n.ts';

interface LocationsStepProps {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}

/** Step 3: search cities (debounced, spec §9) and keep the chosen ones as removable chips. */
export function LocationsStep({ selected, onChange }: LocationsStepProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const inputId = useId();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim());
  const search = useCitySearch(q, { suggest: true });
  const chosen = useCities(selected);
  const full = selected.length >= MAX_PREFERRED_LOCATIONS;

  const toggle = (city: City) => {
    if (selected.includes(city.id)) onChange(selected.filter((id) => id !== city.id));
    else if (!full) onChange([...selected, city.id]);
  };
  const remove = (id: number) => onChange(selected.filter((other) => other !== id));
  const results = search.data ?? [];
  const searching = search.isFetching || q !== query.trim();

  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200" id={`${resultsId}-selected`}>
          {t('onboarding.selected')}
        </p>
        {selected.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="onboarding-no-cities">
            {t('onboarding.noneSelected')}
          </p>
        ) : (
          <ul
            aria-labelledby={`${resultsId}-selected`}
            className="mt-2 flex flex-wrap gap-2"
            data-testid="onboarding-selected-cities"
          >
            {selected.map((id) => {
              const city = chosen.cities.find((c) => c.id === id);
              const name = city ? cityName(city, language) : null;
              return (
                <li key={id}>
                  <span className="inline-flex h-9 items-center gap-1.5 rounded-full bg-primary-50 ps-3 pe-1 text-sm font-medium text-primary-900 ring-1 ring-primary-200 dark:bg-primary-950 dark:text-primary-50 dark:ring-primary-800">
                    <MapPinIcon className="size-4 shrink-0" />
                    {name ?? <Spinner size="sm" />}
                    <button
                      type="button"
                      onClick={() => remove(id)}
                      aria-label={t('onboarding.remove', { name: name ?? String(id) })}
                      data-testid={`onboarding-remove-city-${id}`}
                      className="ms-0.5 inline-flex size-7 items-center justify-center rounded-full hover:bg-primary-100 dark:hover:bg-primary-900"
                    >
                      <CloseIcon className="size-4" />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('onboarding.searchLabel')}
        </label>
        <SearchInput
          id={inputId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('onboarding.searchPlaceholder')}
          aria-controls={resultsId}
          busy={searching}
          data-testid="onboarding-city-search"
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {full ? t('onboarding.maxCities', { count: MAX_PREFERRED_LOCATIONS }) : t('onboarding.searchHint')}
        </p>
      </div>

      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {q ? t('onboarding.results') : t('onboarding.suggestions')}
        </p>
        <p aria-live="polite" className="sr-only">
          {/* Only a search has results to count: the suggestions are not 'cities found'. */}
          {q && search.isSuccess && !searching ? t('onboarding.resultsCount', { count: results.length }) : ''}
        </p>
        {search.isError ? (
          <ErrorText className="mt-2">{t('onboarding.searchFailed')}</ErrorText>
        ) : search.isSuccess && results.length === 0 && !searching ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="onboarding-no-results">
            {t('onboarding.noCities', { query: q })}
          </p>
        ) : (
          <ul id={resultsId} className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="onboarding-city-results">
            {results.map((city) => {
              const isSelected = selected.includes(city.id);
              const name = cityName(city, language);
              return (
                <li key={city.id}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    disabled={!isSelected && full}
                    onClick={() => toggle(city)}
                    data-testid={`onboarding-city-${city.id}`}
                    className={cx(
                      'flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-start transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                      isSelected
                        ? 'border-primary-600 bg-primary-50 dark:border-primary-400 dark:bg-primary-950'
                        : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
                    )}
                  >
                    <span
                      className={cx(
                        'flex size-8 shrink-0 items-center justify-center rounded-full',
                        isSelected
                          ? 'bg-primary-700 text-white dark:bg-primary-400 dark:text-slate-950'
                          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
                      )}
                    >
                      {isSelected ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900 dark:text-slate-50">
                        {name}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {countryName(city.country_code, language)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
