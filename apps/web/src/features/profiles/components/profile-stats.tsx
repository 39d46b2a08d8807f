import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/numbers.ts';

export interface ProfileCounts {
  posts: number;
  followers: number;
  following: number;
  views: number;
}

/** Posts, followers, following and views, with numbers in the page's language. */
export function ProfileStats({ counts }: { counts: ProfileCounts }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = [
    ['posts', counts.posts, t('profile.stats.posts')],
    ['followers', counts.followers, t('profile.stats.followers')],
    ['following', counts.following, t('profile.stats.following')],
    ['views', counts.views, t('profile.stats.views')],
  ] as const;
  return (
    <dl className="grid grid-cols-4 divide-x divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {items.map(([key, value, label]) => (
        <div
          key={key}
          className="flex min-w-0 flex-col-reverse items-center justify-end gap-0.5 px-1 py-3 text-center"
        >
          <dt className="w-full text-xs leading-tight text-balance text-slate-600 sm:text-sm dark:text-slate-400">
            {label}
          </dt>
          <dd
            data-testid={`profile-${key}-count`}
            data-value={value}
            className="text-lg font-bold text-slate-900 tabular-nums dark:text-slate-50"
          >
            {formatNumber(value, language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
