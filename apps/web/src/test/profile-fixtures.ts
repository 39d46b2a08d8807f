import type { City } from '@makan/contract/cities';
import type { ProfileSummary, PublicProfile } from '@makan/contract/profiles';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  PROPERTY_TYPES,
} from '@makan/contract/property-types';
import { PURPOSE_LABELS, PURPOSE_LABELS_AR, PURPOSES } from '@makan/contract/purposes';

/** GET /api/onboarding/questions as the server answers it. */
export const questionsFixture = {
  steps: [
    {
      step: 1,
      key: 'purpose',
      title_en: 'What would you like to do?',
      title_ar: 'ماذا تريد أن تفعل؟',
      multiple: false,
      options: PURPOSES.map((value) => ({
        value,
        label_en: PURPOSE_LABELS[value],
        label_ar: PURPOSE_LABELS_AR[value],
      })),
    },
    {
      step: 2,
      key: 'property_types',
      title_en: 'Which commercial property types interest you?',
      title_ar: 'ما أنواع العقارات التجارية التي تهمك؟',
      multiple: true,
      options: PROPERTY_TYPES.map((value) => ({
        value,
        label_en: PROPERTY_TYPE_LABELS[value],
        label_ar: PROPERTY_TYPE_LABELS_AR[value],
      })),
    },
    {
      step: 3,
      key: 'preferred_locations',
      title_en: 'Where are you looking?',
      title_ar: 'أين تبحث؟',
      multiple: true,
      options: [],
      search: '/api/cities',
    },
  ],
};

export function cityFixture(overrides: Partial<City> = {}): City {
  return {
    id: 1,
    name_en: 'Riyadh',
    name_ar: 'الرياض',
    country_code: 'SA',
    lat: 24.7,
    lng: 46.7,
    display_name: 'Riyadh, Saudi Arabia',
    ...overrides,
  };
}

export const riyadh = cityFixture();
export const jeddah = cityFixture({
  id: 2,
  name_en: 'Jeddah',
  name_ar: 'جدة',
  display_name: 'Jeddah, Saudi Arabia',
});
export const dubai = cityFixture({
  id: 3,
  name_en: 'Dubai',
  name_ar: 'دبي',
  country_code: 'AE',
  display_name: 'Dubai, United Arab Emirates',
});

/** Another user's profile as GET /api/profiles/{id}/full answers it. */
export function publicProfileFixture(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 12,
    name: 'Al Noor Developments',
    user_type: 'developer',
    verified: true,
    created_at: '2026-01-15T10:00:00.000Z',
    profile: {
      picture: null,
      cover_photo: null,
      bio: 'Grade-A offices across Dubai.',
      link: 'https://noor.example',
      views: 41,
      hide_contact: false,
    },
    follow_info: { followers_count: 3, following_count: 1, is_following: false, is_followed_by: false },
    contact_info: { email: 'noor@makan.example', phone: '+971501000004' },
    preferences: null,
    posts_count: 0,
    is_self: false,
    is_blocked: false,
    company_verified: false,
    ...overrides,
  };
}

export function summaryFixture(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: 12,
    name: 'Al Noor Developments',
    user_type: 'developer',
    verified: true,
    company_verified: false,
    picture: null,
    bio: 'Grade-A offices across Dubai.',
    followers_count: 3,
    is_following: false,
    ...overrides,
  };
}

/** A promise and the function that settles it, for answers a test holds back. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
