import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../../components/ui/icons.tsx';
import { Card } from '../../../components/ui/page.tsx';

/** The person's posts; listings arrive with a later issue, so for now the empty state. */
export function PostsSection({ posts, emptyText }: { posts: readonly unknown[]; emptyText: string }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('profile.posts.title')}</h2>
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
