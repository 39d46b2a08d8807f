import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { summaryFixture } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

const page1 = [
  summaryFixture({ id: 30, name: 'Nile Commercial Properties', followers_count: 1 }),
  summaryFixture({
    id: 29,
    name: 'مساحات الخليج',
    bio: 'مكاتب في الدوحة',
    verified: false,
    followers_count: 2,
  }),
];
const page2 = [summaryFixture({ id: 12, name: 'Al Noor Developments', followers_count: 3 })];

function answer(extra: Parameters<typeof routeFetch>[1] = {}) {
  return routeFetch(fetchMock, {
    'GET /api/profiles-list/all': (_body, _init, url) => {
      const q = url.searchParams.get('q');
      if (q) return ok({ users: [], next_cursor: null });
      return url.searchParams.get('cursor') === '29'
        ? ok({ users: page2, next_cursor: null })
        : ok({ users: page1, next_cursor: 29 });
    },
    ...extra,
  });
}

const requests = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/profiles-list/all');

const cards = () => within(screen.getByTestId('companies-list')).getAllByRole('article');

describe('companies', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists developer accounts for anyone, with a sign-in prompt instead of Follow', async () => {
    answer();
    renderRoute('/companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const nile = screen.getByTestId('company-30');
    expect(within(nile).getByRole('link', { name: 'Nile Commercial Properties' })).toHaveAttribute(
      'href',
      '/user/30',
    );
    expect(within(nile).getByText('NC')).toBeInTheDocument();
    expect(within(nile).getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(within(nile).getByText('1 follower')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('company-29')).queryByRole('img', { name: 'Verified account' }),
    ).toBeNull();
    expect(within(screen.getByTestId('company-29')).getByText('مكاتب في الدوحة')).toHaveAttribute(
      'dir',
      'auto',
    );
    expect(within(nile).getByRole('link', { name: /Log in to follow/ })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcompanies',
    );
    expect(requests()[0]?.searchParams.get('type')).toBe('developer');
    expect(requests()[0]?.searchParams.get('per_page')).toBe('20');
  });

  it('loads more with the next cursor until there is no more', async () => {
    answer();
    renderRoute('/companies');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(requests().at(-1)?.searchParams.get('cursor')).toBe('29');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches 300 ms after the last key, and says when nothing matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer();
    renderRoute('/companies');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'zzz');
    vi.advanceTimersByTime(200);
    expect(requests().filter((url) => url.searchParams.has('q'))).toHaveLength(0);
    vi.advanceTimersByTime(150);
    await waitFor(() =>
      expect(
        requests()
          .filter((url) => url.searchParams.has('q'))
          .map((url) => url.searchParams.get('q')),
      ).toEqual(['zzz']),
    );
    expect(await screen.findByTestId('companies-empty')).toHaveTextContent('No companies match “zzz”');
  });

  it('says so and retries when the list does not load', async () => {
    answer({ 'GET /api/profiles-list/all': () => fail(500, { message: 'boom' }) });
    renderRoute('/companies');
    expect(await screen.findByRole('heading', { name: 'Failed to load companies' })).toBeInTheDocument();
    answer();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('says when there are no companies yet', async () => {
    answer({ 'GET /api/profiles-list/all': () => ok({ users: [], next_cursor: null }) });
    renderRoute('/companies');
    expect(await screen.findByTestId('companies-empty')).toHaveTextContent('No companies yet');
  });

  it('lets a signed-in visitor follow, updating the card at once', async () => {
    const calls = answer({
      'POST /api/profiles/30/follow': () =>
        ok({ followers_count: 2, following_count: 0, is_following: true, is_followed_by: false }),
    });
    signIn();
    renderRoute('/companies');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const nile = screen.getByTestId('company-30');
    await userEvent.click(within(nile).getByRole('button', { name: 'Follow Nile Commercial Properties' }));
    expect(within(nile).getByText('2 followers')).toBeInTheDocument();
    expect(within(nile).getByRole('button', { name: /Following/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'POST /api/profiles/30/follow')).toBe(true),
    );
  });

  it('counts followers in Arabic plural forms', async () => {
    answer({
      'GET /api/profiles-list/all': () =>
        ok({
          users: [
            summaryFixture({ id: 1, name: 'أ', followers_count: 0 }),
            summaryFixture({ id: 2, name: 'ب', followers_count: 2 }),
            summaryFixture({ id: 3, name: 'ج', followers_count: 5 }),
          ],
          next_cursor: null,
        }),
    });
    renderRoute('/companies', 'ar');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(screen.getByTestId('company-1')).getByText('لا متابعين')).toBeInTheDocument();
    expect(within(screen.getByTestId('company-2')).getByText('متابعان')).toBeInTheDocument();
    expect(within(screen.getByTestId('company-3')).getByTestId('company-followers')).toHaveTextContent(
      'متابعين',
    );
  });
  it('shows the Verified company badge and filters to verified companies only', async () => {
    routeFetch(fetchMock, {
      'GET /api/profiles-list/all': (_body, _init, url) =>
        url.searchParams.get('verified_company') === 'true'
          ? ok({
              users: [summaryFixture({ id: 12, name: 'Al Noor Developments', company_verified: true })],
              next_cursor: null,
            })
          : ok({ users: page1, next_cursor: null }),
    });
    renderRoute('/companies');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(requests().every((url) => !url.searchParams.has('verified_company'))).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Verified companies only' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(requests().at(-1)?.searchParams.get('verified_company')).toBe('true');
    expect(within(screen.getByTestId('company-12')).getByTestId('company-verified-badge')).toHaveTextContent(
      'Verified company',
    );
  });
});
