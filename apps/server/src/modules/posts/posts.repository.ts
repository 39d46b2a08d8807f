import type { RankedCursor } from '@makan/contract/listing';
import { and, asc, desc, eq, lt, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedByName } from '../../db/prepared.ts';
import { cities } from '../../db/schema/cities.ts';
import { bookmarks, postLikes, postMedia, posts } from '../../db/schema/posts.ts';
import { userPreferences } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { type IdempotencyClaim, recordIdempotentResource } from '../idempotency/idempotency.repository.ts';
import { postMentionsColumn, writeMentions } from './mentions.repository.ts';
import { type FeedFilters, filterConditions, filterPlaceholders, rankedPageQuery } from './posts.feed.ts';

/** Raw results of both drivers carry `rows`. */
const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
const anyRows = z.object({ rows: z.array(z.unknown()) });

/** A new post's columns; the enumerated ones are typed by the contract's lists through the schema. */
export type PostInsert = Pick<
  typeof posts.$inferSelect,
  | 'userId'
  | 'description'
  | 'propertyType'
  | 'cityId'
  | 'customLocation'
  | 'purpose'
  | 'price'
  | 'currency'
  | 'areaM2'
  | 'status'
  | 'licenceNumber'
  | 'searchText'
  | 'createdAt'
>;
export type MediaInsert = {
  key: string;
  fileName: string;
  size: number;
  width: number;
  height: number;
  /** The perceptual hash (image store), null when the picture is too plain to tell. */
  phash?: bigint | null;
};

/**
 * A post's photos as its row carries them (issue 25: in the row's own statement, not a second one),
 * in their order: what a post shows of each.
 */
const photoList = z.array(
  z.object({
    id: z.number(),
    key: z.string(),
    fileName: z.string(),
    size: z.number(),
    width: z.number(),
    height: z.number(),
  }),
);
const photosOf = sql<unknown>`(select coalesce(json_agg(json_build_object('id', m.id, 'key', m.key,
    'fileName', m.file_name, 'size', m.size, 'width', m.width, 'height', m.height) order by m.position), '[]')
  from post_media m where m.post_id = ${posts.id})`;
export type PostUpdate = Partial<Omit<PostInsert, 'userId' | 'createdAt'>> & { updatedAt: Date };

/** A photo row of a post, as an edit sees it. */
export type CurrentPhoto = { id: number; key: string };
/** One place in a post's new photo order: a kept photo row, or a new photo already stored. */
export type PhotoSlot = { kept: number } | { added: MediaInsert };

export type RankedFeedQuery = {
  filters: FeedFilters;
  cursor?: RankedCursor | undefined;
  limit: number;
  viewerId: number;
};

export type PostsRepositoryOptions = {
  /** Called once per query sent to the database (tests count the feed's queries with it). */
  onQuery?: () => void;
};

/** A search ranks at most this many matches: the newest ones (see searchIdsQuery). */
export const SEARCH_CANDIDATES = 1000;
/** How many of the newest posts a search reads before it turns to the full-text index. */
export const SEARCH_WINDOW = 20_000;

/**
 * Posts, their photos, likes and bookmarks. A page of posts costs one query whatever its size:
 * the rows with their author, city, counts, the viewer's flags and their photos (json) as
 * correlated, index-backed subqueries. Counts are counted from the like/bookmark/comment rows, never
 * stored, so concurrent toggles cannot make them drift.
 */
export function createPostsRepository(db: Database, { onQuery = () => {} }: PostsRepositoryOptions = {}) {
  const rowsSelect = (viewerId: number | Placeholder) => ({
    id: posts.id,
    userId: posts.userId,
    description: posts.description,
    propertyType: posts.propertyType,
    cityId: posts.cityId,
    customLocation: posts.customLocation,
    purpose: posts.purpose,
    price: posts.price,
    currency: posts.currency,
    areaM2: posts.areaM2,
    status: posts.status,
    licenceNumber: posts.licenceNumber,
    licenceCheckedAt: posts.licenceCheckedAt,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    userName: users.name,
    userPictureKey: users.pictureKey,
    userCompanyVerified: sql<boolean>`${users.companyVerifiedAt} is not null`,
    cityNameEn: cities.nameEn,
    cityNameAr: cities.nameAr,
    likesCount: sql<number>`(select count(*)::int from post_likes l where l.post_id = ${posts.id})`,
    bookmarksCount: sql<number>`(select count(*)::int from bookmarks b where b.post_id = ${posts.id})`,
    commentsCount: sql<number>`(select count(*)::int from comments c where c.post_id = ${posts.id})`,
    isLiked: sql<boolean>`exists(select 1 from post_likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`,
    isBookmarked: sql<boolean>`exists(select 1 from bookmarks b where b.post_id = ${posts.id} and b.user_id = ${viewerId})`,
    /** The people the description names (issue 22): json [{id, name}], index-backed per row. */
    mentions: postMentionsColumn(posts.id),
    /** Its photos in order, json (index post_media_post_idx). */
    media: photosOf,
  });

  const baseRows = (viewerId: number | Placeholder) =>
    db
      .select(rowsSelect(viewerId))
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(cities, eq(cities.id, posts.cityId));

  /**
   * The latest feed, the hottest query, as named prepared statements (one per page size, first page
   * or after a cursor, and shape of filters: filterPlaceholders): built once here, parsed and planned
   * once per connection by PostgreSQL.
   * The LIMIT is written into the text, not bound: a generic plan with a bound LIMIT is costed for
   * a large result, and at 1M posts that cost switched on JIT compilation for every page.
   */
  const feedPages = preparedByName<ReturnType<typeof prepareFeedPage>>();
  const prepareFeedPage = (name: string, limit: number, afterCursor: boolean, filters: SQL[]) =>
    baseRows(sql.placeholder('viewerId'))
      .where(and(afterCursor ? lt(posts.id, sql.placeholder('cursor')) : undefined, ...filters))
      .orderBy(sql`${posts.id} desc limit ${sql.raw(String(limit))}`)
      .prepare(name);
  const feedPage = (limit: number, afterCursor: boolean, shape: string, filters: SQL[]) =>
    feedPages(`posts_feed_${afterCursor ? 'after' : 'first'}_${limit}${shape ? `_${shape}` : ''}`, (name) =>
      prepareFeedPage(name, limit, afterCursor, filters),
    );

  /**
   * Posts by id, as the post page, the search, the bookmarks and the ranked feed read them: one named
   * prepared statement for any number of ids (building this select per call was a large share of the
   * post page's CPU).
   */
  const postsByIds = baseRows(sql.placeholder('viewerId'))
    .where(sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('posts_by_ids');

  /**
   * What an edit writes: the fields, the search vector of a new search text, and the licence check
   * cleared when the licence number changes (a moderator checked the number, not the listing).
   */
  function updateSet(fields: PostUpdate) {
    return {
      ...fields,
      ...(fields.searchText !== undefined ? { searchVector: vectorOf(fields.searchText) } : {}),
      ...(fields.licenceNumber !== undefined
        ? {
            licenceCheckedAt: sql`case when ${posts.licenceNumber} is not distinct from ${fields.licenceNumber} then ${posts.licenceCheckedAt} else null end`,
          }
        : {}),
    };
  }

  /** The rows with their photos parsed (never trusted as typed: json from the database). */
  function withMedia<T extends { id: number; media: unknown }>(rows: T[]) {
    return rows.map((row) => ({ ...row, media: photoList.parse(row.media) }));
  }

  /** One ranked page (and one row more, to know whether another follows) with its scores. */
  const rankedRows = (query: RankedFeedQuery) => {
    const conditions = filterConditions(query.filters);
    const ranked = rankedPageQuery({
      viewerId: query.viewerId,
      cursor: query.cursor,
      limit: query.limit + 1,
      filters: conditions.length ? and(...conditions) : undefined,
    });
    return db
      .select({
        ...rowsSelect(query.viewerId),
        score: sql<number>`ranked.score`.mapWith(Number),
        snapshot: sql<number>`ranked.snapshot`.mapWith(Number),
      })
      .from(posts)
      .innerJoin(sql`(${ranked}) ranked`, sql`ranked.id = ${posts.id}`)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(cities, eq(cities.id, posts.cityId))
      .orderBy(sql`ranked.score desc, ranked.id desc`);
  };

  /** to_tsvector('simple', …) of the folded text: words are already normalised by posts.search.ts. */
  const vectorOf = (searchText: string) => sql`to_tsvector('simple', ${searchText})`;

  return {
    /**
     * The post, its photos and its mentions in one transaction: all are saved or none. With `claim`
     * (an Idempotency-Key the request holds), the key names the post in the same transaction.
     */
    async create(
      post: PostInsert,
      media: MediaInsert[],
      mentions: readonly number[] = [],
      claim?: IdempotencyClaim,
    ): Promise<number> {
      onQuery();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({
            ...post,
            updatedAt: post.createdAt,
            searchVector: vectorOf(post.searchText),
          })
          .returning({ id: posts.id });
        if (!row) throw new Error('insert returned nothing');
        if (media.length > 0) {
          await tx.insert(postMedia).values(media.map((m, position) => ({ ...m, postId: row.id, position })));
        }
        if (mentions.length > 0)
          await writeMentions(tx, { postId: row.id, commentId: null }, mentions, post.createdAt);
        if (claim) await recordIdempotentResource(tx, claim, row.id);
        return row.id;
      });
    },

    /** How many posts a user has (index posts_user_idx). */
    countByAuthor: (userId: number) => db.$count(posts, eq(posts.userId, userId)),

    /** The fields search and permissions need, without counts. */
    async findOwned(postId: number) {
      onQuery();
      const [row] = await db
        .select({
          id: posts.id,
          userId: posts.userId,
          description: posts.description,
          propertyType: posts.propertyType,
          cityId: posts.cityId,
          customLocation: posts.customLocation,
          price: posts.price,
          currency: posts.currency,
        })
        .from(posts)
        .where(eq(posts.id, postId));
      return row;
    },

    async mediaCount(postId: number): Promise<number> {
      onQuery();
      return db.$count(postMedia, eq(postMedia.postId, postId));
    },

    /** The edit and the mentions of its description (picked now, or kept), in one transaction. */
    async update(postId: number, fields: PostUpdate, mentions: readonly number[] = []): Promise<void> {
      onQuery();
      await db.transaction(async (tx) => {
        await tx.update(posts).set(updateSet(fields)).where(eq(posts.id, postId));
        await writeMentions(tx, { postId, commentId: null }, mentions, fields.updatedAt);
      });
    },

    /**
     * The whole listing at once, in one transaction under the post's row lock: `arrange` sees the
     * photos as they are and answers the new order (or throws, and nothing changes). Answers the keys
     * of the photos removed (their files go once this has committed), or undefined without the post.
     */
    async replaceListing(
      postId: number,
      fields: PostUpdate,
      arrange: (current: CurrentPhoto[]) => PhotoSlot[],
      mentions: readonly number[] = [],
    ): Promise<string[] | undefined> {
      onQuery();
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.id, postId))
          .for('update');
        if (!locked) return undefined;
        const current = await tx
          .select({ id: postMedia.id, key: postMedia.key })
          .from(postMedia)
          .where(eq(postMedia.postId, postId))
          .orderBy(asc(postMedia.position));
        const slots = arrange(current);
        const keptIds = slots.flatMap((slot) => ('kept' in slot ? [slot.kept] : []));
        await tx.update(posts).set(updateSet(fields)).where(eq(posts.id, postId));
        await writeMentions(tx, { postId, commentId: null }, mentions, fields.updatedAt);
        const removed = current.filter((photo) => !keptIds.includes(photo.id));
        if (removed.length > 0) {
          await tx
            .delete(postMedia)
            .where(
              and(
                eq(postMedia.postId, postId),
                keptIds.length ? notInArray(postMedia.id, keptIds) : undefined,
              ),
            );
        }
        const added: (MediaInsert & { postId: number; position: number })[] = [];
        for (const [position, slot] of slots.entries()) {
          if ('kept' in slot) {
            await tx
              .update(postMedia)
              .set({ position })
              .where(and(eq(postMedia.id, slot.kept), eq(postMedia.postId, postId)));
          } else {
            added.push({ ...slot.added, postId, position });
          }
        }
        if (added.length > 0) await tx.insert(postMedia).values(added);
        return removed.map((photo) => photo.key);
      });
    },

    /** Deletes the post (likes, bookmarks, comments and photo rows cascade); answers its photo keys. */
    async remove(postId: number): Promise<string[]> {
      onQuery();
      return db.transaction(async (tx) => {
        const media = await tx
          .select({ key: postMedia.key })
          .from(postMedia)
          .where(eq(postMedia.postId, postId));
        await tx.delete(posts).where(eq(posts.id, postId));
        return media.map((m) => m.key);
      });
    },

    /** Newest first by id (keyset): `cursor` is the last id of the previous page. */
    async feed(query: {
      filters: FeedFilters;
      cursor?: number | undefined;
      limit: number;
      viewerId: number;
    }) {
      const { shape, conditions, values } = filterPlaceholders(query.filters);
      onQuery();
      const rows = await feedPage(query.limit + 1, Boolean(query.cursor), shape, conditions).execute({
        viewerId: query.viewerId,
        cursor: query.cursor,
        ...values,
      });
      const page = rows.slice(0, query.limit);
      return { rows: withMedia(page), hasMore: rows.length > query.limit };
    },

    /**
     * 'For you': best score first (posts.ranking.ts), keyset on (score, id) under a snapshot; the
     * next cursor is null on the last page. One query, like the latest order.
     */
    async rankedFeed(query: RankedFeedQuery) {
      onQuery();
      const rows = await rankedRows(query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor: RankedCursor | null =
        rows.length > query.limit && last
          ? { score: last.score, id: last.id, snapshot: last.snapshot }
          : null;
      return { rows: withMedia(page), nextCursor };
    },

    /** Whether the viewer has finished onboarding (the feed is ranked for them by default). */
    async hasPreferences(viewerId: number): Promise<boolean> {
      onQuery();
      return (await db.$count(userPreferences, eq(userPreferences.userId, viewerId))) > 0;
    },

    /** Posts by id, in the order of `ids`. */
    async byIds(ids: number[], viewerId: number) {
      if (ids.length === 0) return [];
      onQuery();
      const rows = await postsByIds.execute({ viewerId, ids });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return withMedia(ids.flatMap((id) => byId.get(id) ?? []));
    },

    /** Toggles the viewer's like; the row and the count are read in one transaction. */
    async toggleLike(postId: number, userId: number, now: Date) {
      onQuery();
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(postLikes)
          .values({ postId, userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ postId: postLikes.postId });
        if (inserted.length === 0) {
          await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
        }
        const count = await tx.$count(postLikes, eq(postLikes.postId, postId));
        return { isLiked: inserted.length > 0, count };
      });
    },

    async toggleBookmark(postId: number, userId: number, now: Date) {
      onQuery();
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(bookmarks)
          .values({ postId, userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: bookmarks.id });
        if (inserted.length === 0) {
          await tx.delete(bookmarks).where(and(eq(bookmarks.postId, postId), eq(bookmarks.userId, userId)));
        }
        const count = await tx.$count(bookmarks, eq(bookmarks.postId, postId));
        return { isBookmarked: inserted.length > 0, count };
      });
    },

    /** The user's bookmarks, newest first by bookmark id (keyset). */
    async bookmarked(query: { userId: number; cursor?: number | undefined; limit: number }) {
      onQuery();
      const marks = await db
        .select({ id: bookmarks.id, postId: bookmarks.postId })
        .from(bookmarks)
        .where(
          and(eq(bookmarks.userId, query.userId), query.cursor ? lt(bookmarks.id, query.cursor) : undefined),
        )
        .orderBy(desc(bookmarks.id))
        .limit(query.limit + 1);
      const page = marks.slice(0, query.limit);
      const rows = await this.byIds(
        page.map((m) => m.postId),
        query.userId,
      );
      return { rows, nextCursor: marks.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },

    /**
     * Ids of the posts matching a tsquery, best first then newest, ranked among the newest
     * SEARCH_CANDIDATES matches, so a search costs the same at 10k posts as at 1M:
     * - `recent` walks the newest posts (primary key, backwards) and stops at SEARCH_CANDIDATES
     *   matches or after SEARCH_WINDOW posts: a common word fills it after a few thousand rows;
     * - only when it did not fill (a rarer word) are all matches read through the GIN index, in a
     *   MATERIALIZED CTE (the planner can never walk the id/date index hoping to meet a rare word,
     *   stack notes: 9.7 s at 1M rows), and the newest SEARCH_CANDIDATES of them kept.
     */
    searchIdsQuery(tsQuery: string, limit: number, offset: number): SQL {
      return sql`with q as materialized (select to_tsquery('simple', ${tsQuery}) as query),
        recent as materialized (
          select w.id, w.search_vector
          from (select id, search_vector from posts order by id desc limit ${sql.raw(String(SEARCH_WINDOW))}) w, q
          where w.search_vector @@ q.query
          limit ${sql.raw(String(SEARCH_CANDIDATES))}
        ),
        filled as materialized (select count(*) = ${sql.raw(String(SEARCH_CANDIDATES))} as is_full from recent),
        everything as materialized (
          select p.id, p.search_vector
          from posts p, q
          where p.search_vector @@ q.query and not (select is_full from filled)
        ),
        candidates as (
          select id, search_vector from recent where (select is_full from filled)
          union all
          select id, search_vector from (
            select id, search_vector from everything order by id desc limit ${sql.raw(String(SEARCH_CANDIDATES))}
          ) e
        )
        select c.id from candidates c, q
        order by ts_rank(c.search_vector, q.query) desc, c.id desc
        limit ${limit} offset ${offset}`;
    },

    async searchIds(tsQuery: string, limit: number, offset: number): Promise<number[]> {
      onQuery();
      const result = await db.execute(this.searchIdsQuery(tsQuery, limit, offset));
      return idRows.parse(result).rows.map((r) => r.id);
    },

    /** EXPLAIN (FORMAT JSON) of a ranked feed page, for the test that checks it walks posts by time. */
    async explainRankedFeed(query: RankedFeedQuery): Promise<unknown> {
      const result = await db.execute(sql`explain (format json) ${rankedRows(query).getSQL()}`);
      return anyRows.parse(result).rows;
    },

    /** EXPLAIN (FORMAT JSON) of a search, for the test that checks the plan uses the GIN index. */
    async explainSearch(tsQuery: string, limit: number): Promise<unknown> {
      const result = await db.execute(sql`explain (format json) ${this.searchIdsQuery(tsQuery, limit, 0)}`);
      return anyRows.parse(result).rows;
    },
  };
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;
export type PostRow = Awaited<ReturnType<PostsRepository['byIds']>>[number];
