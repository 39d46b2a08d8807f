import { LIMITS } from '@makan/contract/limits';
import type { PageRoute } from './route-pages.ts';

/**
 * The reads a signed-in page makes first, by route. The build names them in index.html (a meta tag
 * before boot.js); boot.js starts them with the stored session while the page's HTML is still being
 * read, and the app's first request for the same address takes the answer already on its way
 * (lib/early-reads.ts) instead of asking once its scripts have run. `:name` stands for the route's
 * parameter of that name, digits only (any other value reads nothing early). early-reads.test.ts holds
 * these to the addresses the pages ask for.
 */
export const EARLY_READS: Partial<Record<PageRoute, readonly string[]>> = {
  '/post/:id': ['/api/posts/:id'],
  '/chat': [`/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}`],
  '/chat/:id': [
    `/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}`,
    `/api/chat/conversations/:id/messages?per_page=${LIMITS.messagesPerPage}&page=1`,
  ],
};
