import type { FeedResult } from '@makan/contract/posts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle.tsx';
import { RefreshIcon } from '../../../components/ui/icons/refresh.tsx';
import { PostCard } from './post-card.tsx';

/** Spec §9: the next page loads when the end of the list is within 100 px of the viewport. */
export const SCROLL_THRESHOLD_PX = 100;

type PostsQuery = UseInfiniteQueryResult<InfiniteData<FeedResult>>;

interface PostListProps {
  query: PostsQuery;
  empty: ReactNode;
  /** The failure shown when the first page fails (default: 'Failed to Load Posts'). */
  failure?: { title: string; text: string };
  testId?: string;
}

export function PostSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="post-skeleton"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <div className="size-10 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-2.5 w-1/4 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2">
        <div className="h-3 w-full rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-3 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="mt-4 h-40 rounded-xl bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** Posts of an infinite query: skeletons, failure with Retry, infinite scroll and a Load more fallback. */
export function PostList({ query, empty, failure, testId = 'post-list' }: PostListProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError) {
          void fetchNextPage();
        }
      },
      { rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          {t('posts.loadingPosts')}
        </span>
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }

  if (query.isError && posts.length === 0) {
    return (
      <div
        role="alert"
        data-testid="posts-error"
        className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950"
      >
        <AlertCircleIcon className="size-8 text-red-700 dark:text-red-300" />
        <h2 className="font-semibold text-red-900 dark:text-red-100">
          {failure?.title ?? t('posts.loadFailed')}
        </h2>
        <p className="text-sm text-red-900 dark:text-red-100">{failure?.text ?? t('posts.loadFailedText')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} data-testid="posts-retry">
          <RefreshIcon className="size-4" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  if (posts.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className="flex flex-col gap-4" data-testid={testId}>
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} first={index === 0} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      <ErrorText className="mt-4 text-center">{isFetchNextPageError && t('posts.loadMoreFailed')}</ErrorText>
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
            data-testid="posts-load-more"
          >
            {isFetchingNextPage ? t('common.loading') : t('posts.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

export function EmptyPosts({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div
      data-testid="posts-empty"
      className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    >
      <h2 className="font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
