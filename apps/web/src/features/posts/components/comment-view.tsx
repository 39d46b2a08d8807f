import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useComment } from '../api/comments.ts';
import { CommentItem } from './comment-item.tsx';
import { NotFound } from './post-view.tsx';

/** /comment/{postId}/{commentId}: one comment with its replies open. */
export function CommentView({ postId, commentId }: { postId: number; commentId: number }) {
  const { t } = useTranslation();
  const comment = useComment(postId, commentId);
  useDocumentTitle(t('posts.comment.title'));

  if (comment.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
        <Spinner size="lg" />
      </div>
    );
  }
  if (comment.isError) {
    const missing = comment.error instanceof ApiError && comment.error.status === 404;
    return missing ? (
      <NotFound title={t('posts.comment.notFound')} text={t('posts.comment.notFoundText')} />
    ) : (
      <LoadFailure
        title={t('posts.loadFailed')}
        message={t('posts.loadFailedText')}
        onRetry={() => void comment.refetch()}
      />
    );
  }
  const parent = comment.data.parent_id;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4" data-testid="page-comment">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('posts.comment.title')}</h1>
        <Link to={`/post/${postId}`} className={buttonClasses('secondary', 'sm')}>
          <ArrowBackIcon className="size-4" />
          {t('posts.comment.viewPost')}
        </Link>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <CommentItem comment={comment.data} isReply={parent !== null} expanded />
      </div>
    </div>
  );
}
