import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useComments } from '../api/comments.ts';
import { usePost } from '../api/post.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { PostCard } from './post-card.tsx';
import { PostSkeleton } from './post-list.tsx';

/** /post/{id}: the post, then its comments (20 a page) and the form to add one. */
export function PostView({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const post = usePost(postId);
  useDocumentTitle(t('posts.post.title'));

  // The page holds at least a screen's height, loading and loaded, so the footer starts below the fold
  // and is not pushed down (a layout shift) when the post and its comments arrive.
  if (post.isPending) {
    return (
      <div className="mx-auto min-h-dvh w-full max-w-2xl">
        <PostSkeleton />
      </div>
    );
  }
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return missing ? (
      <NotFound title={t('posts.post.notFound')} text={t('posts.post.notFoundText')} />
    ) : (
      <LoadFailure
        title={t('posts.loadFailed')}
        message={t('posts.loadFailedText')}
        onRetry={() => void post.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-6" data-testid="page-post">
      <h1 className="sr-only">{t('posts.post.title')}</h1>
      <PostCard post={post.data} standalone onDeleted={() => navigate('/home', { replace: true })} />
      <Comments postId={postId} />
    </div>
  );
}

function Comments({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const comments = useComments(postId);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <section
      id="comments"
      aria-labelledby="comments-title"
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="comments-title" className="font-semibold text-slate-900 dark:text-slate-50">
        {t('posts.post.comments')}
      </h2>
      <CommentForm postId={postId} />
      {comments.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>
      ) : comments.isError && list.length === 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400"
        >
          {t('posts.post.commentsFailed')}
          <Button size="sm" variant="secondary" onClick={() => void comments.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="comments-empty">
          {t('posts.post.noComments')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="comments-list">
          {list.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} />
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="self-center"
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          data-testid="comments-load-more"
        >
          {t('posts.post.moreComments')}
        </Button>
      )}
    </section>
  );
}

export function NotFound({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="not-found-state"
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{text}</p>
      <Link to="/home" className={buttonClasses('secondary')}>
        <ArrowBackIcon className="size-4" />
        {t('common.goHome')}
      </Link>
    </div>
  );
}
