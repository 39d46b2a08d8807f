import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { type FeedFilters, useFeed } from '../api/feed.ts';
import { FeedFiltersBar } from './feed-filters.tsx';
import { PostComposer } from './post-composer.tsx';
import { EmptyPosts, PostList } from './post-list.tsx';

/** /home: the composer, then the feed (newest first). */
export function HomeFeed() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FeedFilters>({});
  const feed = useFeed(filters);
  return (
    // One column of cards reads best; the page heading sits over it.
    <div className="mx-auto w-full max-w-2xl">
      <Page title={t('posts.feedTitle')} description={t('posts.feedIntro')} testId="page-home">
        <div className="flex flex-col gap-6">
          <PostComposer />
          <FeedFiltersBar value={filters} onChange={setFilters} />
          <PostList
            query={feed}
            testId="feed"
            empty={<EmptyPosts title={t('posts.empty')} hint={t('posts.emptyHint')} />}
          />
        </div>
      </Page>
    </div>
  );
}
