import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../../components/ui/icons/image.tsx';
import { Card } from '../../../components/ui/page.tsx';

export interface PostsSectionProps {
  posts: readonly unknown[];
  emptyText: string;
  /** The posts feature's list of this person's posts (composed in by the app layer). */
  list?: ReactNode;
}

/**
 * The person's posts: the profile answer carries the first page, so with none the empty state shows
 * at once; otherwise the list the app layer gives (which pages on through GET /api/posts?author=).
 */
export function PostsSection({ posts, emptyText, list }: PostsSectionProps) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('profile.posts.title')}</h2>
      {posts.length > 0 && list}
      {posts.length === 0 && (
        <div data-testid="profile-posts-empty" className="flex flex-col items-center gap-2 py-8 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <ImageIcon className="size-6" />
          </span>
          <p className="font-medium text-slate-900 dark:text-slate-50">{t('profile.posts.empty')}</p>
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>
        </div>
      )}
    </Card>
  );
}
