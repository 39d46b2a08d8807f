import type { FeedOrder } from '@makan/contract/listing';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { RefreshIcon } from '../../../components/ui/icons/refresh.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useCooldown } from '../../../lib/cooldown.ts';
import { usePullToRefresh } from '../../../lib/pull-to-refresh.ts';
import { type FeedFilters, REFRESH_COOLDOWN_MS, useFeed, useRefreshFeed } from '../api/feed.ts';
import { appliedFilters, hasFilters, rangeErrors } from '../feed-filter-rules.ts';
import { FeedFiltersBar } from './feed-filters.tsx';
import { PostComposer } from './post-composer.tsx';
import { EmptyPosts, PostList } from './post-list.tsx';

interface HomeFeedProps {
  /**
   * Drawn beside the filters with the filters that apply (a range refused is left out): the page
   * hands in 'Save this search' (the saved searches feature).
   */
  filtersAction?: (filters: FeedFilters) => ReactNode;
}

/** /home: the composer, then the feed: 'For you' (ranked by the server) or 'Latest'. */
export function HomeFeed({ filtersAction }: HomeFeedProps = {}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FeedFilters>({});
  const [order, setOrder] = useState<FeedOrder>('ranked');
  // A range whose minimum is above its maximum is said under the boxes and not asked for.
  const errors = rangeErrors(filters);
  const applied = appliedFilters(filters, errors);
  // Bumped to empty the filter boxes from outside them (the empty feed's Clear filters).
  const [filtersKey, setFiltersKey] = useState(0);
  const clearFilters = () => {
    setFilters({});
    setFiltersKey((key) => key + 1);
  };
  // The order is part of the query (and so of its key): each order keeps its own pages.
  const query: FeedFilters = { ...applied, order };
  const feed = useFeed(query);
  const refresh = useRefreshFeed(query);
  const [coolingDown, startCooldown] = useCooldown(REFRESH_COOLDOWN_MS);
  // The button and a pull from the top of the page share one cooldown (spec §9: 1000 ms).
  usePullToRefresh(() => startCooldown(() => void refresh()));
  return (
    // One column of cards reads best; the page heading sits over it.
    <div className="mx-auto w-full max-w-2xl">
      <Page title={t('posts.feedTitle')} description={t('posts.feedIntro')} testId="page-home">
        <div className="flex flex-col gap-6">
          <PostComposer />
          <ChoiceGroup<FeedOrder>
            legend={t('posts.order.label')}
            hint={order === 'ranked' ? t('posts.order.rankedHint') : t('posts.order.latestHint')}
            name="feed-order"
            value={order}
            choices={[
              { value: 'ranked', label: t('posts.order.ranked') },
              { value: 'latest', label: t('posts.order.latest') },
            ]}
            onChange={setOrder}
            testId="feed-order"
          />
          <div className="flex flex-wrap items-end justify-between gap-3">
            <FeedFiltersBar key={filtersKey} value={filters} onChange={setFilters} errors={errors} />
            <div className="flex flex-wrap items-center gap-2">
              {hasFilters(applied) && filtersAction?.(applied)}
              <Button
                variant="secondary"
                size="sm"
                disabled={coolingDown}
                onClick={() => startCooldown(() => void refresh())}
                data-testid="feed-refresh"
              >
                <RefreshIcon className="size-4" />
                {t('posts.filters.refresh')}
              </Button>
            </div>
          </div>
          <PostList
            query={feed}
            testId="feed"
            empty={
              hasFilters(applied) ? (
                <EmptyPosts
                  title={t('posts.filters.noMatch')}
                  hint={t('posts.filters.noMatchHint')}
                  action={
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={clearFilters}
                      data-testid="empty-clear-filters"
                    >
                      {t('posts.filters.clear')}
                    </Button>
                  }
                />
              ) : (
                <EmptyPosts title={t('posts.empty')} hint={t('posts.emptyHint')} />
              )
            }
          />
        </div>
      </Page>
    </div>
  );
}
