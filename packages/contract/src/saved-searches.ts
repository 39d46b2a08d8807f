import { z } from 'zod';
import { AREA_MAX, CURRENCIES, invertedRanges, LISTING_PURPOSES, PRICE_MAX } from './listing.ts';
import { postSchema } from './posts.ts';
import { PROPERTY_TYPES } from './property-types.ts';
import {
  SAVED_SEARCH_CITIES_MAX,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_KEYWORD_MAX,
  SAVED_SEARCH_NAME_MAX,
} from './saved-search-words.ts';
import { formatText, TEXT } from './texts.ts';

/**
 * Saved searches (issue 23): what a buyer or tenant looks for, kept, run again, and told of when a
 * listing appears that matches it (instantly in the app and by push, or in a daily email). The
 * criteria are the feed's filters with several types and cities, and the search's keyword.
 */

/** Absent or null: 'any' (null in the output). */
const orAny = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);
const amount = (max: number) => orAny(z.number().min(0).max(max));

const criteriaFields = z.object({
  /** Words every listing must have (the search's folding and prefix rule); null for any. */
  keyword: z
    .string()
    .trim()
    .max(SAVED_SEARCH_KEYWORD_MAX, formatText(TEXT.maxLength, { length: SAVED_SEARCH_KEYWORD_MAX }))
    .nullish()
    .transform((k) => (k ? k : null)),
  /** Any of these types; empty for any type. */
  property_types: z
    .array(z.enum(PROPERTY_TYPES))
    .max(PROPERTY_TYPES.length)
    .default([])
    .transform((types) => [...new Set(types)].sort()),
  /** Any of these cities (ids); empty for anywhere. */
  city_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .max(SAVED_SEARCH_CITIES_MAX, formatText(TEXT.savedSearchCitiesMax, { count: SAVED_SEARCH_CITIES_MAX }))
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  purpose: orAny(z.enum(LISTING_PURPOSES)),
  /** With a currency, only listings priced in it (as the feed's filter). */
  currency: orAny(z.enum(CURRENCIES)),
  price_min: amount(PRICE_MAX),
  price_max: amount(PRICE_MAX),
  area_min: amount(AREA_MAX),
  area_max: amount(AREA_MAX),
});

/** What a saved search looks for: at least one criterion, ranges that make sense. */
export const savedSearchCriteria = criteriaFields.superRefine((c, context) => {
  for (const { field, message } of invertedRanges(c))
    context.addIssue({ code: 'custom', path: [field], message });
  const any =
    c.keyword !== null ||
    c.property_types.length > 0 ||
    c.city_ids.length > 0 ||
    c.purpose !== null ||
    c.currency !== null ||
    c.price_min !== null ||
    c.price_max !== null ||
    c.area_min !== null ||
    c.area_max !== null;
  if (!any) context.addIssue({ code: 'custom', path: [], message: TEXT.savedSearchEmpty });
});
export type SavedSearchCriteria = z.output<typeof savedSearchCriteria>;
export type SavedSearchCriteriaInput = z.input<typeof savedSearchCriteria>;

const name = z
  .string()
  .trim()
  .min(1, TEXT.required)
  .max(SAVED_SEARCH_NAME_MAX, formatText(TEXT.maxLength, { length: SAVED_SEARCH_NAME_MAX }));

export const createSavedSearchRequest = z.object({
  /** Made from the criteria in the user's language when not given. */
  name: name.optional(),
  criteria: savedSearchCriteria,
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES).default('instant'),
});
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchRequest>;

/** Rename, pause or resume, change how often: any of them. */
export const updateSavedSearchRequest = z
  .object({
    name: name.optional(),
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES).optional(),
    paused: z.boolean().optional(),
  })
  .refine((u) => u.name !== undefined || u.frequency !== undefined || u.paused !== undefined, {
    message: TEXT.required,
  });
export type UpdateSavedSearchRequest = z.input<typeof updateSavedSearchRequest>;

/** The criteria as saved and sent back: every field there, nulls and empty lists for 'any'. */
const criteriaView = z.object({
  keyword: z.string().nullable(),
  property_types: z.array(z.enum(PROPERTY_TYPES)),
  city_ids: z.array(z.number().int()),
  purpose: z.enum(LISTING_PURPOSES).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  area_min: z.number().nullable(),
  area_max: z.number().nullable(),
});

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  criteria: criteriaView,
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  paused: z.boolean(),
  /** Listings that matched since the user last ran it (or since it was saved). */
  new_count: z.number().int(),
  /** When the user last ran it; null when never. */
  last_opened_at: z.string().nullable(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesResult = z.object({
  saved_searches: z.array(savedSearchSchema),
  /** SAVED_SEARCHES_MAX, so the app can say how many are left. */
  max: z.number().int(),
});
export type SavedSearchesResult = z.infer<typeof savedSearchesResult>;

export const savedSearchParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Running a saved search: its listings newest first (the first page also marks it seen). */
export const savedSearchPostsQuery = z.object({
  cursor: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export const savedSearchPostsResult = z.object({
  saved_search: savedSearchSchema,
  posts: z.array(postSchema),
  next_cursor: z.number().int().nullable(),
});
export type SavedSearchPostsResult = z.infer<typeof savedSearchPostsResult>;
