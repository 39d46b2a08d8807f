import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClockIcon } from '../../components/ui/icons/clock.tsx';
import { APP_VERSION } from '../../lib/app-info.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';

const LINKS = [
  ['about', '/about'],
  ['contact', '/contact'],
  ['privacy', '/privacy-policy'],
  ['terms', '/terms-of-service'],
  ['faq', '/faq'],
] as const;

export function AppFooter() {
  const { t } = useTranslation();
  const language = useLanguage();
  const year = formatNumber(new Date().getFullYear(), language, { useGrouping: false });
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LINKS.map(([key, to]) => (
              <li key={key}>
                <Link
                  to={to}
                  className="text-sm text-slate-700 underline-offset-4 hover:text-primary-700 hover:underline dark:text-slate-300 dark:hover:text-primary-300"
                >
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between dark:text-slate-400">
          <p className="flex items-center gap-2">
            <ClockIcon className="size-4 text-primary-700 dark:text-primary-300" />
            <span data-testid="footer-support">{t('footer.support')}</span>
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <span data-testid="footer-version">{t('footer.version', { version: APP_VERSION })}</span>
            <span>{t('footer.rights', { year })}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
