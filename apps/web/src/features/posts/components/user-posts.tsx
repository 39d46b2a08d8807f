import { useTranslation } from 'react-i18next';
import { useFeed } from '../api/feed.ts';
import { PostList } from './post-list.tsx';

/** A person's posts (GET /api/posts?author=), for their profile page. */
export function UserPosts({ userId, emptyText }: { userId: number; emptyText: string }) {
  const { t } = useTranslation();
  const posts = useFeed({ author: userId });
  return (
    <PostList
      query={posts}
      testId="profile-posts"
      empty={
        <div data-testid="profile-posts-empty" className="flex flex-col items-center gap-2 py-8 text-center">
          <p className="font-medium text-slate-900 dark:text-slate-50">{t('profile.posts.empty')}</p>
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>
        </div>
      }
    />
  );
}
