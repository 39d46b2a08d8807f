import type { FullUser } from '@makan/contract/auth';
import { LANGUAGES } from '@makan/contract/languages';
import { ROLES, USER_TYPES } from '@makan/contract/user-types';
import { followInfoReader } from '../../../lib/profile-readers.ts';
import { arrayOf, bool, int, nullable, object, oneOf, picture, type Reader, str } from '../../../lib/read.ts';

/**
 * The signed-in user as the contract's `fullUser` reads it, without zod (lib/read.ts says why;
 * readers.test.ts holds the two equal): the settings and the console read it, and a chunk it shares
 * with the chat's live code (built together) then brings no schema library to every signed-in page.
 */

export const fullUserReader: Reader<FullUser> = object({
  id: int,
  name: str,
  email: str,
  phone: str,
  user_type: oneOf(USER_TYPES),
  verified: bool,
  email_verified: bool,
  phone_verified: bool,
  has_password: bool,
  role: oneOf(ROLES),
  company_verified: bool,
  language: oneOf(LANGUAGES),
  created_at: str,
  updated_at: str,
  profile: object({
    picture,
    cover_photo: picture,
    bio: nullable(str),
    link: nullable(str),
    views: int,
    hide_contact: bool,
  }),
  follow_info: followInfoReader,
  preferences: nullable(
    object({ purpose: str, property_types: arrayOf(str), preferred_locations: arrayOf(int) }),
  ),
  contact_info: object({ email: nullable(str), phone: nullable(str) }),
  posts_count: int,
});
