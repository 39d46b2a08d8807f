import type { ChatUser } from '@makan/contract/chat';
import type { FollowInfo, ProfileSummary, ProfilesListResult } from '@makan/contract/profiles';
import { USER_TYPES } from '@makan/contract/user-types';
import { arrayOf, bool, int, nullable, object, oneOf, picture, type Reader, str } from './read.ts';

/**
 * Lists of people (the companies directory, suggestions) and follow counts read without zod (lib/read.ts
 * says why; profile-readers.test.ts holds each equal to the contract's schema of the same name): the
 * directory renders its first page, and a follow button answers, before any schema has loaded.
 */

export const followInfoReader: Reader<FollowInfo> = object({
  followers_count: int,
  following_count: int,
  is_following: bool,
  is_followed_by: bool,
});

/** A person as a list or a conversation shows them (the contract's `person`). */
const personFields = {
  id: int,
  name: str,
  user_type: oneOf(USER_TYPES),
  verified: bool,
  company_verified: bool,
  picture,
};
export const personReader: Reader<ChatUser> = object(personFields);

export const profileSummaryReader: Reader<ProfileSummary> = object({
  ...personFields,
  bio: nullable(str),
  followers_count: int,
  is_following: bool,
});

export const profilesListReader: Reader<ProfilesListResult> = object({
  users: arrayOf(profileSummaryReader),
  next_cursor: nullable(int),
});
