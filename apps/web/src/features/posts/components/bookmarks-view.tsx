import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { useBookmarks } from '../api/bookmarks.ts';
import { EmptyPosts, PostList } from './post-list.tsx';

/** /bookmarks: saved posts, most recently saved first. */
export function BookmarksView() {
  const { t } = useTranslation();
  const bookmarks = useBookmarks();
  return (
    // One column of cards reads best; the page heading sits over it.
    <div className="mx-auto w-full max-w-2xl">
      <Page
        title={t('posts.bookmarks.title')}
        description={t('posts.bookmarks.intro')}
        testId="page-bookmarks"
      >
        <PostList
          query={bookmarks}
          testId="bookmarks-list"
          empty={<EmptyPosts title={t('posts.bookmarks.empty')} hint={t('posts.bookmarks.emptyHint')} />}
        />
      </Page>
    </div>
  );
}
