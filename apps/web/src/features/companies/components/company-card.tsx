import type { ProfileSummary } from '@makan/contract/profiles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CompanyVerifiedBadge } from '../../../components/ui/company-verified-badge.tsx';
import { UsersIcon } from '../../../components/ui/icons/users.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';

/** One company: picture or initials, name and badge, bio, followers, and the follow action. */
export function CompanyCard({ company, action }: { company: ProfileSummary; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article
      data-testid={`company-${company.id}`}
      aria-labelledby={`company-${company.id}-name`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <Avatar name={company.name} src={company.picture?.url} size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={`company-${company.id}-name`} className="flex items-start gap-1.5 font-semibold">
            <Link
              to={`/user/${company.id}`}
              dir="auto"
              className="line-clamp-2 min-w-0 break-words text-slate-900 underline-offset-4 hover:underline dark:text-slate-50"
            >
              {company.name}
            </Link>
            {company.verified && <VerifiedBadge className="mt-0.5 size-5" />}
          </h2>
          {company.company_verified && <CompanyVerifiedBadge className="mt-1" />}
          <p
            className="mt-1 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400"
            data-testid="company-followers"
            data-value={company.followers_count}
          >
            <UsersIcon className="size-4 shrink-0" />
            {t('companies.followers', { count: company.followers_count })}
          </p>
        </div>
      </div>
      {company.bio && (
        <p dir="auto" className="line-clamp-3 text-start text-sm text-slate-700 dark:text-slate-300">
          {company.bio}
        </p>
      )}
      <div className="mt-auto flex justify-end">{action}</div>
    </article>
  );
}
