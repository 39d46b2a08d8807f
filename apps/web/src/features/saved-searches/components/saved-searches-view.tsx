import { SAVED_SEARCHES_MAX } from '@makan/contract/saved-search-words';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { useSavedSearches } from '../api/saved-searches.ts';
import { SavedSearchItem } from './saved-search-item.tsx';

/** /saved-searches: each saved search to run, rename, pause, change how often, or delete. */
export function SavedSearchesView() {
  const { t } = useTranslation();
  const list = useSavedSearches();
  const searches = list.data?.saved_searches ?? [];
  const max = list.data?.max ?? SAVED_SEARCHES_MAX;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Page
        title={t('savedSearches.title')}
        description={t('savedSearches.intro')}
        testId="saved-searches-page"
      >
        {list.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('common.loading')} />
          </div>
        ) : list.isError ? (
          <Alert
            actions={
              <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
            detail={apiErrorText(t, list.error)}
          >
            {t('savedSearches.loadFailed')}
          </Alert>
        ) : searches.length === 0 ? (
          <div
            data-testid="saved-searches-empty"
            className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
          >
            <h2 className="font-semibold text-slate-900 dark:text-slate-50">
              {t('savedSearches.empty.title')}
            </h2>
            <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
              {t('savedSearches.empty.text')}
            </p>
            <Link to="/home" className={buttonClasses('secondary', 'sm', 'mt-2')}>
              {t('savedSearches.empty.action')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" data-testid="saved-searches-count">
              {t('savedSearches.count', {
                used: searches.length,
                max,
                left: Math.max(0, max - searches.length),
              })}
            </p>
            <ul className="flex flex-col gap-4" data-testid="saved-searches">
              {searches.map((search) => (
                <SavedSearchItem key={search.id} search={search} />
              ))}
            </ul>
          </>
        )}
      </Page>
    </div>
  );
}
