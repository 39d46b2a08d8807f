import { invertedRanges } from '@makan/contract/listing';
import type { FeedFilters } from './api/feed.ts';

type RangeMax = 'price_max' | 'area_max';
export type RangeErrors = Partial<Record<RangeMax, string>>;

const RANGES: Record<RangeMax, ReadonlyArray<keyof FeedFilters>> = {
  price_max: ['price_min', 'price_max'],
  area_max: ['area_min', 'area_max'],
};
const isRangeMax = (field: unknown): field is RangeMax => field === 'price_max' || field === 'area_max';

/**
 * The ranges the contract refuses (a minimum above its maximum: the server answers 422), by the
 * contract's own rule (the feed query's schema checks it there), with its texts. Pure.
 */
export function rangeErrors(filters: FeedFilters): RangeErrors {
  const errors: RangeErrors = {};
  for (const { field, message } of invertedRanges(filters)) errors[field] ??= message;
  return errors;
}

/** What the feed asks for: the filters without a refused range, so the rest still applies. Pure. */
export function appliedFilters(filters: FeedFilters, errors: RangeErrors): FeedFilters {
  const refused = Object.keys(errors).flatMap((field) => (isRangeMax(field) ? RANGES[field] : []));
  if (refused.length === 0) return filters;
  const next = { ...filters };
  for (const key of refused) delete next[key];
  return next;
}

/** Whether any filter is set. */
export function hasFilters(filters: FeedFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
