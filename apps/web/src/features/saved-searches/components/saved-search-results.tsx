import type { FeedResult } from '@makan/contract/posts';
import type { SavedSearch } from '@makan/contract/saved-searches';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useSavedSearchPosts } from '../api/saved-search-posts.ts';
import { useSavedSearches } from '../api/saved-searches.ts';
import { useCriteriaParts } from '../summary.ts';
import { CriteriaSummary } from './criteria-summary.tsx';

type PostsQuery = UseInfiniteQueryResult<InfiniteData<FeedResult>>;

interface SavedSearchResultsProps {
  id: number;
  /**
   * Draws the listings (the posts feature's list, which the page hands in): the query, and what to
   * say when nothing matches.
   */
  renderPosts: (query: PostsQuery, empty: { title: string; hint: string }) => ReactNode;
}

/** Running a saved search: its name and criteria, then the listings that match now, newest first. */
export function SavedSearchResults({ id, renderPosts }: SavedSearchResultsProps) {
  const { t } = useTranslation();
  const posts = useSavedSearchPosts(id);
  const list = useSavedSearches();
  const search = list.data?.saved_searches.find((item) => item.id === id);
  // Another user's search, or one deleted meanwhile: the server answers 404 savedSearchNotFound.
  const missing = posts.error instanceof ApiError && posts.error.status === 404;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Link
        to="/saved-searches"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary-800 hover:underline dark:text-primary-300"
        data-testid="saved-search-back"
      >
        <ArrowBackIcon className="size-4" />
        {t('savedSearches.results.back')}
      </Link>
      <Page
        title={search?.name ?? t('savedSearches.title')}
        description={missing ? undefined : t('savedSearches.results.intro')}
        testId="saved-search-results-page"
      >
        {missing ? (
          <p className="text-slate-700 dark:text-slate-300" role="alert" data-testid="saved-search-missing">
            {t('validation.savedSearchNotFound')}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            {search && <Criteria search={search} />}
            {renderPosts(posts, {
              title: t('savedSearches.results.empty'),
              hint: t('savedSearches.results.emptyHint'),
            })}
          </div>
        )}
      </Page>
    </div>
  );
}

function Criteria({ search }: { search: SavedSearch }) {
  const { parts } = useCriteriaParts(search.criteria);
  return <CriteriaSummary parts={parts} testId="saved-search-results-criteria" />;
}
