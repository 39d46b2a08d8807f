import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { SearchIcon } from '../../components/ui/icons/search.tsx';
import { cx } from '../../lib/cx.ts';

/** Narrow screens: one tap to the search page, which opens on the recent searches. */
export function HeaderSearchLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to="/search"
      aria-label={t('header.searchLabel')}
      title={t('header.searchLabel')}
      data-testid="header-search-link"
      className={({ isActive }) =>
        buttonClasses('ghost', 'icon', cx(isActive && 'text-primary-700 dark:text-primary-300', className))
      }
    >
      <SearchIcon />
    </NavLink>
  );
}
