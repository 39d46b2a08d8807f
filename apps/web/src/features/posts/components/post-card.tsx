import { SHARES_PLACEHOLDER } from '@makan/contract/listing';
import { formatNumber } from '@makan/contract/numbers';
import type { Post } from '@makan/contract/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CompanyVerifiedBadge } from '../../../components/ui/company-verified-badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle.tsx';
import { HeartIcon } from '../../../components/ui/icons/heart.tsx';
import { MapPinIcon } from '../../../components/ui/icons/map-pin.tsx';
import { MessageIcon } from '../../../components/ui/icons/message.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { ShareIcon } from '../../../components/ui/icons/share.tsx';
import { TagIcon } from '../../../components/ui/icons/tag.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash.tsx';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { type ChatDraftState, chatWithUserPath } from '../../../lib/chat-draft.ts';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatPrice } from '../../../lib/numbers.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';
import { useReportControls } from '../../../lib/report-control.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { formatDate, timeAgo } from '../../../lib/time.ts';
import { useToggleBookmark } from '../api/bookmark.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useToggleLike } from '../api/like.ts';
import { postLocation } from '../format.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { PostEditDialog } from './post-edit-dialog.tsx';

interface PostCardProps {
  post: Post;
  /** On the post page the title links nowhere and the comment button scrolls to the form. */
  standalone?: boolean;
  /** Called after the post was deleted (the post page leaves). */
  onDeleted?: () => void;
  /** The card is on the first screen: its photos load at once (the post page, a list's first card). */
  first?: boolean;
}

const actionBase =
  'inline-flex h-10 min-w-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors hover:bg-slate-100 dark:hover:bg-slate-800';
const actionClasses = cx(actionBase, 'text-slate-700 dark:text-slate-300');

/** A post of spec §3: author, time, location and type, text, listing details, photos and actions. */
export function PostCard({ post, standalone = false, onDeleted, first = standalone }: PostCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const like = useToggleLike();
  const bookmark = useToggleBookmark();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const report = useReportControls();
  const me = getStoredUser()?.id;
  const profileHref = post.user_id === me ? '/profile' : `/user/${post.user_id}`;
  const postHref = `/post/${post.id}`;

  const onLike = () => {
    // A failure rolls back; the HTTP client already said why.
    like.mutate(post.id);
  };
  const onBookmark = () => {
    bookmark.mutate(post.id, {
      onSuccess: ({ data }) =>
        showToast(t(data.is_bookmarked ? 'posts.card.bookmarked' : 'posts.card.bookmarkRemoved'), 'success'),
    });
  };
  const onShare = async () => {
    const url = new URL(postHref, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('posts.card.linkCopied'), 'success');
    } catch {
      showToast(t('posts.card.copyFailed'));
    }
  };
  const onDelete = () => {
    remove.mutate(post.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast(t('posts.card.deleted'), 'success');
        onDeleted?.();
      },
      onError: () => showToast(t('posts.card.deleteFailed')),
    });
  };

  // The author must know which listing is meant: its type and place, and its address.
  const messageDraft: ChatDraftState = {
    draft: t('posts.card.messageDraft', {
      listing: `${propertyTypeLabel(post.property_type, language)} · ${postLocation(post, language)}`,
      url: new URL(postHref, window.location.origin).toString(),
    }),
  };

  const listing = [
    post.purpose ? t(`posts.purpose.${post.purpose}`) : null,
    post.status ? t(`posts.status.${post.status}`) : null,
    post.area_m2 ? t('posts.card.area', { value: formatNumber(post.area_m2, language) }) : null,
  ].filter((item): item is string => Boolean(item));

  return (
    <article
      data-testid={`post-${post.id}`}
      aria-labelledby={`post-${post.id}-author`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-start gap-3 p-4 pb-2">
        <Link to={profileHref} tabIndex={-1} aria-hidden="true">
          <Avatar name={post.user.name} src={post.user.picture?.url} size="sm" />
        </Link>
        <div className="min-w-0 flex-1">
          {/* The name is inline, so it sits at the start of the line whatever its own script. */}
          <p className="flex min-w-0 items-center gap-2">
            <Link
              id={`post-${post.id}-author`}
              to={profileHref}
              dir="auto"
              className="min-w-0 truncate font-semibold text-slate-900 hover:underline dark:text-slate-50"
            >
              {post.user.name}
            </Link>
            {post.user.company_verified && <CompanyVerifiedBadge />}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
            <Link to={postHref} className="hover:underline" data-testid="post-time">
              <time dateTime={post.created_at} title={formatDate(post.created_at, language)}>
                {timeAgo(post.created_at, t)}
              </time>
            </Link>
            <span aria-hidden="true">·</span>
            <span className="inline-flex min-w-0 items-center gap-1" data-testid="post-location">
              <MapPinIcon className="size-3.5 shrink-0" />
              <span dir="auto" className="truncate">
                {postLocation(post, language)}
              </span>
            </span>
          </p>
        </div>
        {!post.is_owner && (
          <Link
            to={chatWithUserPath(post.user_id)}
            state={messageDraft}
            aria-label={t('posts.card.messageAuthor', { name: post.user.name })}
            className={buttonClasses('secondary', 'sm')}
            data-testid="post-message"
          >
            <MessageIcon className="size-4 shrink-0" />
            {t('posts.card.message')}
          </Link>
        )}
        {!post.is_owner && report && (
          <report.Button appearance="icon" subject={{ type: 'post', id: post.id, name: post.user.name }} />
        )}
        {post.is_owner && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('posts.edit.open')}
            onClick={() => setEditing(true)}
            data-testid="post-edit"
          >
            <PencilIcon className="size-5" />
          </Button>
        )}
        {post.is_owner && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('posts.card.delete')}
            onClick={() => setConfirming(true)}
            data-testid="post-delete"
          >
            <TrashIcon className="size-5" />
          </Button>
        )}
      </header>

      <div className="flex flex-col gap-3 px-4 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200"
            data-testid="post-type"
          >
            <TagIcon className="size-3.5" />
            {propertyTypeLabel(post.property_type, language)}
          </span>
          {post.price !== null && post.currency && (
            <span className="text-sm font-bold text-slate-900 dark:text-slate-50" data-testid="post-price">
              {formatPrice(post.price, post.currency, language)}
            </span>
          )}
          {listing.map((item) => (
            <span
              key={item}
              dir="auto"
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {item}
            </span>
          ))}
          {post.licence_number && <LicenceChip number={post.licence_number} checked={post.licence_checked} />}
        </div>
        {post.description && (
          <p
            dir="auto"
            className="text-start break-words whitespace-pre-line text-slate-800 dark:text-slate-200"
            data-testid="post-description"
          >
            <LinkedText text={post.description} mentions={post.mentions} />
          </p>
        )}
      </div>

      {post.media.length > 0 && <PhotoGrid media={post.media} author={post.user.name} first={first} />}

      <footer className="grid grid-cols-4 gap-1 border-t border-slate-200 p-2 dark:border-slate-800">
        <button
          type="button"
          onClick={onLike}
          aria-pressed={post.is_liked}
          aria-label={`${t(post.is_liked ? 'posts.card.unlike' : 'posts.card.like')} · ${t('posts.card.likes', { count: post.likes_count })}`}
          className={post.is_liked ? cx(actionBase, 'text-rose-700 dark:text-rose-400') : actionClasses}
          data-testid="post-like"
        >
          <HeartIcon className="size-5 shrink-0" fill={post.is_liked ? 'currentColor' : 'none'} />
          <span data-testid="post-likes-count">{formatNumber(post.likes_count, language)}</span>
        </button>
        <Link
          to={standalone ? '#comments' : `${postHref}#comments`}
          aria-label={t('posts.card.comments', { count: post.comments_count })}
          className={actionClasses}
          data-testid="post-comments"
        >
          <MessageIcon className="size-5 shrink-0" />
          <span data-testid="post-comments-count">{formatNumber(post.comments_count, language)}</span>
        </Link>
        <button
          type="button"
          onClick={onBookmark}
          aria-pressed={post.is_bookmarked}
          aria-label={`${t(post.is_bookmarked ? 'posts.card.removeBookmark' : 'posts.card.bookmark')} · ${t('posts.card.bookmarks', { count: post.bookmarks_count })}`}
          className={
            post.is_bookmarked ? cx(actionBase, 'text-primary-700 dark:text-primary-300') : actionClasses
          }
          data-testid="post-bookmark"
        >
          <BookmarkIcon className="size-5 shrink-0" fill={post.is_bookmarked ? 'currentColor' : 'none'} />
          <span data-testid="post-bookmarks-count">{formatNumber(post.bookmarks_count, language)}</span>
        </button>
        <button
          type="button"
          onClick={() => void onShare()}
          aria-label={`${t('posts.card.share')} · ${t('posts.card.shares', { count: SHARES_PLACEHOLDER })}`}
          className={actionClasses}
          data-testid="post-share"
        >
          <ShareIcon className="size-5 shrink-0" />
          <span>{formatNumber(post.shares_count || SHARES_PLACEHOLDER, language)}</span>
        </button>
      </footer>

      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
        title={t('posts.card.deleteTitle')}
        description={t('posts.card.deleteText')}
        confirmLabel={t('posts.card.deleteConfirm')}
        busy={remove.isPending}
        testId="post-delete-dialog"
        confirmTestId="post-delete-confirm"
      />
      {/* Mounted only while open, so each opening starts from the post as it is now. */}
      {editing && <PostEditDialog post={post} open onClose={() => setEditing(false)} />}
    </article>
  );
}

const chipClasses = 'rounded-full px-2.5 py-0.5 text-xs';

/**
 * The listing's advertising licence number; once a moderator has checked it against the authority's
 * register (issue 21), in green with a check mark that names itself to screen readers.
 */
function LicenceChip({ number, checked }: { number: string; checked: boolean }) {
  const { t } = useTranslation();
  const text = t('posts.card.licence', { value: number });
  if (!checked)
    return (
      <span
        dir="auto"
        className={cx(chipClasses, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300')}
        data-testid="post-licence"
      >
        {text}
      </span>
    );
  const label = t('posts.card.licenceChecked');
  return (
    <span
      dir="auto"
      className={cx(
        chipClasses,
        'inline-flex items-center gap-1 bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
      )}
      data-testid="post-licence"
    >
      {text}
      <span
        role="img"
        aria-label={label}
        title={label}
        className="inline-flex size-3.5 shrink-0"
        data-testid="post-licence-checked"
      >
        <CheckCircleIcon className="size-full" />
      </span>
    </span>
  );
}
