import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Select } from '../../../components/ui/field.tsx';
import { SuggestionList } from '../../../components/ui/suggestion-list.tsx';
import { cityName, countryName, useCitySearch } from '../../../lib/cities.ts';
import { useCloseAfterBlur, useDebouncedValue } from '../../../lib/debounce.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';
import type { ComposerValues } from '../composer-rules.ts';

export type PlaceValues = Pick<ComposerValues, 'property_type' | 'location_id' | 'location'>;

interface PlaceFieldsProps {
  values: PlaceValues;
  /** Already translated messages. */
  errors: { property_type?: string | undefined; location?: string | undefined };
  /** The fields that changed (a typed location also forgets the city chosen before). */
  onChange: (change: Partial<PlaceValues>) => void;
  /** `<prefix>-type`, `<prefix>-location`, `<prefix>-cities`. */
  testIdPrefix: string;
}

/**
 * A post's property type and location (a city picked from the search, or free text), for create and
 * edit alike.
 */
export function PlaceFields({ values, errors, onChange, testIdPrefix }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [cityOpen, setCityOpen] = useState(false);
  const closeCities = useCloseAfterBlur(() => setCityOpen(false));
  const cityQuery = useDebouncedValue(values.location_id ? '' : values.location.trim());
  const cities = useCitySearch(cityQuery);
  const cityList = cityOpen && !values.location_id && cityQuery ? (cities.data ?? []) : [];

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('posts.composer.propertyType')}
        requiredMark
        required
        value={values.property_type}
        onChange={(event) => onChange({ property_type: event.target.value })}
        error={errors.property_type}
        data-testid={`${testIdPrefix}-type`}
      >
        <option value="">{t('posts.composer.choose')}</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {propertyTypeLabel(type, language)}
          </option>
        ))}
      </Select>

      <div className="relative">
        <Input
          label={t('posts.composer.location')}
          requiredMark
          required
          value={values.location}
          onChange={(event) => {
            onChange({ location: event.target.value, location_id: '' });
            setCityOpen(true);
          }}
          onFocus={() => {
            closeCities.cancel();
            setCityOpen(true);
          }}
          onBlur={closeCities.schedule}
          placeholder={t('posts.composer.locationPlaceholder')}
          autoComplete="off"
          dir="auto"
          maxLength={200}
          hint={
            values.location_id
              ? t('posts.composer.cityChosen', { name: values.location })
              : t('posts.composer.locationHint')
          }
          error={errors.location}
          data-testid={`${testIdPrefix}-location`}
        />
        <SuggestionList
          items={cityList.map((city) => ({
            id: city.id,
            label: cityName(city, language),
            detail: countryName(city.country_code, language),
          }))}
          onPick={(city) => {
            onChange({ location: city.label, location_id: String(city.id) });
            setCityOpen(false);
          }}
          className="top-[4.6rem]"
          testId={`${testIdPrefix}-cities`}
        />
      </div>
    </div>
  );
}
