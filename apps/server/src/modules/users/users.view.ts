import type { FullUser, MinimalUser, VerificationInfo } from '@makan/contract/auth';
import type { UserRow } from './users.repository.ts';

export function isVerified(
  user: Pick<UserRow, 'emailVerifiedAt' | 'phoneVerifiedAt' | 'verificationMethod'>,
): boolean {
  const email = user.emailVerifiedAt !== null;
  const phone = user.phoneVerifiedAt !== null;
  if (user.verificationMethod === 'both') return email && phone;
  return user.verificationMethod === 'phone' ? phone : email;
}

export function verificationInfoOf(user: UserRow): VerificationInfo {
  return {
    method: user.verificationMethod,
    email: user.email,
    phone: user.phone,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
  };
}

/** Accounts made by social sign-in carry a unique placeholder until the user adds a phone. */
export function hasRealPhone(user: UserRow): boolean {
  return !user.phoneNormalized.includes(':');
}

/** The full user of spec §3 as its owner sees it. Profiles, follows and preferences join as they land. */
export function toFullUser(user: UserRow): FullUser {
  const phone = hasRealPhone(user) ? user.phone : '';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone,
    user_type: user.userType,
    verified: user.emailVerifiedAt !== null && user.phoneVerifiedAt !== null,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    role: user.role,
    company_verified: user.companyVerifiedAt !== null,
    language: user.language,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    profile: { picture: null, cover_photo: null, bio: null, link: null, views: 0, hide_contact: false },
    follow_info: { followers_count: 0, following_count: 0, is_following: false, is_followed_by: false },
    preferences: null,
    contact_info: { email: user.email, phone: phone || null },
    posts_count: 0,
  };
}

export function toMinimalUser(user: UserRow): MinimalUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    preferences: null,
    avatar: null,
  };
}
