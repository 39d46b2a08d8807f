import { lazyModule } from '../../lib/lazy-module.ts';

/**
 * The contract's post schemas (and zod), loaded when a form of this feature first checks what was typed
 * (a comment, an edit, a listing, the feed's filters), not with the feed or a post's page: their first
 * render reads through readers (api/readers.ts).
 */
export const postsContract = lazyModule(() => import('@makan/contract/posts'));
export type PostsContract = typeof import('@makan/contract/posts');
