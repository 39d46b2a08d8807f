import type { FullUser } from '@makan/contract/auth';
import { normalizeSearchText } from '@makan/contract/cities';
import type { PreferencesResult, preferencesRequest } from '@makan/contract/onboarding';
import {
  MENTIONABLE_MAX,
  type MentionableResult,
  type ProfileSummary,
  type PublicProfile,
} from '@makan/contract/profiles';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { BlocksRepository } from '../blocks/blocks.repository.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import { hasRealPhone, toFullUser } from '../users/users.view.ts';
import type { ImageKind, PreferencesRow, ProfileListRow, ProfilesRepository } from './profiles.repository.ts';

type Deps = {
  users: UsersRepository;
  profiles: ProfilesRepository;
  clock: Clock;
  /** Public URL of a stored picture or cover. */
  imageUrl: (kind: ImageKind, key: string) => string;
  countPosts: (authorId: number) => Promise<number>;
  blocks: Pick<BlocksRepository, 'between' | 'isBlockedBy'>;
  /** A follow given or ended (queued by the database with it): the notifications' worker looks now. */
  notify: () => void;
};

export function toPreferences(row: PreferencesRow | undefined): PreferencesResult | null {
  return row
    ? { purpose: row.purpose, property_types: row.propertyTypes, preferred_locations: row.preferredLocations }
    : null;
}

/** The trigram index on city names needs three letters; fewer would match most cities. */
const CITY_MATCH_MIN = 3;

const isVerifiedBadge = (u: { emailVerifiedAt: Date | null; phoneVerifiedAt: Date | null }) =>
  u.emailVerifiedAt !== null && u.phoneVerifiedAt !== null;

export function createProfilesService({
  users,
  profiles,
  clock,
  imageUrl,
  countPosts,
  blocks,
  notify,
}: Deps) {
  const media = (kind: ImageKind, key: string | null) => (key ? { url: imageUrl(kind, key) } : null);

  async function mustFind(id: number): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw new NotFound();
    return user;
  }

  function summary(row: ProfileListRow): ProfileSummary {
    return {
      id: row.id,
      name: row.name,
      user_type: row.userType,
      verified: isVerifiedBadge(row),
      company_verified: row.companyVerifiedAt !== null,
      picture: media('picture', row.pictureKey),
      bio: row.bio,
      followers_count: row.followers,
      is_following: row.isFollowing,
    };
  }

  /** The full user of spec §3 for its owner: everything, contact details included. */
  async function describeOwner(userId: number): Promise<FullUser> {
    const user = await mustFind(userId);
    const [preferences, followInfo, views, postsCount] = await Promise.all([
      profiles.preferences(userId),
      profiles.followInfo(userId, userId),
      profiles.views(userId),
      countPosts(userId),
    ]);
    const base = toFullUser(user);
    return {
      ...base,
      profile: {
        picture: media('picture', user.pictureKey),
        cover_photo: media('cover', user.coverKey),
        bio: user.bio,
        link: user.link,
        views,
        hide_contact: user.hideContact,
      },
      follow_info: followInfo,
      preferences: toPreferences(preferences),
      posts_count: postsCount,
    };
  }

  return {
    describeOwner,

    /**
     * A profile as `viewerId` sees it. Hidden contact details are sent to nobody but the owner.
     * A visit by someone else counts once per viewer per day.
     */
    async view(profileId: number, viewerId: number): Promise<PublicProfile> {
      const self = profileId === viewerId;
      if (!self) await profiles.recordView(profileId, viewerId, clock.now().toISOString().slice(0, 10));
      // Read after the visit is counted, so the count includes it.
      const found = await profiles.profileView(profileId, viewerId);
      if (!found) throw new NotFound();
      const { user } = found;
      const views = found.views;
      const postsCount = found.postsCount;
      const preferences = found.preferences ?? undefined;
      const isBlocked = self ? false : found.blockedByViewer;
      const followInfo = {
        followers_count: found.followers,
        following_count: found.following,
        is_following: !self && found.viewerFollows,
        is_followed_by: !self && found.followsViewer,
      };
      const showContact = self || !user.hideContact;
      return {
        id: user.id,
        name: user.name,
        user_type: user.userType,
        verified: isVerifiedBadge(user),
        created_at: user.createdAt.toISOString(),
        profile: {
          picture: media('picture', user.pictureKey),
          cover_photo: media('cover', user.coverKey),
          bio: user.bio,
          link: user.link,
          views,
          hide_contact: user.hideContact,
        },
        follow_info: followInfo,
        contact_info: {
          email: showContact ? user.email : null,
          phone: showContact && hasRealPhone(user) ? user.phone : null,
        },
        preferences: toPreferences(preferences),
        posts_count: postsCount,
        company_verified: user.companyVerifiedAt !== null,
        is_self: self,
        is_blocked: isBlocked,
      };
    },

    async update(
      userId: number,
      fields: {
        name?: string | undefined;
        bio?: string | null | undefined;
        link?: string | null | undefined;
      },
    ) {
      const set: { name?: string; bio?: string | null; link?: string | null } = {};
      if (fields.name !== undefined) set.name = fields.name;
      if (fields.bio !== undefined) set.bio = fields.bio;
      if (fields.link !== undefined) set.link = fields.link;
      await profiles.update(userId, set, clock.now());
      return describeOwner(userId);
    },

    async setContactHidden(userId: number, hide: boolean) {
      await profiles.setHideContact(userId, hide, clock.now());
      return describeOwner(userId);
    },

    setImage: (userId: number, kind: ImageKind, key: string | null) =>
      profiles.setImage(userId, kind, key, clock.now()),

    async follow(viewerId: number, profileId: number) {
      if (viewerId === profileId) throw new Invalid({ user_id: 'cannotFollowSelf' }, 'cannotFollowSelf');
      await mustFind(profileId);
      if (await blocks.between(viewerId, profileId)) throw new Forbidden('userUnavailable');
      await profiles.follow(viewerId, profileId, clock.now());
      notify();
      return profiles.followInfo(profileId, viewerId);
    },

    async unfollow(viewerId: number, profileId: number) {
      await mustFind(profileId);
      await profiles.unfollow(viewerId, profileId);
      notify();
      return profiles.followInfo(profileId, viewerId);
    },

    async list(
      viewerId: number,
      query: {
        q?: string | undefined;
        type?: 'retail' | 'developer' | undefined;
        verified_company?: boolean | undefined;
        cursor?: number | undefined;
        per_page: number;
      },
    ) {
      // City names are matched folded (case, Arabic diacritics and letter forms), from three letters.
      const cityText = query.q ? normalizeSearchText(query.q) : '';
      const { rows, hasMore } = await profiles.list({
        ...query,
        verifiedCompany: query.verified_company,
        cityText: [...cityText].length >= CITY_MATCH_MIN ? cityText : undefined,
        limit: query.per_page,
        viewerId,
      });
      const last = rows.at(-1);
      return { users: rows.map(summary), next_cursor: hasMore && last ? last.id : null };
    },

    /** The people picker (issue 22): at most MENTIONABLE_MAX people whose name contains `q`. */
    async mentionable(viewerId: number, q: string): Promise<MentionableResult> {
      const rows = await profiles.mentionable(viewerId, q, MENTIONABLE_MAX, clock.now());
      return {
        users: rows.map((row) => ({
          id: row.id,
          name: row.name,
          picture: media('picture', row.pictureKey),
          is_following: row.isFollowing,
        })),
      };
    },

    /** Three accounts to follow: not you, not followed yet; those sharing your property types or cities first. */
    async suggestions(viewerId: number): Promise<ProfileSummary[]> {
      const candidates = await profiles.suggestionCandidates(viewerId, 60);
      const prefs = await profiles.preferencesOf([viewerId, ...candidates.map((c) => c.id)]);
      const mine = prefs.get(viewerId);
      const score = (id: number) => {
        const theirs = prefs.get(id);
        if (!mine || !theirs) return 0;
        const types = theirs.propertyTypes.filter((t) => mine.propertyTypes.includes(t)).length;
        const places = theirs.preferredLocations.filter((l) => mine.preferredLocations.includes(l)).length;
        return types + 2 * places;
      };
      return candidates
        .map((row, index) => ({ row, index, score: score(row.id) }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, 3)
        .map(({ row }) => summary(row));
    },

    async savePreferences(userId: number, input: z.infer<typeof preferencesRequest>) {
      await profiles.savePreferences({
        userId,
        purpose: input.purpose,
        propertyTypes: input.property_types,
        preferredLocations: input.preferred_locations,
        updatedAt: clock.now(),
      });
      return describeOwner(userId);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
