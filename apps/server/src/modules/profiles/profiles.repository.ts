import { and, desc, eq, inArray, isNotNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities } from '../../db/schema/cities.ts';
import { follows, onboardingProgress, profileViews, userPreferences } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, escapeLike } from '../../lib/like.ts';
import { blockBetween } from '../blocks/blocks.repository.ts';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type ProgressRow = typeof onboardingProgress.$inferSelect;
export type ImageKind = 'picture' | 'cover';

export function createProfilesRepository(db: Database) {
  const followersOf = (id: number) => db.$count(follows, eq(follows.followeeId, id));
  const followingOf = (id: number) => db.$count(follows, eq(follows.followerId, id));

  return {
    // Preferences and onboarding progress
    async preferences(userId: number): Promise<PreferencesRow | undefined> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      return row;
    },
    async preferencesOf(userIds: number[]): Promise<Map<number, PreferencesRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select().from(userPreferences).where(inArray(userPreferences.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r]));
    },
    /** Saves complete preferences and clears the partial progress, in one transaction. */
    async savePreferences(row: PreferencesRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(userPreferences)
          .values(row)
          .onConflictDoUpdate({
            target: userPreferences.userId,
            set: {
              purpose: row.purpose,
              propertyTypes: row.propertyTypes,
              preferredLocations: row.preferredLocations,
              updatedAt: row.updatedAt,
            },
          });
        await tx.delete(onboardingProgress).where(eq(onboardingProgress.userId, row.userId));
      });
    },
    async progress(userId: number): Promise<ProgressRow | undefined> {
      const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
      return row;
    },
    async saveProgress(row: ProgressRow): Promise<void> {
      await db
        .insert(onboardingProgress)
        .values(row)
        .onConflictDoUpdate({
          target: onboardingProgress.userId,
          set: { step: row.step, answers: row.answers, updatedAt: row.updatedAt },
        });
    },

    // Profile fields
    async update(
      userId: number,
      fields: { name?: string; bio?: string | null; link?: string | null },
      now: Date,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...fields, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },
    async setHideContact(userId: number, hide: boolean, now: Date): Promise<void> {
      await db.update(users).set({ hideContact: hide, updatedAt: now }).where(eq(users.id, userId));
    },
    /** Sets (or clears) a picture or cover key; returns the key it replaced. */
    async setImage(userId: number, kind: ImageKind, key: string | null, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const column = kind === 'picture' ? users.pictureKey : users.coverKey;
        const [before] = await tx
          .select({ key: column })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx
          .update(users)
          .set(kind === 'picture' ? { pictureKey: key, updatedAt: now } : { coverKey: key, updatedAt: now })
          .where(eq(users.id, userId));
        return before?.key ?? null;
      });
    },

    // Following: counts are counted, never stored, so they cannot drift.
    /**
     * Follows (following twice is once), unless a block stands between the two: checked in the
     * insert itself, so a block committed meanwhile still wins.
     */
    async follow(followerId: number, followeeId: number, now: Date): Promise<void> {
      await db.execute(sql`
        insert into follows (follower_id, followee_id, created_at)
        select ${followerId}, ${followeeId}, ${now.toISOString()}::timestamptz
        where not ${blockBetween(followerId, followeeId)}
        on conflict do nothing`);
    },

    async unfollow(followerId: number, followeeId: number): Promise<void> {
      await db
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    },
    async followInfo(profileId: number, viewerId: number) {
      const [followers, following, relation] = await Promise.all([
        followersOf(profileId),
        followingOf(profileId),
        db
          .select({ followerId: follows.followerId })
          .from(follows)
          .where(
            sql`(${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${profileId}) or (${follows.followerId} = ${profileId} and ${follows.followeeId} = ${viewerId})`,
          ),
      ]);
      return {
        followers_count: followers,
        following_count: following,
        is_following: viewerId !== profileId && relation.some((r) => r.followerId === viewerId),
        is_followed_by: viewerId !== profileId && relation.some((r) => r.followerId === profileId),
      };
    },

    // Views: one per viewer per day.
    /** Counts a visit when the profile exists (a missing one is the read's 404, not a foreign key's 500). */
    async recordView(profileId: number, viewerId: number, day: string): Promise<void> {
      await db.execute(sql`
        insert into profile_views (profile_id, viewer_id, day)
        select ${profileId}, ${viewerId}, ${day}::date where exists (select 1 from users where id = ${profileId})
        on conflict do nothing`);
    },

    /**
     * A profile as `viewerId` opens it, in one statement (issue 25; it was eight): the person, their
     * preferences, follows both ways and the viewer's relation, views, listings and whether the
     * viewer blocked them. Each count is read from its own index, as the separate reads were.
     */
    async profileView(profileId: number, viewerId: number) {
      const [row] = await db
        .select({
          user: users,
          preferences: userPreferences,
          followers: sql<number>`(select count(*)::int from follows f where f.followee_id = ${users.id})`,
          following: sql<number>`(select count(*)::int from follows f where f.follower_id = ${users.id})`,
          viewerFollows: sql<boolean>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${users.id})`,
          followsViewer: sql<boolean>`exists(select 1 from follows f where f.follower_id = ${users.id} and f.followee_id = ${viewerId})`,
          views: sql<number>`(select count(*)::int from profile_views v where v.profile_id = ${users.id})`,
          postsCount: sql<number>`(select count(*)::int from posts p where p.user_id = ${users.id})`,
          blockedByViewer: sql<boolean>`exists(select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${users.id})`,
        })
        .from(users)
        .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
        .where(eq(users.id, profileId));
      return row;
    },
    views: (profileId: number) => db.$count(profileViews, eq(profileViews.profileId, profileId)),

    /**
     * People and companies, newest first, by keyset. `q` matches a name or a bio (trigram indexes)
     * or one of the cities the account chose (`cityText`, folded: the cities' trigram index, then the
     * preferences' GIN index); the three come together as one bitmap on users.
     */
    async list(query: {
      q?: string | undefined;
      cityText?: string | undefined;
      type?: 'retail' | 'developer' | undefined;
      verifiedCompany?: boolean | undefined;
      cursor?: number | undefined;
      limit: number;
      viewerId: number;
    }) {
      const conditions = [];
      if (query.q) {
        const pattern = containsPattern(query.q.toLowerCase());
        conditions.push(
          or(
            sql`lower(${users.name}) like ${pattern}`,
            sql`lower(${users.bio}) like ${pattern}`,
            query.cityText
              ? sql`${users.id} = any((
                  select coalesce(array_agg(${userPreferences.userId}), '{}') from ${userPreferences}
                  where ${userPreferences.preferredLocations} && (
                    select coalesce(array_agg(${cities.id}), '{}') from ${cities}
                    where ${cities.searchText} like ${containsPattern(query.cityText)}
                  )
                )::int[])`
              : undefined,
          ),
        );
      }
      if (query.type) conditions.push(eq(users.userType, query.type));
      if (query.verifiedCompany) conditions.push(isNotNull(users.companyVerifiedAt));
      if (query.cursor) conditions.push(lt(users.id, query.cursor));
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          userType: users.userType,
          emailVerifiedAt: users.emailVerifiedAt,
          phoneVerifiedAt: users.phoneVerifiedAt,
          pictureKey: users.pictureKey,
          companyVerifiedAt: users.companyVerifiedAt,
          bio: users.bio,
          followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${users.id})`,
          isFollowing: sql<boolean>`exists(select 1 from ${follows} where ${follows.followeeId} = ${users.id} and ${follows.followerId} = ${query.viewerId})`,
        })
        .from(users)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(users.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
    },

    /**
     * The people picker's candidates (issue 22): names containing `q` (the name's trigram index),
     * people the viewer follows first, then names starting with `q`; never the viewer, anyone with a
     * block between them either way, or a suspended account.
     */
    async mentionable(viewerId: number, q: string, limit: number, now: Date) {
      const lowered = q.toLowerCase();
      const following = sql<boolean>`exists(select 1 from ${follows} where ${follows.followeeId} = ${users.id} and ${follows.followerId} = ${viewerId})`;
      return db
        .select({ id: users.id, name: users.name, pictureKey: users.pictureKey, isFollowing: following })
        .from(users)
        .where(
          and(
            ne(users.id, viewerId),
            sql`lower(${users.name}) like ${containsPattern(lowered)}`,
            sql`not ${blockBetween(viewerId, sql`${users.id}`)}`,
            sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} <= ${now.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(
          desc(following),
          desc(sql`lower(${users.name}) like ${`${escapeLike(lowered)}%`}`),
          sql`lower(${users.name})`,
          users.id,
        )
        .limit(limit);
    },

    /** Candidates to suggest: not the viewer, not already followed. Ranked by the service. */
    async suggestionCandidates(viewerId: number, limit: number) {
      return db
        .select({
          id: users.id,
          name: users.name,
          userType: users.userType,
          emailVerifiedAt: users.emailVerifiedAt,
          phoneVerifiedAt: users.phoneVerifiedAt,
          pictureKey: users.pictureKey,
          companyVerifiedAt: users.companyVerifiedAt,
          bio: users.bio,
          followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${users.id})`,
          isFollowing: sql<boolean>`false`,
        })
        .from(users)
        .where(
          and(
            ne(users.id, viewerId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(follows)
                .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, users.id))),
            ),
          ),
        )
        .orderBy(
          desc(sql`(select count(*) from ${follows} where ${follows.followeeId} = ${users.id})`),
          desc(users.id),
        )
        .limit(limit);
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
export type ProfileListRow = Awaited<ReturnType<ProfilesRepository['list']>>['rows'][number];
