import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import { commentMentionsColumn, writeMentions } from './mentions.repository.ts';

/** Comments and replies; a page is one query (author and replies_count joined per row). */
export function createCommentsRepository(db: Database) {
  const select = () =>
    db
      .select({
        id: comments.id,
        postId: comments.postId,
        parentId: comments.parentId,
        userId: comments.userId,
        body: comments.body,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        userName: users.name,
        userPictureKey: users.pictureKey,
        userCompanyVerified: sql<boolean>`${users.companyVerifiedAt} is not null`,
        repliesCount: sql<number>`(select count(*)::int from comments r where r.parent_id = ${comments.id})`,
        mentions: commentMentionsColumn(comments.id),
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId));

  return {
    async find(id: number) {
      const [row] = await select().where(eq(comments.id, id));
      return row;
    },

    async findMany(ids: number[]) {
      return ids.length ? select().where(inArray(comments.id, ids)) : [];
    },

    /** The comment and its mentions (issue 22) in one transaction. */
    async create(row: {
      postId: number;
      parentId: number | null;
      userId: number;
      body: string;
      now: Date;
      mentions?: readonly number[] | undefined;
    }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(comments)
          .values({
            postId: row.postId,
            parentId: row.parentId,
            userId: row.userId,
            body: row.body,
            createdAt: row.now,
            updatedAt: row.now,
          })
          .returning({ id: comments.id });
        if (!created) throw new Error('insert returned nothing');
        if (row.mentions?.length)
          await writeMentions(tx, { postId: row.postId, commentId: created.id }, row.mentions, row.now);
        return created.id;
      });
    },

    /** The new text and its mentions (picked now, or kept while still named), in one transaction. */
    async update(
      comment: { id: number; postId: number },
      body: string,
      now: Date,
      mentions: readonly number[] = [],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(comments).set({ body, updatedAt: now }).where(eq(comments.id, comment.id));
        await writeMentions(tx, { postId: comment.postId, commentId: comment.id }, mentions, now);
      });
    },

    /** Its replies go with it (foreign key cascade). */
    async remove(id: number): Promise<void> {
      await db.delete(comments).where(eq(comments.id, id));
    },

    /** A post's top-level comments, newest first; `cursor` is the last id of the previous page. */
    async ofPost(postId: number, cursor: number | undefined, limit: number) {
      const rows = await select()
        .where(
          and(
            eq(comments.postId, postId),
            isNull(comments.parentId),
            cursor ? lt(comments.id, cursor) : undefined,
          ),
        )
        .orderBy(desc(comments.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /** A comment's replies, oldest first (a conversation reads down); `cursor` is the last id seen. */
    async replies(parentId: number, cursor: number | undefined, limit: number) {
      const rows = await select()
        .where(and(eq(comments.parentId, parentId), cursor ? gt(comments.id, cursor) : undefined))
        .orderBy(asc(comments.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
export type CommentRow = NonNullable<Awaited<ReturnType<CommentsRepository['find']>>>;
