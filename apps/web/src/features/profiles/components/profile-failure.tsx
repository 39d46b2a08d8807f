import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { HomeIcon } from '../../../components/ui/icons/home.tsx';
import { UsersIcon } from '../../../components/ui/icons/users.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { ApiError } from '../../../lib/http.ts';

/**
 * A profile that did not load: 'Failed to Load Profile' with Retry and Go Home (spec §8), never
 * made-up demo data; an unknown id says so instead.
 */
export function ProfileFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const notFound = !onRetry || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(notFound ? t('profile.notFound.title') : t('profile.loadFailed.title'));
  if (!notFound && onRetry) {
    return (
      <LoadFailure
        title={t('profile.loadFailed.title')}
        message={t('profile.loadFailed.text')}
        onRetry={onRetry}
      />
    );
  }
  return (
    <div
      data-testid="profile-not-found"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <UsersIcon className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
        {t('profile.notFound.title')}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t('profile.notFound.text')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/companies" className={buttonClasses('primary')}>
          <UsersIcon className="size-4" />
          {t('profile.notFound.browse')}
        </Link>
        <Link to="/" className={buttonClasses('secondary')}>
          <HomeIcon className="size-4" />
          {t('common.goHome')}
        </Link>
      </div>
    </div>
  );
}
