import type { Shape } from '../seed/seed.ts';
import { benchToken, moderatorOf } from '../seed/seed.ts';

export type HttpCase = {
  name: string;
  path: string;
  /** Only these users may read it (a conversation's two participants); default: any signed-in user. */
  users?: number[];
};

/**
 * The endpoints the issue names, with parameters that hit the generated data: user 1 signs in,
 * the deep page starts half-way down the feed, the filter and the searched words match many posts.
 */
export function httpCases(shape: Shape): HttpCase[] {
  const middle = Math.floor(shape.posts / 2);
  const author = 1 + (((shape.posts - 3) * 7919) % shape.users);
  return [
    { name: 'feed page 1', path: '/api/posts?order=latest' },
    { name: 'feed deep cursor page', path: `/api/posts?order=latest&cursor=${middle}` },
    // Ranked for user 1 (…50 signed in): their follows, property types, cities and purpose.
    { name: 'feed page 1 (for you)', path: '/api/posts?order=ranked' },
    {
      name: 'feed with filters',
      path: '/api/posts?order=latest&property_type=office&purpose=sale&price_max=3000000',
    },
    { name: 'post page', path: `/api/posts/${shape.posts - 3}` },
    { name: 'search (English word)', path: '/api/posts/search?keyword=warehouse' },
    { name: 'search (Arabic word)', path: `/api/posts/search?keyword=${encodeURIComponent('مستودع')}` },
    // The last word as typed so far matches as a prefix.
    { name: 'search (English prefix)', path: '/api/posts/search?keyword=wareh' },
    { name: 'search (Arabic prefix)', path: `/api/posts/search?keyword=${encodeURIComponent('مستود')}` },
    { name: 'profile full', path: `/api/profiles/${author}/full` },
    { name: 'conversations list', path: '/api/chat/conversations' },
    // 1,000 messages (one full page, about 162 KB).
    { name: 'messages list', path: '/api/chat/conversations/1/messages', users: [1, 2] },
    { name: 'notifications list', path: '/api/notifications' },
    // SAVED_SEARCHES_PER_USER of them, each with its count of listings matched since last opened.
    { name: 'saved searches list', path: '/api/saved-searches' },
    { name: 'admin moderation queue', path: '/api/admin/reports', users: [moderatorOf(shape)] },
  ];
}

/** Signed-in users the load spreads over (one per connection); user 1 is the one recorded for SQL. */
export const tokensFor = (shape: Shape, count: number) =>
  Array.from({ length: Math.min(count, shape.tokens) }, (_, i) => benchToken(i + 1));
