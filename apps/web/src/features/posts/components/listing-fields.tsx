import { CURRENCIES, LISTING_PURPOSES, LISTING_STATUSES } from '@makan/contract/listing';
import { useTranslation } from 'react-i18next';
import { Input, Select } from '../../../components/ui/field.tsx';

export const LISTING_FIELDS = [
  'purpose',
  'status',
  'price',
  'currency',
  'area_m2',
  'licence_number',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

interface ListingFieldsProps {
  values: Record<ListingField, string>;
  /** Already translated messages per field. */
  errors: Partial<Record<ListingField, string | undefined>>;
  onChange: (field: ListingField, value: string) => void;
  /** Prefix of each control's data-testid (`<prefix>-price` …); none when omitted. */
  testIdPrefix?: string;
}

/** The optional listing details of a post (purpose, status, price and currency, area, licence), for create and edit alike. */
export function ListingFields({ values, errors, onChange, testIdPrefix }: ListingFieldsProps) {
  const { t } = useTranslation();
  const field = (name: ListingField) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: errors[name],
    ...(testIdPrefix
      ? {
          'data-testid': `${testIdPrefix}-${name === 'area_m2' ? 'area' : name === 'licence_number' ? 'licence' : name}`,
        }
      : {}),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select label={t('posts.composer.purpose')} {...field('purpose')}>
        <option value="">{t('posts.composer.choose')}</option>
        {LISTING_PURPOSES.map((purpose) => (
          <option key={purpose} value={purpose}>
            {t(`posts.purpose.${purpose}`)}
          </option>
        ))}
      </Select>
      <Select label={t('posts.composer.status')} {...field('status')}>
        <option value="">{t('posts.composer.choose')}</option>
        {LISTING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`posts.status.${status}`)}
          </option>
        ))}
      </Select>
      <Input
        label={t('posts.composer.price')}
        type="number"
        inputMode="decimal"
        min={0}
        {...field('price')}
      />
      <Select label={t('posts.composer.currency')} {...field('currency')}>
        <option value="">{t('posts.composer.choose')}</option>
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </Select>
      <Input
        label={t('posts.composer.area')}
        type="number"
        inputMode="decimal"
        min={0}
        {...field('area_m2')}
      />
      <Input label={t('posts.composer.licence')} maxLength={50} dir="auto" {...field('licence_number')} />
    </div>
  );
}
