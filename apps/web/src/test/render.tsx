import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import memberAr from '../app/member/locales/ar.json';
import memberEn from '../app/member/locales/en.json';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import infoAr from '../features/info/locales/ar.json';
import infoEn from '../features/info/locales/en.json';
import { withContractTexts } from '../lib/contract-texts.ts';
import { createI18n, type Language } from '../lib/i18n.ts';
import { type StoredUser, setItem } from '../lib/storage.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { testQueryClient } from './query-clients.ts';

/** Tests render either language synchronously: every namespace of both, bundled (the app loads them on demand). */
const resources = {
  en: { translation: { ...withContractTexts(en), ...memberEn }, info: infoEn },
  ar: { translation: { ...ar, ...memberAr }, info: infoAr },
};

export function testI18n(language: Language = 'en') {
  return createI18n(resources, language);
}

export function renderWithProviders(ui: ReactElement, language: Language = 'en') {
  const i18n = testI18n(language);
  const queryClient = testQueryClient();
  return {
    i18n,
    queryClient,
    ...render(
      <AppProviders i18n={i18n} queryClient={queryClient}>
        {ui}
      </AppProviders>,
    ),
  };
}

/** What a test reads of the memory router: where it is now, and a way to go elsewhere. */
class RouterProbe {
  state: { location: Location } = {
    location: { pathname: '', search: '', hash: '', state: null, key: '' },
  };
  private navigateTo: NavigateFunction | undefined;
  readonly Probe = () => {
    this.state = { location: useLocation() };
    this.navigateTo = useNavigate();
    return null;
  };
  navigate(to: string) {
    if (!this.navigateTo) throw new Error('the router has not rendered');
    return this.navigateTo(to);
  }
}

/** Renders the app's real route table at `path` (with its search and hash, optionally history state) in a memory router. */
export function renderRoute(path: string, language: Language = 'en', state?: unknown) {
  const [beforeHash = '/', hash = ''] = path.split('#');
  const [pathname = '/', search = ''] = beforeHash.split('?');
  const entry = { pathname, search: search ? `?${search}` : '', hash: hash ? `#${hash}` : '', state };
  const router = new RouterProbe();
  const ui = (
    <MemoryRouter initialEntries={[entry]}>
      <router.Probe />
      <AppRoutes />
    </MemoryRouter>
  );
  return { router, ...renderWithProviders(ui, language) };
}

export const onboardedUser: StoredUser = {
  id: 1,
  name: 'Sara Al Amri',
  email: 'sara@example.com',
  phone: '0500000000',
  preferences: { purpose: 'buy', property_types: ['office'], preferred_locations: [1] },
  avatar: null,
};

/** Signs in as far as the app can tell: a stored token and, optionally, the stored user. */
export function signIn(user: StoredUser | null = onboardedUser) {
  setItem('auth_token', 'test-token');
  if (user) setItem('user_data', user);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces the global fetch with a mock for each test of the calling file, and restores it after. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
