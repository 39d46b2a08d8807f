import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataExports } from '../../db/schema/account.ts';
import { socialAccounts } from '../../db/schema/auth.ts';
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messages,
} from '../../db/schema/chat.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { companyVerifications } from '../../db/schema/moderation.ts';
import { bookmarks, comments, postLikes, postMedia, posts } from '../../db/schema/posts.ts';
import { follows, userBlocks, userPreferences } from '../../db/schema/profiles.ts';
import { savedSearches } from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';
import { documentFileName } from '../verification/verification.repository.ts';

/** The files of an erased account, deleted from disk once the erasure committed. */
export type ErasedFiles = {
  pictures: string[];
  covers: string[];
  postPhotos: string[];
  /** Attachments of conversations nobody is left in. */
  chatFiles: { kind: 'image' | 'file'; storageKey: string }[];
  exports: string[];
  /** A company's registration documents (file names under DATA_DIR/verification). */
  verificationDocuments: string[];
};

export type ExportRow = typeof dataExports.$inferSelect;

/** Account deletion and data exports: the rows behind them (issue 20, decision 017). */
export function createAccountDataRepository(db: Database) {
  return {
    async scheduleDeletion(userId: number, due: Date): Promise<void> {
      await db.update(users).set({ deletionDueAt: due }).where(eq(users.id, userId));
    },

    /** Clears a pending deletion; answers whether there was one. */
    async cancelDeletion(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ deletionDueAt: null })
        .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async dueForErasure(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(lte(users.deletionDueAt, now))
        .orderBy(asc(users.deletionDueAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Erases one account in one transaction, if its deletion is still due (a sign-in a moment ago
     * wins): the users row goes, and with it (by the foreign keys) the profile, preferences, posts
     * and their photos' rows, comments, likes, bookmarks, follows, views, sessions and codes; the
     * user's messages stay with no sender. Conversations nobody is left in go too, as do the
     * contact-form messages sent from the account's email. Answers the files to delete from disk,
     * or null when there was nothing to erase.
     */
    async erase(userId: number, now: Date): Promise<ErasedFiles | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            pictureKey: users.pictureKey,
            coverKey: users.coverKey,
          })
          .from(users)
          .where(and(eq(users.id, userId), lte(users.deletionDueAt, now)))
          .for('update');
        if (!user) return null;
        const photos = await tx
          .select({ key: postMedia.key })
          .from(postMedia)
          .innerJoin(posts, eq(posts.id, postMedia.postId))
          .where(eq(posts.userId, userId));
        const exportsOf = await tx
          .select({ key: dataExports.fileKey })
          .from(dataExports)
          .where(eq(dataExports.userId, userId));
        const documents = await tx
          .select({
            documentKey: companyVerifications.documentKey,
            documentType: companyVerifications.documentType,
          })
          .from(companyVerifications)
          .where(eq(companyVerifications.userId, userId));
        const joined = await tx
          .select({ id: conversationParticipants.conversationId })
          .from(conversationParticipants)
          .where(eq(conversationParticipants.userId, userId));
        await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
        await tx.delete(users).where(eq(users.id, userId));
        // Conversations of this user that nobody takes part in any more (the other account erased too).
        const ids = joined.map((j) => j.id);
        let chatFiles: ErasedFiles['chatFiles'] = [];
        if (ids.length > 0) {
          const empty = (
            await tx
              .select({ id: conversations.id })
              .from(conversations)
              .where(
                and(
                  inArray(conversations.id, ids),
                  sql`not exists (select 1 from conversation_participants p where p.conversation_id = ${conversations.id})`,
                ),
              )
          ).map((c) => c.id);
          if (empty.length > 0) {
            chatFiles = await tx
              .select({ kind: messageAttachments.kind, storageKey: messageAttachments.storageKey })
              .from(messageAttachments)
              .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
              .where(inArray(messages.conversationId, empty));
            await tx.delete(conversations).where(inArray(conversations.id, empty));
          }
        }
        return {
          pictures: user.pictureKey ? [user.pictureKey] : [],
          covers: user.coverKey ? [user.coverKey] : [],
          postPhotos: photos.map((p) => p.key),
          chatFiles,
          exports: exportsOf.map((e) => e.key),
          verificationDocuments: documents.map(documentFileName),
        };
      });
    },

    /** A new export, unless one is being prepared (answers null then). */
    async requestExport(userId: number, fileKey: string, now: Date): Promise<ExportRow | null> {
      const rows = await db
        .insert(dataExports)
        .values({ userId, fileKey, requestedAt: now })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async latestExport(userId: number): Promise<ExportRow | undefined> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.id))
        .limit(1);
      return row;
    },

    async exportByKey(fileKey: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.fileKey, fileKey));
      return row;
    },

    /**
     * Claims the oldest pending export no worker holds, or one whose worker stopped (claimed before
     * `staleBefore`): `skip locked` lets several processes claim at once without taking the same.
     */
    async claimExport(now: Date, staleBefore: Date): Promise<ExportRow | undefined> {
      const [row] = await db
        .update(dataExports)
        .set({ startedAt: now, attempts: sql`${dataExports.attempts} + 1` })
        .where(
          eq(
            dataExports.id,
            sql`(select id from data_exports
              where status = 'pending' and (started_at is null or started_at < ${staleBefore.toISOString()}::timestamptz)
              order by requested_at limit 1 for update skip locked)`,
          ),
        )
        .returning();
      return row;
    },

    async finishExport(
      id: number,
      fields: { status: 'ready' | 'failed'; fileSize: number | null; now: Date; expiresAt: Date | null },
    ) {
      await db
        .update(dataExports)
        .set({
          status: fields.status,
          fileSize: fields.fileSize,
          finishedAt: fields.now,
          expiresAt: fields.expiresAt,
        })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
    },

    /** Exports past their expiry or failed a day ago: their rows go; answers their file keys. */
    async deleteExpiredExports(now: Date): Promise<string[]> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const rows = await db
        .delete(dataExports)
        .where(
          or(
            lte(dataExports.expiresAt, now),
            and(eq(dataExports.status, 'failed'), lte(dataExports.finishedAt, dayAgo)),
          ),
        )
        .returning({ key: dataExports.fileKey });
      return rows.map((r) => r.key);
    },

    /** Everything of one user that goes in their archive. */
    async gatherExport(userId: number) {
      const [account] = await db.select().from(users).where(eq(users.id, userId));
      if (!account) return undefined;
      const [preferences] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      const social = await db
        .select({
          provider: socialAccounts.provider,
          email: socialAccounts.email,
          createdAt: socialAccounts.createdAt,
        })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId));
      const ownPosts = await db.select().from(posts).where(eq(posts.userId, userId)).orderBy(asc(posts.id));
      const photos = ownPosts.length
        ? await db
            .select()
            .from(postMedia)
            .where(
              inArray(
                postMedia.postId,
                ownPosts.map((p) => p.id),
              ),
            )
            .orderBy(asc(postMedia.postId), asc(postMedia.position))
        : [];
      const ownComments = await db
        .select({
          id: comments.id,
          postId: comments.postId,
          parentId: comments.parentId,
          body: comments.body,
          createdAt: comments.createdAt,
          updatedAt: comments.updatedAt,
        })
        .from(comments)
        .where(eq(comments.userId, userId))
        .orderBy(asc(comments.id));
      const liked = await db
        .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
        .from(postLikes)
        .where(eq(postLikes.userId, userId));
      const saved = await db
        .select({ postId: bookmarks.postId, createdAt: bookmarks.createdAt })
        .from(bookmarks)
        .where(eq(bookmarks.userId, userId));
      // Saved searches (issue 23): what the user looks for, as saved.
      const searches = await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id));
      const following = await db
        .select({ id: users.id, name: users.name })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followeeId))
        .where(eq(follows.followerId, userId));
      const followers = await db
        .select({ id: users.id, name: users.name })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(eq(follows.followeeId, userId));
      // Whom the user blocked (not who blocked them: that is the other person's data).
      const blocked = await db
        .select({ id: users.id, name: users.name, createdAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId));
      const mine = await db
        .select({
          conversationId: conversationParticipants.conversationId,
          clearedUpTo: conversationParticipants.clearedUpTo,
        })
        .from(conversationParticipants)
        .where(eq(conversationParticipants.userId, userId));
      const conversationIds = mine.map((c) => c.conversationId);
      const people = conversationIds.length
        ? await db
            .select({
              conversationId: conversationParticipants.conversationId,
              id: users.id,
              name: users.name,
            })
            .from(conversationParticipants)
            .innerJoin(users, eq(users.id, conversationParticipants.userId))
            .where(inArray(conversationParticipants.conversationId, conversationIds))
        : [];
      const said = conversationIds.length
        ? await db
            .select()
            .from(messages)
            .where(inArray(messages.conversationId, conversationIds))
            .orderBy(asc(messages.conversationId), asc(messages.id))
        : [];
      const files = said.length
        ? await db
            .select()
            .from(messageAttachments)
            .where(
              inArray(
                messageAttachments.messageId,
                said.map((m) => m.id),
              ),
            )
        : [];
      return {
        account,
        preferences,
        social,
        ownPosts,
        photos,
        ownComments,
        liked,
        saved,
        searches,
        following,
        followers,
        blocked,
        mine,
        people,
        said,
        files,
      };
    },
  };
}
export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
export type ExportSource = NonNullable<Awaited<ReturnType<AccountDataRepository['gatherExport']>>>;
