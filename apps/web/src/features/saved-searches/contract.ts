import { lazyModule } from '../../lib/lazy-module.ts';

/**
 * The contract's saved-search schemas (and zod), loaded when a saved search is first saved, checked or
 * listed, not with the feed or the search page that offer to save one (issue 17: their first load).
 */
export const savedSearchesContract = lazyModule(() => import('@makan/contract/saved-searches'));
