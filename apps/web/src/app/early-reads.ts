import { LIMITS } from '@makan/contract/limits';
import type { PageRoute } from './route-pages.ts';

/** One read: its address, and where its answer names the page's largest photo, if it shows one. */
export type EarlyReadSpec = {
  url: string;
  /**
   * The answer's field (a dot path) holding the address of the photo the page paints largest and first:
   * boot.js preloads it as soon as the answer arrives, before the page's scripts could ask for it.
   */
  image?: string;
};

/**
 * The reads a signed-in page makes first, by route. The build names them in index.html (a meta tag
 * before boot.js); boot.js starts them with the stored session while the page's HTML is still being
 * read, and the app's first request for the same address takes the answer already on its way
 * (lib/early-reads.ts) instead of asking once its scripts have run. `:name` stands for the route's
 * parameter of that name, digits only (any other value reads nothing early). early-reads.test.ts holds
 * these to the addresses the pages ask for and to the photo the post page shows first.
 */
export const EARLY_READS: Partial<Record<PageRoute, readonly EarlyReadSpec[]>> = {
  '/post/:id': [{ url: '/api/posts/:id', image: 'data.media.0.url' }],
  '/chat': [{ url: `/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}` }],
  '/chat/:id': [
    { url: `/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}` },
    { url: `/api/chat/conversations/:id/messages?per_page=${LIMITS.messagesPerPage}&page=1` },
  ],
};
