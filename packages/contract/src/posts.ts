import { z } from 'zod';
import { LIMITS } from './limits.ts';
import {
  AREA_MAX,
  CURRENCIES,
  FEED_ORDERS,
  invertedRanges,
  LICENCE_MAX,
  LISTING_PURPOSES,
  LISTING_STATUSES,
  LOCATION_MAX,
  MENTIONS_MAX,
  type MediaSlot,
  NEW_MEDIA_PREFIX,
  PRICE_MAX,
  type RankedCursor,
} from './listing.ts';
import { PROPERTY_TYPES } from './property-types.ts';
import { formatText, TEXT } from './texts.ts';

/** A missing property type is required; one outside the list is not a valid property type. */
const propertyTypeError = (issue: { input?: unknown }) =>
  issue.input === undefined ? TEXT.required : TEXT.invalidPropertyType;

/** Multipart text fields arrive as strings; '' means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const postText = z
  .string()
  .trim()
  .min(1, formatText(TEXT.minLength, { length: 1 }))
  .max(LIMITS.postTextMax, formatText(TEXT.maxLength, { length: LIMITS.postTextMax }));

export const commentText = z
  .string({ error: TEXT.required })
  .trim()
  .min(1, TEXT.required)
  .max(LIMITS.commentMax, formatText(TEXT.maxLength, { length: LIMITS.commentMax }));

const positiveNumber = (max: number) =>
  z.coerce
    .number({ error: TEXT.invalidNumber })
    .refine((n) => Number.isFinite(n) && n > 0 && n <= max, { message: TEXT.invalidNumber });

/**
 * Mentions (issue 22): the people a listing or a comment names with `@Full Name`, picked from the
 * people picker. Names are not unique and hold spaces, so the client sends the ids it picked; the
 * server keeps only those whose `@name` (their current name) is in the text, who exist, are not the
 * author and have no block with the author either way.
 */
export const mentionIds = z.array(z.number().int().positive()).max(MENTIONS_MAX);
/** The same list in a multipart form: ids, comma-separated ('12,40'). */
const mentionIdsField = z
  .string()
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/)
  .transform((text) => text.split(',').map(Number))
  .pipe(mentionIds);
/** Someone a text names: their id and current name (the web links `@name` to /user/:id). */
export const mentionSchema = z.object({ id: z.number().int(), name: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

/** The optional listing fields of a post; on create '' means absent, on update null clears. */
const listingShape = {
  purpose: z.enum(LISTING_PURPOSES, { error: TEXT.invalidPurpose }),
  price: positiveNumber(PRICE_MAX),
  currency: z.enum(CURRENCIES, { error: TEXT.invalidCurrency }),
  area_m2: positiveNumber(AREA_MAX),
  status: z.enum(LISTING_STATUSES, { error: TEXT.invalidListingStatus }),
  licence_number: z
    .string()
    .trim()
    .min(1)
    .max(LICENCE_MAX, formatText(TEXT.maxLength, { length: LICENCE_MAX })),
} as const;

const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * The text fields of `POST /api/posts` (multipart/form-data; photos go in `media[]`, `media` or
 * `images[]`). The rule "a description or photos" needs the files and is checked by the server;
 * forms check it with `hasContent`.
 */
export const createPostFields = z
  .object({
    description: opt(postText),
    property_type: z.preprocess(blankToUndefined, z.enum(PROPERTY_TYPES, { error: propertyTypeError })),
    location_id: opt(z.coerce.number({ error: TEXT.required }).int().positive()),
    location: opt(
      z
        .string()
        .trim()
        .max(LOCATION_MAX, formatText(TEXT.maxLength, { length: LOCATION_MAX })),
    ),
    purpose: opt(listingShape.purpose),
    price: opt(listingShape.price),
    currency: opt(listingShape.currency),
    area_m2: opt(listingShape.area_m2),
    status: opt(listingShape.status),
    licence_number: opt(listingShape.licence_number),
    /** Ids picked in the people picker, comma-separated (see MENTIONS_MAX). */
    mentions: opt(mentionIdsField),
  })
  .superRefine((v, ctx) => {
    if (v.location_id === undefined && v.location === undefined) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: TEXT.required });
    }
    if (v.price !== undefined && v.currency === undefined) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: TEXT.priceNeedsCurrency });
    }
  });
export type CreatePostFields = z.infer<typeof createPostFields>;

/**
 * `media_order` of `PUT /api/posts/{id}/listing`: the photos the post keeps and where the new ones
 * go, comma-separated, e.g. `17,new:0,12`. Photos not named are removed; new files not named follow
 * at the end in the order sent. '' keeps no photo; without the field every photo stays as it is.
 */
export const mediaOrder = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^(\d{1,10}|new:\d{1,2})(,(\d{1,10}|new:\d{1,2}))*$/, TEXT.photoNotInPost)
  .transform((text): MediaSlot[] =>
    text === ''
      ? []
      : text
          .split(',')
          .map((token) =>
            token.startsWith(NEW_MEDIA_PREFIX)
              ? { added: Number(token.slice(NEW_MEDIA_PREFIX.length)) }
              : { kept: Number(token) },
          ),
  );

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** `PUT /api/posts/{id}` (JSON, owner only): send only what changes; null clears an optional field. */
export const updatePostRequest = z
  .object({
    description: nullable(postText),
    property_type: z.enum(PROPERTY_TYPES, { error: propertyTypeError }).optional(),
    location_id: nullable(z.coerce.number().int().positive()),
    location: nullable(
      z
        .string()
        .trim()
        .min(1)
        .max(LOCATION_MAX, formatText(TEXT.maxLength, { length: LOCATION_MAX })),
    ),
    purpose: nullable(listingShape.purpose),
    price: nullable(listingShape.price),
    currency: nullable(listingShape.currency),
    area_m2: nullable(listingShape.area_m2),
    status: nullable(listingShape.status),
    licence_number: nullable(listingShape.licence_number),
    /** Ids picked in the people picker; names already mentioned stay while their `@name` does. */
    mentions: mentionIds.optional(),
  })
  .strict();
export type UpdatePostRequest = z.input<typeof updatePostRequest>;

export const postUser = z.object({
  id: z.number().int(),
  name: z.string(),
  picture: z.object({ url: z.string() }).nullable(),
  /** A company whose registration a moderator checked (issue 21). */
  company_verified: z.boolean(),
});

export const postCity = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  display_name: z.string(),
});

export const postMedia = z.object({
  id: z.number().int(),
  /** 480 px wide WebP, for cards. */
  url: z.string(),
  /** 1280 px wide WebP (or smaller when the original was), for the lightbox. */
  url_large: z.string(),
  mime_type: z.string(),
  /** Bytes of the large file. */
  size: z.number().int(),
  file_name: z.string(),
  /** Pixels of the large file. */
  width: z.number().int(),
  height: z.number().int(),
});
export type PostMedia = z.infer<typeof postMedia>;

export const postSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: postUser,
  description: z.string().nullable(),
  property_type: z.enum(PROPERTY_TYPES),
  location: postCity.nullable(),
  custom_location: z.string().nullable(),
  /** The city's English name or the free text; the Arabic screen prefers location.name_ar. */
  display_location: z.string(),
  media: z.array(postMedia),
  purpose: z.enum(LISTING_PURPOSES).nullable(),
  price: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  area_m2: z.number().nullable(),
  status: z.enum(LISTING_STATUSES).nullable(),
  licence_number: z.string().nullable(),
  /** A moderator checked the licence number against the authority's register (issue 21). */
  licence_checked: z.boolean(),
  comments_count: z.number().int(),
  bookmarks_count: z.number().int(),
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  is_bookmarked: z.boolean(),
  is_owner: z.boolean(),
  shares_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The people its description names (issue 22). */
  mentions: z.array(mentionSchema),
});
export type Post = z.infer<typeof postSchema>;

export const postIdParams = z.object({ id: z.coerce.number().int().positive() });
export const commentParams = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});

const cursorField = z.coerce.number().int().positive().optional();

const rankedCursor = z
  .string()
  .regex(/^\d{1,16}\.\d{1,10}\.\d{1,10}$/)
  .transform((text): RankedCursor => {
    const [score = 0, id = 0, snapshot = 0] = text.split('.').map(Number);
    return { score, id, snapshot };
  })
  .refine((c) => Number.isSafeInteger(c.score) && c.id <= 2 ** 31 - 1 && c.snapshot <= 2 ** 31 - 1);

export const feedQuery = z.object({
  /**
   * next_cursor of the previous page: a post id on the latest order, `score.id.snapshot` on the
   * ranked one. A cursor continues the order of the page that gave it, whatever `order` says.
   */
  cursor: z.union([z.coerce.number().int().positive(), rankedCursor]).optional(),
  /**
   * `ranked` or `latest`. Without it (and without a cursor): ranked for a viewer with saved
   * preferences, latest otherwise and for one author's posts (a profile lists them by date).
   */
  order: z.enum(FEED_ORDERS).optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(LIMITS.postsPerPage),
  property_type: z.enum(PROPERTY_TYPES).optional(),
  /** A city id. */
  city: z.coerce.number().int().positive().optional(),
  purpose: z.enum(LISTING_PURPOSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  price_min: z.coerce.number().min(0).optional(),
  price_max: z.coerce.number().min(0).optional(),
  area_min: z.coerce.number().min(0).optional(),
  area_max: z.coerce.number().min(0).optional(),
  /** A user id: that user's posts. */
  author: z.coerce.number().int().positive().optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;

/** A minimum above its maximum matches nothing: it is refused on the maximum, in words. */
function refuseInvertedRanges(query: FeedQuery, context: z.RefinementCtx) {
  for (const { field, message } of invertedRanges(query))
    context.addIssue({ code: 'custom', path: [field], message });
}

/** The feed's query as `GET /api/posts` takes it: the fields above, and ranges that make sense. */
export const checkedFeedQuery = feedQuery.superRefine(refuseInvertedRanges);

export const feedResult = z.object({
  posts: z.array(postSchema),
  /** The next page's `cursor`: a number (a post id, or a search position) or a ranked cursor. */
  next_cursor: z.union([z.number().int(), z.string()]).nullable(),
});
export type FeedResult = z.infer<typeof feedResult>;
/** A page's position as the client passes it back: opaque, a number or a string. */
export type FeedCursor = NonNullable<FeedResult['next_cursor']>;

export const bookmarksQuery = z.object({
  cursor: cursorField,
  per_page: z.coerce.number().int().min(1).max(50).default(LIMITS.postsPerPage),
});

export const searchQuery = z.object({
  keyword: z
    .string({ error: TEXT.searchKeywordRequired })
    .trim()
    .min(1, TEXT.searchKeywordRequired)
    .max(LIMITS.searchKeywordMax, formatText(TEXT.maxLength, { length: LIMITS.searchKeywordMax })),
  /** next_cursor of the previous page (a position in the ranked results). */
  cursor: z.coerce.number().int().min(0).optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(LIMITS.postsPerPage),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const createCommentRequest = z.object({
  comment: commentText,
  parent_id: z.coerce.number().int().positive().nullish(),
  /** Ids picked in the people picker (see MENTIONS_MAX). */
  mentions: mentionIds.optional(),
});
export const updateCommentRequest = z.object({ comment: commentText, mentions: mentionIds.optional() });

export const commentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  user: postUser,
  comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  replies_count: z.number().int(),
  /** The people it names (issue 22). */
  mentions: z.array(mentionSchema),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentsQuery = z.object({
  cursor: cursorField,
  per_page: z.coerce.number().int().min(1).max(50).default(LIMITS.commentsPerPage),
});
export const commentsResult = z.object({
  comments: z.array(commentSchema),
  next_cursor: z.number().int().nullable(),
});

export const likeResult = z.object({ is_liked: z.boolean(), likes_count: z.number().int() });
export const bookmarkResult = z.object({ is_bookmarked: z.boolean(), bookmarks_count: z.number().int() });
