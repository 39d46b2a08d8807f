import { listFormat, type NumberFormatOptions, type PluralCategory, pluralRules } from './intl.ts';
import type { Language } from './languages.ts';
import type { ListingPurpose } from './listing.ts';
import { formatNumber, formatPrice } from './numbers.ts';
import { PROPERTY_TYPE_LABELS, PROPERTY_TYPE_LABELS_AR } from './property-types.ts';
import { MAX_PREFERRED_LOCATIONS } from './purposes.ts';
import type { SavedSearchCriteria } from './saved-searches.ts';

/**
 * A saved search said in words (issue 23), the one way both sides say it: the web's chips and the
 * name it offers, the server's name for a search saved without one, the daily email. Pure, no zod
 * (types only from the schemas), so the web's pages load it without the schemas.
 */

/** Saved searches' limits and frequencies: here, not with the schemas, so pages use them without zod. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_KEYWORD_MAX = 200;
/** Cities one search may name (any city when none): as many as onboarding lets one choose, so its first search keeps them all. */
export const SAVED_SEARCH_CITIES_MAX = MAX_PREFERRED_LOCATIONS;

/** `instant`: in the app and by push as a listing appears; `daily`: one email a day listing them. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** The listings sent with one daily email, at most (the rest are counted: 'and 12 more'). */
export const SAVED_SEARCH_DIGEST_ITEMS_MAX = 10;
/** A saved search's name, at most (characters). Here, not with the schemas: the words below cut to it without zod. */
export const SAVED_SEARCH_NAME_MAX = 80;

/** Every criterion 'any': what a search starts from (the contract refuses to save it as it is). */
export const NO_CRITERIA: SavedSearchCriteria = {
  keyword: null,
  property_types: [],
  city_ids: [],
  purpose: null,
  currency: null,
  price_min: null,
  price_max: null,
  area_min: null,
  area_max: null,
};

/** A listing's purpose as a phrase inside a line ('Office · for rent'), lower case. */
export const LISTING_PURPOSE_WORDS: Record<Language, Record<ListingPurpose, string>> = {
  en: { sale: 'for sale', rent: 'for rent', wanted: 'wanted' },
  ar: { sale: 'للبيع', rent: 'للإيجار', wanted: 'مطلوب' },
};

const WORDS = {
  en: {
    keyword: (keyword: string) => `“${keyword}”`,
    price: (range: string) => `Price ${range}`,
    currency: (currency: string) => `Priced in ${currency}`,
    area: (range: string) => `Area ${range}`,
    squareMetres: (value: string) => `${value} m²`,
    between: (min: string, max: string) => `${min} – ${max}`,
    from: (min: string) => `from ${min}`,
    upTo: (max: string) => `up to ${max}`,
    cities: { one: '{count} city', other: '{count} cities' } as Partial<Record<PluralCategory, string>>,
    unnamed: 'My search',
  },
  ar: {
    keyword: (keyword: string) => `«${keyword}»`,
    price: (range: string) => `السعر ${range}`,
    currency: (currency: string) => `بعملة ${currency}`,
    area: (range: string) => `المساحة ${range}`,
    squareMetres: (value: string) => `${value} م²`,
    between: (min: string, max: string) => `${min} – ${max}`,
    from: (min: string) => `من ${min}`,
    upTo: (max: string) => `حتى ${max}`,
    cities: {
      zero: 'لا مدن',
      one: 'مدينة واحدة',
      two: 'مدينتان',
      few: '{count} مدن',
      other: '{count} مدينة',
    } as Partial<Record<PluralCategory, string>>,
    unnamed: 'بحثي',
  },
} as const;

/** An area in square metres, in the language's digits and unit ('250 m²' / '250 م²'). */
export function formatArea(value: number, language: Language, options?: NumberFormatOptions): string {
  return WORDS[language].squareMetres(formatNumber(value, language, options));
}

/** 'Office or Shop' / 'مكتب أو محل': the language's way of listing alternatives. */
function orList(items: readonly string[], language: Language): string {
  return listFormat(language, { type: 'disjunction' }).format(items);
}

/** One criterion said in words, and which criterion it is (for tests and styling). */
export interface CriterionPart {
  key: 'keyword' | 'types' | 'purpose' | 'cities' | 'price' | 'area' | 'currency';
  text: string;
}

/**
 * The criteria in words: the keyword, the types, the purpose, the cities, the price range in its
 * currency, the area range. `cityNames` are the chosen cities' names in the language, as far as known;
 * while none is known the cities are counted ('3 cities').
 */
export function describeCriteria(
  criteria: SavedSearchCriteria,
  language: Language,
  cityNames: readonly string[],
): CriterionPart[] {
  const w = WORDS[language];
  const parts: CriterionPart[] = [];
  if (criteria.keyword) parts.push({ key: 'keyword', text: w.keyword(criteria.keyword) });
  if (criteria.property_types.length > 0) {
    const labels = language === 'ar' ? PROPERTY_TYPE_LABELS_AR : PROPERTY_TYPE_LABELS;
    parts.push({
      key: 'types',
      text: orList(
        criteria.property_types.map((type) => labels[type]),
        language,
      ),
    });
  }
  if (criteria.purpose)
    parts.push({ key: 'purpose', text: LISTING_PURPOSE_WORDS[language][criteria.purpose] });
  if (criteria.city_ids.length > 0) {
    const count = criteria.city_ids.length;
    const counted = w.cities[pluralRules(language).select(count)] ?? w.cities.other ?? '';
    parts.push({
      key: 'cities',
      text:
        cityNames.length > 0
          ? orList(cityNames, language)
          : counted.replace('{count}', formatNumber(count, language)),
    });
  }
  const currency = criteria.currency;
  const money = (value: number) =>
    currency ? formatPrice(value, currency, language) : formatNumber(value, language);
  const price = range(w, criteria.price_min, criteria.price_max, money);
  if (price) parts.push({ key: 'price', text: w.price(price) });
  else if (currency) parts.push({ key: 'currency', text: w.currency(currency) });
  const area = range(w, criteria.area_min, criteria.area_max, (value) => formatArea(value, language));
  if (area) parts.push({ key: 'area', text: w.area(area) });
  return parts;
}

/** 'SAR 100,000 – SAR 500,000', 'from …', 'up to …', or null for any. */
function range(
  w: (typeof WORDS)[Language],
  min: number | null,
  max: number | null,
  show: (value: number) => string,
): string | null {
  if (min !== null && max !== null) return w.between(show(min), show(max));
  if (min !== null) return w.from(show(min));
  if (max !== null) return w.upTo(show(max));
  return null;
}

/** A name cut to the contract's length, on a whole character (an ellipsis when cut). */
export function fitSavedSearchName(name: string): string {
  const characters = [...name.trim()];
  if (characters.length <= SAVED_SEARCH_NAME_MAX) return characters.join('');
  return `${characters
    .slice(0, SAVED_SEARCH_NAME_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/** The name a search gets from its criteria ('Office or Warehouse · for rent · Riyadh'), within the contract's length. */
export function savedSearchName(parts: readonly CriterionPart[], language: Language): string {
  return fitSavedSearchName(
    parts.length > 0 ? parts.map((part) => part.text).join(' · ') : WORDS[language].unnamed,
  );
}
