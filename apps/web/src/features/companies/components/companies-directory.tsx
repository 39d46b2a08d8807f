import type { ProfileSummary } from '@makan/contract/profiles';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle.tsx';
import { BuildingIcon } from '../../../components/ui/icons/building.tsx';
import { RefreshIcon } from '../../../components/ui/icons/refresh.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { getStoredUser, useSignedIn } from '../../../lib/session.ts';
import { useCompanies } from '../api/companies.ts';
import { CompanyCard } from './company-card.tsx';

interface CompaniesDirectoryProps {
  /** The follow button of a company for a signed-in visitor (composed in by the app layer). */
  renderFollow?: (company: ProfileSummary) => ReactNode;
}

/** /companies (public): developer accounts, a debounced search and Load more. */
export function CompaniesDirectory({ renderFollow }: CompaniesDirectoryProps) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const q = useDebouncedValue(query.trim());
  const companies = useCompanies(q, verifiedOnly);
  const list = companies.data?.pages.flatMap((page) => page.users) ?? [];
  const me = signedIn ? getStoredUser()?.id : undefined;
  const searching = q !== query.trim() || (companies.isFetching && !companies.isFetchingNextPage);

  const action = (company: ProfileSummary) => {
    if (company.id === me) return null;
    if (signedIn && renderFollow) return renderFollow(company);
    return (
      <Link
        to={`/login?${new URLSearchParams({ redirect: '/companies' })}`}
        className={buttonClasses('secondary', 'sm')}
        aria-label={`${t('companies.loginToFollow')} ${company.name}`}
        data-testid="company-login-to-follow"
      >
        <span>{t('companies.loginToFollow')}</span> <span className="sr-only">{company.name}</span>
      </Link>
    );
  };

  return (
    <Page title={t('companies.title')} description={t('companies.intro')} testId="companies-page">
      <div className="mb-6 flex max-w-xl flex-col gap-3">
        <label htmlFor={searchId} className="sr-only">
          {t('companies.searchLabel')}
        </label>
        <SearchInput
          id={searchId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('companies.searchPlaceholder')}
          busy={searching}
          data-testid="companies-search"
        />
        <label className="inline-flex items-center gap-2 self-start text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={verifiedOnly}
            onChange={(event) => setVerifiedOnly(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-primary-700 dark:border-slate-600"
            data-testid="companies-verified-only"
          />
          {t('companies.verifiedOnly')}
        </label>
      </div>

      <p aria-live="polite" className="sr-only">
        {companies.isSuccess && !searching ? t('companies.count', { count: list.length }) : ''}
      </p>

      {companies.isPending ? (
        // A screen's height: the list that replaces it pushes nothing visible down (layout shift).
        <div className="flex min-h-dvh justify-center py-16 text-primary-700 dark:text-primary-300">
          <Spinner size="lg" />
        </div>
      ) : companies.isError && list.length === 0 ? (
        <div
          role="alert"
          data-testid="companies-error"
          className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950"
        >
          <AlertCircleIcon className="size-8 text-red-700 dark:text-red-300" />
          <h2 className="font-semibold text-red-900 dark:text-red-100">{t('companies.loadFailed')}</h2>
          <p className="text-sm text-red-900 dark:text-red-100">{t('companies.loadFailedText')}</p>
          <Button variant="secondary" onClick={() => void companies.refetch()}>
            <RefreshIcon className="size-4" />
            {t('common.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div
          data-testid="companies-empty"
          className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
        >
          <BuildingIcon className="size-8 text-slate-500" />
          <h2 className="font-semibold text-slate-900 dark:text-slate-50">
            {q
              ? t('companies.emptySearch', { query: q })
              : verifiedOnly
                ? t('companies.emptyVerified')
                : t('companies.empty')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {q ? t('companies.emptySearchHint') : t('companies.emptyHint')}
          </p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="companies-list">
            {list.map((company) => (
              <li key={company.id}>
                <CompanyCard company={company} action={action(company)} />
              </li>
            ))}
          </ul>
          <ErrorText className="mt-4 text-center">
            {companies.isFetchNextPageError && t('companies.loadMoreFailed')}
          </ErrorText>
          {companies.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void companies.fetchNextPage()}
                loading={companies.isFetchingNextPage}
                data-testid="companies-load-more"
              >
                {companies.isFetchingNextPage ? t('common.loading') : t('companies.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
