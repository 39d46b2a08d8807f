import type { FullUser } from '@makan/contract/auth';
import { skipToken, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { BuildingIcon } from '../../components/ui/icons/building.tsx';
import { CloseIcon } from '../../components/ui/icons/close.tsx';
import { MenuIcon } from '../../components/ui/icons/menu.tsx';
import { SavedSearchIcon } from '../../components/ui/icons/saved-search.tsx';
import { SettingsIcon } from '../../components/ui/icons/settings.tsx';
import { ShieldCheckIcon } from '../../components/ui/icons/shield-check.tsx';
import { withRedirect } from '../../features/auth/flow.ts';
import { ChatIconLink, ChatNavLabel, ChatRealtime } from '../../features/chat/components/chat-nav-link.tsx';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { LanguageSwitch } from '../../features/settings/components/language-switch.tsx';
import { ThemeToggle } from '../../features/settings/components/theme-toggle.tsx';
import { currentUserKey } from '../../lib/current-user.ts';
import { cx } from '../../lib/cx.ts';
import { useSignedIn } from '../../lib/session.ts';
import { HeaderSearchLink } from './header-search-link.tsx';

// The search box only shows to a signed-in reader on a wide screen: its code is not on the first
// load of the signed-out pages (a prerendered signed-in page has it in its HTML meanwhile).
const HeaderSearchBox = lazy(() =>
  import('./header-search.tsx').then((m) => ({ default: m.HeaderSearchBox })),
);

type NavKey = 'home' | 'companies' | 'chat' | 'bookmarks' | 'profile' | 'login' | 'signup';

/**
 * Whether the signed-in user moderates, as far as the cached full user says (sign-in seeds it; Settings
 * and the profile read it): the header asks the server nothing for a link few people have. Settings
 * always shows it to them.
 */
function useModerates(signedIn: boolean): boolean {
  const { data } = useQuery<FullUser>({ queryKey: currentUserKey, queryFn: skipToken });
  return signedIn && data !== undefined && data.role !== 'member';
}

const SIGNED_IN: ReadonlyArray<[NavKey, string]> = [
  ['home', '/home'],
  ['companies', '/companies'],
  ['chat', '/chat'],
  ['bookmarks', '/bookmarks'],
  ['profile', '/profile'],
];

const SIGNED_OUT: ReadonlyArray<[NavKey, string]> = [
  ['companies', '/companies'],
  ['login', '/login'],
  ['signup', '/signup'],
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/** `compact`: on the narrowest phones only the mark shows (the link is named all the same). */
export function Wordmark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t('header.homeLink')}
      data-testid="wordmark"
      className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-slate-900 dark:text-white"
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-primary-500 text-white shadow-sm">
        <BuildingIcon className="size-5" />
      </span>
      <span className={compact ? 'max-[419px]:sr-only' : undefined}>{t('app.name')}</span>
    </Link>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { search } = useLocation();
  // Log in and Sign up keep the page a protected route asked for (its `redirect`), so the visitor
  // comes back to it.
  const links = (signedIn ? SIGNED_IN : SIGNED_OUT).map(([key, to]): [NavKey, string] => [
    key,
    key === 'login' || key === 'signup' ? withRedirect(to, search) : to,
  ]);
  const close = () => setMenuOpen(false);
  const moderates = useModerates(signedIn);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    menuButton.current?.focus();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-slate-800 dark:bg-slate-950/90 dark:supports-[backdrop-filter]:bg-slate-950/75">
      <ChatRealtime signedIn={signedIn} />
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        {/* A signed-in phone header holds six icons; below 420 px the name gives them its room. */}
        <Wordmark compact={signedIn} />
        <nav aria-label={t('nav.main')} className="ms-6 hidden flex-1 items-center gap-1 md:flex">
          {links.map(([key, to]) =>
            key === 'signup' ? (
              <Link key={key} to={to} className={buttonClasses('primary', 'sm', 'ms-1')}>
                {t(`nav.${key}`)}
              </Link>
            ) : (
              <NavLink
                key={key}
                to={to}
                className={linkClasses}
                data-testid={key === 'chat' ? 'nav-chat' : undefined}
              >
                {key === 'chat' ? <ChatNavLabel /> : t(`nav.${key}`)}
              </NavLink>
            ),
          )}
        </nav>
        <div className="ms-auto flex items-center gap-1 md:ms-0">
          {signedIn && (
            // The box's size is held while its code loads: nothing beside it moves.
            <Suspense fallback={<div className="me-1 hidden h-10 w-52 lg:block xl:w-64" />}>
              <HeaderSearchBox className="me-1 hidden w-52 lg:block xl:w-64" />
            </Suspense>
          )}
          {signedIn && <HeaderSearchLink className="lg:hidden" />}
          <LanguageSwitch />
          <ThemeToggle />
          {moderates && (
            <NavLink
              to="/admin"
              aria-label={t('nav.moderation')}
              title={t('nav.moderation')}
              data-testid="moderation-nav-link"
              className={({ isActive }) =>
                buttonClasses(
                  'ghost',
                  'icon',
                  cx('max-md:hidden', isActive && 'text-primary-700 dark:text-primary-300'),
                )
              }
            >
              <ShieldCheckIcon />
            </NavLink>
          )}
          <NavLink
            to="/settings"
            aria-label={t('nav.settings')}
            title={t('nav.settings')}
            data-testid="settings-link"
            className={({ isActive }) =>
              buttonClasses(
                'ghost',
                'icon',
                cx('max-md:hidden', isActive && 'text-primary-700 dark:text-primary-300'),
              )
            }
          >
            <SettingsIcon />
          </NavLink>
          {signedIn && (
            // Beside the bell that tells of their matches; the phone's menu names it in words.
            <NavLink
              to="/saved-searches"
              aria-label={t('nav.savedSearches')}
              title={t('nav.savedSearches')}
              data-testid="saved-searches-link"
              className={({ isActive }) =>
                buttonClasses(
                  'ghost',
                  'icon',
                  cx('max-md:hidden', isActive && 'text-primary-700 dark:text-primary-300'),
                )
              }
            >
              <SavedSearchIcon />
            </NavLink>
          )}
          {signedIn && <ChatIconLink className="md:hidden" />}
          {signedIn && <NotificationsBell />}
          <button
            ref={menuButton}
            type="button"
            data-testid="menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            className={buttonClasses('ghost', 'icon', 'md:hidden')}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t('nav.main')}
        hidden={!menuOpen}
        onKeyDown={onPanelKeyDown}
        data-testid="mobile-menu"
        className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
      >
        <ul className="flex flex-col gap-1">
          {[
            ...links,
            ...(signedIn ? [['savedSearches', '/saved-searches'] as const] : []),
            ...(moderates ? [['moderation', '/admin'] as const] : []),
            ['settings', '/settings'] as const,
          ].map(([key, to]) => (
            <li key={key}>
              <NavLink
                to={to}
                onClick={close}
                className={(state) => cx(linkClasses(state), 'block py-3 text-base')}
              >
                {key === 'chat' ? <ChatNavLabel /> : t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
