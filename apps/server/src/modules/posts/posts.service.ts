import type { City } from '@makan/contract/cities';
import { LIMITS } from '@makan/contract/limits';
import {
  type FeedOrder,
  formatRankedCursor,
  hasContent,
  type MediaSlot,
  SHARES_PLACEHOLDER,
} from '@makan/contract/listing';
import {
  type Comment,
  type CreatePostFields,
  createPostFields,
  type FeedQuery,
  type Mention,
  mediaOrder,
  mentionSchema,
  type Post,
  type SearchQuery,
  type UpdatePostRequest,
  updatePostRequest,
} from '@makan/contract/posts';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  type PropertyType,
} from '@makan/contract/property-types';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { fieldFailures } from '../../lib/field-errors.ts';
import type { IdempotencyClaim } from '../idempotency/idempotency.repository.ts';
import type { CommentRow, CommentsRepository } from './comments.repository.ts';
import type { CurrentPhoto, MediaInsert, PhotoSlot, PostRow, PostsRepository } from './posts.repository.ts';
import { searchTextOf, toTsQuery } from './posts.search.ts';

/** A photo already checked, re-encoded and stored by the caller, as a post's photo row records it. */
export type StoredPhoto = MediaInsert;

export type PostsServiceDeps = {
  posts: PostsRepository;
  comments: CommentsRepository;
  findCity: (id: number) => Promise<City | undefined>;
  /** Public path of a stored image: post photos by size, profile pictures at their default size. */
  photoUrl: (key: string, size: 'small' | 'large') => string;
  pictureUrl: (key: string) => string;
  /** Deletes a post's photo files (after the rows are gone; failures are only orphans). */
  removePhotos: (keys: string[]) => Promise<void>;
  /** Counts one comment of a user; throws 429 (with Retry-After) past the user's flood limit. */
  countComment: (userId: number) => Promise<void>;
  /** The users a viewer must not meet: those they blocked and those who blocked them. */
  hiddenFrom: (viewerId: number) => Promise<ReadonlySet<number>>;
  /** After a listing is posted or its photos change: the moderators' signals look at it (issue 21). */
  listed: (postId: number, authorId: number) => Promise<void>;
  /**
   * A like or comment was written: the database queued what it may notify in the same transaction
   * (migration 0018); this tells the notifications' worker to look now (issue 22).
   */
  notify: () => void;
  clock: Clock;
};

const postNotFound = () => new NotFound('postNotFound');
const tooManyImages = () =>
  new Invalid({ media: { code: 'tooManyImages', params: { count: LIMITS.imagesPerPost } } });
const photoNotInPost = () => new Invalid({ media: 'photoNotInPost' });

/**
 * An edited post's photos in their new order: the slots asked for (each kept photo must be one of
 * the post's, each new file one sent, neither twice), then the new files not named, in the order
 * sent. Without an order every photo stays where it is. Pure.
 */
function arrangePhotos(
  current: readonly CurrentPhoto[],
  order: readonly MediaSlot[] | undefined,
  photos: readonly StoredPhoto[],
): PhotoSlot[] {
  const wanted = order ?? current.map((photo) => ({ kept: photo.id }));
  const ids = new Set(current.map((photo) => photo.id));
  const kept = new Set<number>();
  const added = new Set<number>();
  const slots: PhotoSlot[] = [];
  for (const slot of wanted) {
    if ('kept' in slot) {
      if (!ids.has(slot.kept) || kept.has(slot.kept)) throw photoNotInPost();
      kept.add(slot.kept);
      slots.push({ kept: slot.kept });
    } else {
      const photo = photos[slot.added];
      if (!photo || added.has(slot.added)) throw photoNotInPost();
      added.add(slot.added);
      slots.push({ added: photo });
    }
  }
  for (const [index, photo] of photos.entries()) if (!added.has(index)) slots.push({ added: photo });
  return slots;
}
const commentNotFound = () => new NotFound('commentNotFound');
/** A row's mentions column (json from the database): parsed, never trusted as typed. */
const mentionList = mentionSchema.array().catch([]);
const mentionsOf = (raw: unknown): Mention[] => mentionList.parse(raw);

export function createPostsService(deps: PostsServiceDeps) {
  const { posts, comments, clock } = deps;

  const userOf = (id: number, name: string, pictureKey: string | null, companyVerified: boolean) => ({
    id,
    name,
    picture: pictureKey ? { url: deps.pictureUrl(pictureKey) } : null,
    company_verified: companyVerified,
  });

  function toPost(row: PostRow, viewerId: number): Post {
    const city =
      row.cityId !== null && row.cityNameEn !== null && row.cityNameAr !== null
        ? { id: row.cityId, name_en: row.cityNameEn, name_ar: row.cityNameAr, display_name: row.cityNameEn }
        : null;
    return {
      id: row.id,
      user_id: row.userId,
      user: userOf(row.userId, row.userName, row.userPictureKey, row.userCompanyVerified),
      description: row.description,
      property_type: row.propertyType,
      location: city,
      custom_location: row.customLocation,
      display_location: city?.display_name ?? row.customLocation ?? '',
      media: row.media.map((m) => ({
        id: m.id,
        url: deps.photoUrl(m.key, 'small'),
        url_large: deps.photoUrl(m.key, 'large'),
        mime_type: 'image/webp',
        size: m.size,
        file_name: m.fileName,
        width: m.width,
        height: m.height,
      })),
      purpose: row.purpose,
      price: row.price,
      currency: row.currency,
      area_m2: row.areaM2,
      status: row.status,
      licence_number: row.licenceNumber,
      licence_checked: row.licenceNumber !== null && row.licenceCheckedAt !== null,
      comments_count: row.commentsCount,
      bookmarks_count: row.bookmarksCount,
      likes_count: row.likesCount,
      is_liked: row.isLiked,
      is_bookmarked: row.isBookmarked,
      is_owner: row.userId === viewerId,
      shares_count: SHARES_PLACEHOLDER,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      mentions: mentionsOf(row.mentions),
    };
  }

  function toComment(row: CommentRow): Comment {
    return {
      id: row.id,
      post_id: row.postId,
      parent_id: row.parentId,
      user: userOf(row.userId, row.userName, row.userPictureKey, row.userCompanyVerified),
      comment: row.body,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      replies_count: row.repliesCount,
      mentions: mentionsOf(row.mentions),
    };
  }

  /** Everything a post is found by: its text, its place in both languages and its type's labels. */
  function searchTextFor(p: {
    description: string | null;
    propertyType: PropertyType;
    city: City | undefined;
    customLocation: string | null;
  }): string {
    return searchTextOf([
      p.description,
      p.city?.name_en,
      p.city?.name_ar,
      p.customLocation,
      PROPERTY_TYPE_LABELS[p.propertyType],
      PROPERTY_TYPE_LABELS_AR[p.propertyType],
    ]);
  }

  async function cityOrInvalid(id: number | undefined | null): Promise<City | undefined> {
    if (id === undefined || id === null) return undefined;
    const city = await deps.findCity(id);
    if (!city) throw new Invalid({ location_id: 'unknownCity' });
    return city;
  }

  /** The columns a whole listing form sets (create, and the listing edit), its city checked. */
  async function listingColumns(fields: CreatePostFields) {
    const city = await cityOrInvalid(fields.location_id);
    const customLocation = city ? null : (fields.location ?? null);
    const description = fields.description ?? null;
    return {
      description,
      propertyType: fields.property_type,
      cityId: city?.id ?? null,
      customLocation,
      purpose: fields.purpose ?? null,
      price: fields.price ?? null,
      currency: fields.price !== undefined ? (fields.currency ?? null) : null,
      areaM2: fields.area_m2 ?? null,
      status: fields.status ?? null,
      licenceNumber: fields.licence_number ?? null,
      searchText: searchTextFor({ description, propertyType: fields.property_type, city, customLocation }),
    };
  }

  async function one(postId: number, viewerId: number): Promise<Post> {
    const [row] = await posts.byIds([postId], viewerId);
    if (!row || (await deps.hiddenFrom(viewerId)).has(row.userId)) throw postNotFound();
    return toPost(row, viewerId);
  }

  /**
   * A post the viewer may act on (like, bookmark, comment, read comments): it exists and its
   * author and the viewer have not blocked each other; else, as if it did not exist.
   */
  async function visiblePost(postId: number, viewerId: number) {
    const post = await posts.findOwned(postId);
    const hidden = await deps.hiddenFrom(viewerId);
    if (!post || hidden.has(post.userId)) throw postNotFound();
    return { post, hidden };
  }

  /** Leaves out what blocked authors wrote (either way round). */
  function withoutHidden<T extends { userId: number }>(hidden: ReadonlySet<number>, rows: T[]): T[] {
    return hidden.size ? rows.filter((r) => !hidden.has(r.userId)) : rows;
  }

  /**
   * A cursor continues its own order; a first page takes the order asked for, by default ranked
   * once the viewer has preferences, except on one author's posts.
   */
  async function feedOrder(viewerId: number, query: FeedQuery): Promise<FeedOrder> {
    if (query.cursor !== undefined) return typeof query.cursor === 'number' ? 'latest' : 'ranked';
    if (query.order) return query.order;
    if (query.author) return 'latest';
    return (await posts.hasPreferences(viewerId)) ? 'ranked' : 'latest';
  }

  async function owned(postId: number, userId: number) {
    const post = await posts.findOwned(postId);
    if (!post) throw postNotFound();
    if (post.userId !== userId) throw new Forbidden();
    return post;
  }

  return {
    toPost,

    /** Parses the multipart text fields (before any photo is kept, so a bad form fails fast). */
    parseCreateFields(raw: Record<string, string>): CreatePostFields {
      const parsed = createPostFields.safeParse(raw);
      if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, raw));
      return parsed.data;
    },

    /** Checks a form once its photos are known; the photos are already stored by the caller. */
    /** With `claim`, the Idempotency-Key the request holds is made to name the post as it commits. */
    async create(
      userId: number,
      fields: CreatePostFields,
      photos: StoredPhoto[],
      claim?: IdempotencyClaim,
    ): Promise<Post> {
      if (!hasContent(fields.description, photos.length)) {
        throw new Invalid({ description: 'postContentRequired' });
      }
      if (photos.length > LIMITS.imagesPerPost) throw tooManyImages();
      const columns = await listingColumns(fields);
      const id = await posts.create(
        {
          userId,
          ...columns,
          createdAt: clock.now(),
        },
        photos,
        fields.mentions,
        claim,
      );
      await deps.listed(id, userId);
      // The listing queued its followers' notifications, and its mentions theirs, in its own
      // transaction (migrations 0020 and 0021).
      deps.notify();
      return one(id, userId);
    },

    get: one,

    /** Ranked ('For you') or latest; see feedQuery for the default. */
    async feed(viewerId: number, query: FeedQuery) {
      const filters = {
        propertyType: query.property_type,
        cityId: query.city,
        purpose: query.purpose,
        currency: query.currency,
        priceMin: query.price_min,
        priceMax: query.price_max,
        areaMin: query.area_min,
        areaMax: query.area_max,
        authorId: query.author,
        hiddenAuthors: await deps.hiddenFrom(viewerId),
      };
      const { cursor } = query;
      if ((await feedOrder(viewerId, query)) === 'ranked') {
        const ranked = await posts.rankedFeed({
          viewerId,
          cursor: typeof cursor === 'object' ? cursor : undefined,
          limit: query.per_page,
          filters,
        });
        return {
          posts: ranked.rows.map((r) => toPost(r, viewerId)),
          next_cursor: ranked.nextCursor && formatRankedCursor(ranked.nextCursor),
        };
      }
      const { rows, hasMore } = await posts.feed({
        viewerId,
        cursor: typeof cursor === 'number' ? cursor : undefined,
        limit: query.per_page,
        filters,
      });
      const last = rows.at(-1);
      return { posts: rows.map((r) => toPost(r, viewerId)), next_cursor: hasMore && last ? last.id : null };
    },

    async update(postId: number, userId: number, body: UpdatePostRequest): Promise<Post> {
      const parsed = updatePostRequest.safeParse(body);
      if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, body));
      const change = parsed.data;
      const current = await owned(postId, userId);
      const description = change.description !== undefined ? change.description : current.description;
      if (!hasContent(description, await posts.mediaCount(postId))) {
        throw new Invalid({ description: 'postContentRequired' });
      }
      const propertyType = change.property_type ?? current.propertyType;
      // A location is required: a new city replaces the free text and the other way round.
      let cityId = current.cityId;
      let customLocation = current.customLocation;
      if (change.location_id) {
        cityId = change.location_id;
        customLocation = null;
      } else if (change.location) {
        cityId = null;
        customLocation = change.location;
      } else if (change.location_id === null || change.location === null) {
        if (change.location_id === null) cityId = null;
        if (change.location === null) customLocation = null;
      }
      if (cityId === null && !customLocation) throw new Invalid({ location: 'required' });
      const city = await cityOrInvalid(cityId);
      const price = change.price !== undefined ? change.price : current.price;
      const currency = change.currency !== undefined ? change.currency : current.currency;
      if (price !== null && !currency) throw new Invalid({ currency: 'priceNeedsCurrency' });
      await posts.update(
        postId,
        {
          description,
          propertyType,
          cityId,
          customLocation,
          ...(change.purpose !== undefined ? { purpose: change.purpose } : {}),
          price,
          currency: price === null ? null : currency,
          ...(change.area_m2 !== undefined ? { areaM2: change.area_m2 } : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.licence_number !== undefined ? { licenceNumber: change.licence_number } : {}),
          searchText: searchTextFor({ description, propertyType, city, customLocation }),
          updatedAt: clock.now(),
        },
        change.mentions,
      );
      // New mentions, a new price or status queued their notifications with the edit (migration 0021).
      deps.notify();
      return one(postId, userId);
    },

    /** Owner only: 404 without the post, 403 for another's (before any file of an edit is read). */
    async assertOwner(postId: number, userId: number): Promise<void> {
      await owned(postId, userId);
    },

    /** `media_order` of the edit form; undefined when it was not sent (every photo stays). */
    parseMediaOrder(raw: Record<string, string>): MediaSlot[] | undefined {
      if (raw.media_order === undefined) return undefined;
      const parsed = mediaOrder.safeParse(raw.media_order);
      if (!parsed.success) throw photoNotInPost();
      return parsed.data;
    },

    /**
     * The owner's edit of the whole listing, by the create form's rules: its fields replace the
     * post's (an optional one left out is cleared), photos are kept, reordered, removed or added. The
     * new photos are already stored by the caller; rows change in one transaction, and the removed
     * photos' files are deleted only once it has committed. Any refusal leaves the post as it was.
     */
    async replaceListing(
      postId: number,
      userId: number,
      fields: CreatePostFields,
      order: MediaSlot[] | undefined,
      photos: StoredPhoto[],
    ): Promise<Post> {
      await owned(postId, userId);
      const columns = await listingColumns(fields);
      const removed = await posts.replaceListing(
        postId,
        {
          ...columns,
          updatedAt: clock.now(),
        },
        (current) => {
          const slots = arrangePhotos(current, order, photos);
          if (!hasContent(columns.description, slots.length))
            throw new Invalid({ description: 'postContentRequired' });
          if (slots.length > LIMITS.imagesPerPost) throw tooManyImages();
          return slots;
        },
        fields.mentions,
      );
      if (!removed) throw postNotFound();
      await deps.removePhotos(removed);
      if (photos.length > 0) await deps.listed(postId, userId);
      deps.notify();
      return one(postId, userId);
    },

    /** Owner only; the rows go first, then the files. */
    async remove(postId: number, userId: number): Promise<void> {
      await owned(postId, userId);
      const keys = await posts.remove(postId);
      await deps.removePhotos(keys);
    },

    async toggleLike(postId: number, userId: number) {
      await visiblePost(postId, userId);
      const result = await posts.toggleLike(postId, userId, clock.now());
      deps.notify();
      return { is_liked: result.isLiked, likes_count: result.count };
    },

    async toggleBookmark(postId: number, userId: number) {
      await visiblePost(postId, userId);
      const result = await posts.toggleBookmark(postId, userId, clock.now());
      return { is_bookmarked: result.isBookmarked, bookmarks_count: result.count };
    },

    async bookmarks(userId: number, query: { cursor?: number | undefined; per_page: number }) {
      const { rows, nextCursor } = await posts.bookmarked({
        userId,
        cursor: query.cursor,
        limit: query.per_page,
      });
      const shown = withoutHidden(await deps.hiddenFrom(userId), rows);
      return { posts: shown.map((r) => toPost(r, userId)), next_cursor: nextCursor };
    },

    /** Ranked by relevance, then newest; `cursor` is how many results were already shown. */
    async search(viewerId: number, query: SearchQuery) {
      const tsQuery = toTsQuery(query.keyword);
      if (!tsQuery) return { posts: [], next_cursor: null };
      const offset = query.cursor ?? 0;
      const ids = await posts.searchIds(tsQuery, query.per_page + 1, offset);
      return {
        posts: await this.byIds(ids.slice(0, query.per_page), viewerId),
        next_cursor: ids.length > query.per_page ? offset + query.per_page : null,
      };
    },

    /** Listings by id as `viewerId` sees them, in the order given; hidden ones left out. */
    async byIds(ids: number[], viewerId: number): Promise<Post[]> {
      const rows = withoutHidden(await deps.hiddenFrom(viewerId), await posts.byIds(ids, viewerId));
      return rows.map((r) => toPost(r, viewerId));
    },

    // Comments
    async addComment(
      postId: number,
      userId: number,
      body: { comment: string; parent_id?: number | null | undefined; mentions?: number[] | undefined },
    ) {
      const { hidden } = await visiblePost(postId, userId);
      await deps.countComment(userId);
      let parentId: number | null = null;
      if (body.parent_id) {
        const parent = await comments.find(body.parent_id);
        if (!parent || parent.postId !== postId || hidden.has(parent.userId))
          throw new Invalid({ parent_id: 'commentNotFound' });
        parentId = parent.id;
      }
      const id = await comments.create({
        postId,
        parentId,
        userId,
        body: body.comment,
        now: clock.now(),
        mentions: body.mentions,
      });
      deps.notify();
      const row = await comments.find(id);
      if (!row) throw commentNotFound();
      return toComment(row);
    },

    /** One comment, as the comment page shows it; 404 when it is not on that post. */
    async comment(postId: number, commentId: number, viewerId: number) {
      const { hidden } = await visiblePost(postId, viewerId);
      const row = await comments.find(commentId);
      if (!row || row.postId !== postId || hidden.has(row.userId)) throw commentNotFound();
      return toComment(row);
    },

    async updateComment(
      postId: number,
      commentId: number,
      userId: number,
      text: string,
      mentions?: number[] | undefined,
    ) {
      const row = await comments.find(commentId);
      if (!row || row.postId !== postId) throw commentNotFound();
      if (row.userId !== userId) throw new Forbidden();
      await comments.update(row, text, clock.now(), mentions);
      deps.notify();
      const updated = await comments.find(commentId);
      if (!updated) throw commentNotFound();
      return toComment(updated);
    },

    async removeComment(postId: number, commentId: number, userId: number) {
      const row = await comments.find(commentId);
      if (!row || row.postId !== postId) throw commentNotFound();
      if (row.userId !== userId) throw new Forbidden();
      await comments.remove(commentId);
    },

    /** A post's comments, without those of blocked authors (the cursor still moves past them). */
    async comments(
      postId: number,
      query: { cursor?: number | undefined; per_page: number },
      viewerId: number,
    ) {
      const { hidden } = await visiblePost(postId, viewerId);
      const { rows, hasMore } = await comments.ofPost(postId, query.cursor, query.per_page);
      const last = rows.at(-1);
      const shown = withoutHidden(hidden, rows);
      return { comments: shown.map(toComment), next_cursor: hasMore && last ? last.id : null };
    },

    async replies(
      commentId: number,
      query: { cursor?: number | undefined; per_page: number },
      viewerId: number,
    ) {
      const parent = await comments.find(commentId);
      if (!parent) throw commentNotFound();
      const { hidden } = await visiblePost(parent.postId, viewerId);
      if (hidden.has(parent.userId)) throw commentNotFound();
      const { rows, hasMore } = await comments.replies(commentId, query.cursor, query.per_page);
      const last = rows.at(-1);
      const shown = withoutHidden(hidden, rows);
      return { comments: shown.map(toComment), next_cursor: hasMore && last ? last.id : null };
    },

    /** What a link preview shows of a post, or undefined when there is none. */
    async preview(postId: number) {
      const [row] = await posts.byIds([postId], 0);
      if (!row) return undefined;
      const first = row.media[0];
      return {
        title:
          `${PROPERTY_TYPE_LABELS[row.propertyType]} · ${row.cityNameEn ?? row.customLocation ?? ''}`.replace(
            / · $/,
            '',
          ),
        description: row.description ?? '',
        image: first ? deps.photoUrl(first.key, 'large') : null,
        author: row.userName,
      };
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
