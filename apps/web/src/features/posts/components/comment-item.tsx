import { LIMITS } from '@makan/contract/limits';
import type { Comment } from '@makan/contract/posts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CompanyVerifiedBadge } from '../../../components/ui/company-verified-badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { issueMessage, translateMessage } from '../../../lib/messages.ts';
import { useReportControls } from '../../../lib/report-control.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { timeAgo } from '../../../lib/time.ts';
import { useReplies } from '../api/comments.ts';
import { useDeleteComment, useUpdateComment } from '../api/edit-comment.ts';
import { postsContract } from '../contract.ts';
import { CommentForm } from './comment-form.tsx';
import { useMentionPicker } from './mention-picker.tsx';

interface CommentItemProps {
  comment: Comment;
  /** Replies are one level deep: a reply shows no Reply button of its own. */
  isReply?: boolean;
  /** Open the replies at once (the comment page). */
  expanded?: boolean;
}

/** One comment: author, time, text; Reply, replies, and Edit/Delete for its author. */
export function CommentItem({ comment, isReply = false, expanded = false }: CommentItemProps) {
  const { t } = useTranslation();
  const me = getStoredUser()?.id;
  const mine = comment.user.id === me;
  const report = useReportControls();
  const [showReplies, setShowReplies] = useState(expanded);
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.comment);
  const [editError, setEditError] = useState<string | null>(null);
  const editBox = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    value: draft,
    onChange: (text) => {
      setDraft(text);
      setEditError(null);
    },
    inputRef: editBox,
  });
  const [confirming, setConfirming] = useState(false);
  const replies = useReplies(comment.id, !isReply && showReplies);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const replyList = replies.data?.pages.flatMap((page) => page.comments) ?? [];
  const profileHref = mine ? '/profile' : `/user/${comment.user.id}`;
  const ref = { postId: comment.post_id, commentId: comment.id };

  // The check's schema loads when editing starts; a second click while it loads does nothing.
  const checking = useRef(false);
  const save = async () => {
    if (checking.current) return;
    checking.current = true;
    const { updateCommentRequest } = await postsContract.get().finally(() => {
      checking.current = false;
    });
    const parsed = updateCommentRequest.shape.comment.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setEditError(issue ? translateMessage(t, issueMessage(issue)) : null);
      return;
    }
    update.mutate(
      { ...ref, comment: parsed.data, mentions: mentions.ids(parsed.data) },
      {
        onSuccess: () => {
          setEditing(false);
          showToast(t('posts.post.commentUpdated'), 'success');
        },
      },
    );
  };

  return (
    <div data-testid={`comment-${comment.id}`} className="flex gap-3">
      <Link to={profileHref} tabIndex={-1} aria-hidden="true">
        <Avatar name={comment.user.name} src={comment.user.picture?.url} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3.5 py-2.5 dark:bg-slate-800">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link
              to={profileHref}
              dir="auto"
              className="text-sm font-semibold text-slate-900 hover:underline dark:text-slate-50"
            >
              {comment.user.name}
            </Link>
            {comment.user.company_verified && <CompanyVerifiedBadge compact className="self-center" />}
            <Link
              to={`/comment/${comment.post_id}/${comment.id}`}
              className="text-xs text-slate-600 hover:underline dark:text-slate-400"
            >
              <time dateTime={comment.created_at}>{timeAgo(comment.created_at, t)}</time>
            </Link>
          </div>
          {editing ? (
            <div className="mt-2 flex flex-col gap-2">
              <div className="relative">
                <textarea
                  ref={editBox}
                  value={draft}
                  {...mentions.inputProps}
                  rows={2}
                  dir="auto"
                  maxLength={LIMITS.commentMax}
                  aria-label={t('posts.post.edit')}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
                  data-testid="comment-edit-input"
                />
                {mentions.list}
              </div>
              <ErrorText>{editError}</ErrorText>
              <div className="flex gap-2">
                <Button size="sm" onClick={save} loading={update.isPending} data-testid="comment-save">
                  {t('posts.post.save')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setEditing(false);
                    setDraft(comment.comment);
                  }}
                >
                  {t('common.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <p
              dir="auto"
              className="mt-0.5 text-start text-sm break-words whitespace-pre-line text-slate-800 dark:text-slate-200"
            >
              <LinkedText text={comment.comment} mentions={comment.mentions} />
            </p>
          )}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 px-2 text-xs font-semibold text-slate-600 dark:text-slate-400">
          {!isReply && (
            <button
              type="button"
              className="hover:underline"
              onClick={() => setReplying((open) => !open)}
              data-testid="comment-reply"
            >
              {t('posts.post.reply')}
            </button>
          )}
          {mine && !editing && (
            <>
              <button
                type="button"
                className="hover:underline"
                onClick={() => {
                  setEditing(true);
                  void postsContract.get().catch(() => undefined);
                }}
                data-testid="comment-edit"
              >
                {t('posts.post.edit')}
              </button>
              <button
                type="button"
                className="hover:underline"
                onClick={() => setConfirming(true)}
                data-testid="comment-delete"
              >
                {t('posts.post.delete')}
              </button>
            </>
          )}
          {!mine && report && (
            <report.Button
              appearance="link"
              subject={{ type: 'comment', id: comment.id, name: comment.user.name }}
            />
          )}
          {!isReply && comment.replies_count > 0 && (
            <button
              type="button"
              className="text-primary-700 hover:underline dark:text-primary-300"
              aria-expanded={showReplies}
              onClick={() => setShowReplies((open) => !open)}
              data-testid="comment-toggle-replies"
            >
              {showReplies
                ? t('posts.post.hideReplies')
                : t('posts.post.showReplies', { count: comment.replies_count })}
            </button>
          )}
        </div>
        {replying && (
          <div className="mt-2">
            <CommentForm
              postId={comment.post_id}
              parentId={comment.id}
              autoFocus
              onDone={() => {
                setReplying(false);
                setShowReplies(true);
              }}
            />
          </div>
        )}
        {showReplies && !isReply && (
          <div className="mt-3 flex flex-col gap-3" data-testid="comment-replies">
            {replyList.map((reply) => (
              <CommentItem key={reply.id} comment={reply} isReply />
            ))}
            {replies.hasNextPage && (
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => void replies.fetchNextPage()}
                loading={replies.isFetchingNextPage}
              >
                {t('posts.post.moreReplies')}
              </Button>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(ref, {
            onSuccess: () => {
              setConfirming(false);
              showToast(t('posts.post.commentDeleted'), 'success');
            },
          })
        }
        title={t('posts.post.deleteComment')}
        description={t('posts.post.deleteCommentText')}
        confirmLabel={t('posts.post.delete')}
        busy={remove.isPending}
        confirmTestId="comment-delete-confirm"
      />
    </div>
  );
}
