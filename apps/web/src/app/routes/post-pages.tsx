import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BookmarksView } from '../../features/posts/components/bookmarks-view.tsx';
import { CommentView } from '../../features/posts/components/comment-view.tsx';
import { HomeFeed } from '../../features/posts/components/home-feed.tsx';
import { NotFound, PostView } from '../../features/posts/components/post-view.tsx';
import { SearchView } from '../../features/posts/components/search-view.tsx';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { criteriaFromFilters, criteriaFromKeyword } from '../../features/saved-searches/criteria.ts';

/** The feed, with 'Save this search' once a filter is set. */
export function HomePage() {
  return (
    <HomeFeed filtersAction={(filters) => <SaveSearchButton criteria={criteriaFromFilters(filters)} />} />
  );
}

/** A route id: a positive whole number, else null (the page then says "not found"). */
function idParam(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /post/{id}: the key starts each post's page afresh. */
export function PostPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  if (id === null) return <NotFound title={t('posts.post.notFound')} text={t('posts.post.notFoundText')} />;
  return <PostView key={id} postId={id} />;
}

export function CommentPage() {
  const { t } = useTranslation();
  const params = useParams();
  const postId = idParam(params.postId);
  const commentId = idParam(params.commentId);
  if (postId === null || commentId === null) {
    return <NotFound title={t('posts.comment.notFound')} text={t('posts.comment.notFoundText')} />;
  }
  return <CommentView key={`${postId}-${commentId}`} postId={postId} commentId={commentId} />;
}

export function BookmarksPage() {
  return <BookmarksView />;
}

/** The search, with 'Save this search' for the keyword searched. */
export function SearchPage() {
  return (
    <SearchView keywordAction={(keyword) => <SaveSearchButton criteria={criteriaFromKeyword(keyword)} />} />
  );
}
