import { CURRENCIES, LISTING_PURPOSES } from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { SuggestionList } from '../../../components/ui/suggestion-list.tsx';
import { cityName, countryName, useCitySearch } from '../../../lib/cities.ts';
import { useCloseAfterBlur, useDebouncedValue } from '../../../lib/debounce.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';
import type { FeedFilters } from '../api/feed.ts';
import type { RangeErrors } from '../feed-filter-rules.ts';

const controlClasses =
  'h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-primary-600/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const labelClasses = 'text-xs font-medium text-slate-700 dark:text-slate-300';

type RangeKey = 'price_min' | 'price_max' | 'area_min' | 'area_max';

/** `filters` with `key` set to `value`, or without `key` when `value` is undefined. */
export function withFilter<K extends keyof FeedFilters>(
  filters: FeedFilters,
  key: K,
  value: FeedFilters[K] | undefined,
): FeedFilters {
  if (filters[key] === value) return filters;
  const next = { ...filters };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A number box that commits to the filters only once typing has paused (spec §9: 300 ms). */
function RangeInput({
  name,
  label,
  onCommit,
  errorId,
}: {
  name: RangeKey;
  label: string;
  onCommit: (value: number | undefined) => void;
  /** The range's error, when its minimum is above its maximum. */
  errorId?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    const number = debounced.trim() === '' ? undefined : Number(debounced);
    // A half-typed or negative number filters nothing rather than sending what the server refuses.
    commit.current(number !== undefined && Number.isFinite(number) && number >= 0 ? number : undefined);
  }, [debounced]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        className={`${controlClasses} w-32`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        data-testid={`filter-${name.replace('_', '-')}`}
      />
    </div>
  );
}

/** A city search over /api/cities; picking one filters by its id, emptying the box drops the filter. */
function CityFilter({ onPick }: { onPick: (city: number | undefined) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState(false);
  const [open, setOpen] = useState(false);
  const closeList = useCloseAfterBlur(() => setOpen(false));
  const query = useDebouncedValue(picked ? '' : text.trim());
  const cities = useCitySearch(query);
  const items =
    open && !picked && query
      ? (cities.data ?? []).map((city) => ({
          id: city.id,
          label: cityName(city, language),
          detail: countryName(city.country_code, language),
        }))
      : [];
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className={labelClasses}>
        {t('posts.filters.city')}
      </label>
      <input
        id={id}
        className={`${controlClasses} w-44`}
        value={text}
        placeholder={t('posts.filters.cityPlaceholder')}
        autoComplete="off"
        dir="auto"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (picked) {
            setPicked(false);
            onPick(undefined);
          }
        }}
        onFocus={() => {
          closeList.cancel();
          setOpen(true);
        }}
        onBlur={closeList.schedule}
        data-testid="filter-city"
      />
      <SuggestionList
        items={items}
        onPick={(city) => {
          setText(city.label);
          setPicked(true);
          setOpen(false);
          onPick(city.id);
        }}
        className="top-[4.25rem] w-64"
        testId="filter-cities"
      />
    </div>
  );
}

/** The feed's filters: type, purpose, city, price (with currency) and area ranges. */
export function FeedFiltersBar({
  value,
  onChange,
  errors = {},
}: {
  value: FeedFilters;
  onChange: Dispatch<SetStateAction<FeedFilters>>;
  /** Ranges refused by the contract (a minimum above its maximum), said under the boxes. */
  errors?: RangeErrors;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  // Bumped by "Clear filters" so the boxes that keep their own text (city, ranges) start empty again.
  const [generation, setGeneration] = useState(0);
  const active = Object.values(value).some((item) => item !== undefined);
  const range = (name: RangeKey) => (number: number | undefined) =>
    onChange((old) => withFilter(old, name, number));
  const priceErrorId = errors.price_max ? `${id}-price-error` : undefined;
  const areaErrorId = errors.area_max ? `${id}-area-error` : undefined;
  return (
    <fieldset className="flex flex-wrap items-end gap-3" data-testid="feed-filters">
      <legend className="sr-only">{t('posts.filters.title')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-type`} className={labelClasses}>
          {t('posts.composer.propertyType')}
        </label>
        <select
          id={`${id}-type`}
          className={controlClasses}
          value={value.property_type ?? ''}
          data-testid="filter-type"
          onChange={(event) => {
            const type = PROPERTY_TYPES.find((item) => item === event.target.value);
            onChange((old) => withFilter(old, 'property_type', type));
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
        <label htmlFor={`${id}-purpose`} className={labelClasses}>
          {t('posts.composer.purpose')}
        </label>
        <select
          id={`${id}-purpose`}
          className={controlClasses}
          value={value.purpose ?? ''}
          data-testid="filter-purpose"
          onChange={(event) => {
            const purpose = LISTING_PURPOSES.find((item) => item === event.target.value);
            onChange((old) => withFilter(old, 'purpose', purpose));
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
      <CityFilter
        key={`city-${generation}`}
        onPick={(city) => onChange((old) => withFilter(old, 'city', city))}
      />
      <RangeInput
        key={`pmin-${generation}`}
        errorId={priceErrorId}
        name="price_min"
        label={t('posts.filters.priceMin')}
        onCommit={range('price_min')}
      />
      <RangeInput
        key={`pmax-${generation}`}
        errorId={priceErrorId}
        name="price_max"
        label={t('posts.filters.priceMax')}
        onCommit={range('price_max')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-currency`} className={labelClasses}>
          {t('posts.composer.currency')}
        </label>
        <select
          id={`${id}-currency`}
          className={controlClasses}
          value={value.currency ?? ''}
          data-testid="filter-currency"
          onChange={(event) => {
            const currency = CURRENCIES.find((item) => item === event.target.value);
            onChange((old) => withFilter(old, 'currency', currency));
          }}
        >
          <option value="">{t('posts.filters.all')}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </div>
      <RangeInput
        key={`amin-${generation}`}
        errorId={areaErrorId}
        name="area_min"
        label={t('posts.filters.areaMin')}
        onCommit={range('area_min')}
      />
      <RangeInput
        key={`amax-${generation}`}
        errorId={areaErrorId}
        name="area_max"
        label={t('posts.filters.areaMax')}
        onCommit={range('area_max')}
      />
      {(['price_max', 'area_max'] as const).map((field) => {
        const message = errors[field];
        return (
          <ErrorText
            key={field}
            id={field === 'price_max' ? priceErrorId : areaErrorId}
            className="w-full"
            testId={`filter-${field === 'price_max' ? 'price' : 'area'}-error`}
          >
            {message && translateMessage(t, message)}
          </ErrorText>
        );
      })}
      {active && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setGeneration((n) => n + 1);
            onChange({});
          }}
          data-testid="filter-clear"
        >
          {t('posts.filters.clear')}
        </Button>
      )}
    </fieldset>
  );
}
