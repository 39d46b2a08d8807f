import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { CompassIcon } from '../../components/ui/icons/compass.tsx';
import { HomeIcon } from '../../components/ui/icons/home.tsx';
import { useDocumentTitle } from '../../components/ui/page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div
      data-testid="not-found-page"
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <CompassIcon className="size-8" />
      </span>
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
        {t('notFound.code')}
      </p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-50">
        {t('notFound.title')}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        <HomeIcon className="size-4" />
        {t('common.goHome')}
      </Link>
    </div>
  );
}
