import { TEXT } from './texts.ts';

/**
 * A listing's words and limits, and the pure helpers around them, without zod: what a page may use
 * without loading the schemas (posts.ts builds its schemas from these).
 */

export const LISTING_PURPOSES = ['sale', 'rent', 'wanted'] as const;
export const LISTING_STATUSES = ['available', 'under_offer', 'closed'] as const;
export const CURRENCIES = ['SAR', 'AED', 'QAR', 'KWD', 'BHD', 'OMR', 'EGP', 'JOD', 'USD'] as const;
export type ListingPurpose = (typeof LISTING_PURPOSES)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export type Currency = (typeof CURRENCIES)[number];

export const LOCATION_MAX = 200;
export const LICENCE_MAX = 50;
export const PRICE_MAX = 1e12;
export const AREA_MAX = 1e9;

export const MENTIONS_MAX = 10;

/** True when a post would have something to show: a description or at least one photo. */
export function hasContent(description: string | undefined | null, photos: number): boolean {
  return (description?.trim().length ?? 0) > 0 || photos > 0;
}

/** One place in an edited post's photo order: a kept photo (by id) or the N-th new file (from 0). */
export type MediaSlot = { kept: number } | { added: number };

/** How a new file is named in `media_order`: `new:0` is the first file sent in `media[]`. */
export const NEW_MEDIA_PREFIX = 'new:';

/** The `media_order` text of slots (the web's side of `mediaOrder`). */
export const formatMediaOrder = (slots: readonly MediaSlot[]): string =>
  slots.map((slot) => ('kept' in slot ? String(slot.kept) : `${NEW_MEDIA_PREFIX}${slot.added}`)).join(',');

/** Spec §3 post: shares_count is the spec's fixed placeholder of 10. */
export const SHARES_PLACEHOLDER = 10;

/**
 * The feed's orders: `ranked` ('For you': the viewer's property types, cities, purpose and the
 * accounts they follow, mixed with recency) or `latest` (newest first).
 */
export const FEED_ORDERS = ['ranked', 'latest'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

/**
 * Where a ranked page ended: its last post's score and id, and the newest post id when the first
 * page was read (later posts wait for the next first page). Written `score.id.snapshot`.
 */
export type RankedCursor = { score: number; id: number; snapshot: number };
export const formatRankedCursor = (c: RankedCursor): string => `${c.score}.${c.id}.${c.snapshot}`;

type RangeBound = 'price_min' | 'price_max' | 'area_min' | 'area_max';

/**
 * The price and area ranges whose minimum is above their maximum: such a range matches nothing, and is
 * refused on the maximum, in the catalogue's words. The feed's query, a saved search's criteria and the
 * web's filters all check it here.
 */
export function invertedRanges(
  values: Partial<Record<RangeBound, number | null | undefined>>,
): { field: 'price_max' | 'area_max'; message: string }[] {
  const ranges = [
    ['price_min', 'price_max', TEXT.priceRange],
    ['area_min', 'area_max', TEXT.areaRange],
  ] as const;
  const refused: { field: 'price_max' | 'area_max'; message: string }[] = [];
  for (const [min, max, message] of ranges) {
    const low = values[min];
    const high = values[max];
    if (low != null && high != null && low > high) refused.push({ field: max, message });
  }
  return refused;
}
