import type { Comment, Post } from '@makan/contract/posts';

export function postFixture(overrides: Partial<Post> = {}): Post {
  return {
    id: 7,
    user_id: 2,
    user: { id: 2, name: 'Noor Haddad', picture: null, company_verified: false },
    description: 'Grade A office floor in Olaya',
    property_type: 'office',
    location: { id: 1, name_en: 'Riyadh', name_ar: 'الرياض', display_name: 'Riyadh, Saudi Arabia' },
    custom_location: null,
    display_location: 'Riyadh',
    media: [],
    purpose: null,
    price: null,
    currency: null,
    area_m2: null,
    status: null,
    licence_number: null,
    licence_checked: false,
    comments_count: 0,
    bookmarks_count: 0,
    likes_count: 3,
    is_liked: false,
    is_bookmarked: false,
    is_owner: false,
    shares_count: 10,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    mentions: [],
    ...overrides,
  };
}

export function commentFixture(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 50,
    post_id: 7,
    parent_id: null,
    user: { id: 2, name: 'Noor Haddad', picture: null, company_verified: false },
    comment: 'Is parking included?',
    created_at: new Date(Date.now() - 60_000).toISOString(),
    updated_at: new Date(Date.now() - 60_000).toISOString(),
    replies_count: 0,
    mentions: [],
    ...overrides,
  };
}
