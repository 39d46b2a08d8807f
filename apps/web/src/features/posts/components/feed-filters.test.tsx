import { LIMITS } from '@makan/contract/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { jeddah, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { withFilter } from './feed-filters.tsx';

const fetchMock = mockFetch();

/** The query strings of every GET /api/posts so far. */
function feedRequests() {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
    }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === '/api/posts')
    .map(({ url }) => url.searchParams);
}

function answerFeed() {
  signIn();
  routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': (_b, _i, url) =>
      ok({ posts: [postFixture({ description: `Feed ${url.search}` })], next_cursor: null }),
    'GET /api/cities': () => ok([riyadh, jeddah]),
  });
}

describe('withFilter', () => {
  it('sets a filter, drops it when undefined, and keeps the same object when nothing changes', () => {
    const filters = { city: 1 };
    expect(withFilter(filters, 'price_min', 5)).toEqual({ city: 1, price_min: 5 });
    expect(withFilter(filters, 'city', undefined)).toEqual({});
    expect(withFilter(filters, 'city', 1)).toBe(filters);
  });
});

describe('feed filters', () => {
  it('filters by a city picked from the search, and clears', async () => {
    answerFeed();
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.type(screen.getByTestId('filter-city'), 'Jed');
    const list = await screen.findByTestId('filter-cities');
    await userEvent.click(within(list).getByText('Jeddah'));
    expect(screen.getByTestId('filter-city')).toHaveValue('Jeddah');
    // The one city search asks for the contract's number of results, and nothing for an empty box.
    const cityAsks = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/cities');
    expect(cityAsks.map((url) => url.searchParams.get('limit'))).toEqual([String(LIMITS.citySearchResults)]);
    expect(cityAsks.map((url) => url.searchParams.get('q'))).toEqual(['Jed']);
    await waitFor(() => expect(feedRequests().some((q) => q.get('city') === String(jeddah.id))).toBe(true));

    await userEvent.click(screen.getByTestId('filter-clear'));
    expect(screen.getByTestId('filter-city')).toHaveValue('');
    expect(screen.queryByTestId('filter-clear')).not.toBeInTheDocument();
  });

  it('waits 300 ms after typing before asking with price and area ranges and the currency', async () => {
    answerFeed();
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.selectOptions(screen.getByTestId('filter-currency'), 'AED');
    await userEvent.type(screen.getByTestId('filter-price-min'), '1500');
    await userEvent.type(screen.getByTestId('filter-area-max'), '800');
    await waitFor(() =>
      expect(
        feedRequests().some(
          (q) => q.get('price_min') === '1500' && q.get('area_max') === '800' && q.get('currency') === 'AED',
        ),
      ).toBe(true),
    );
    // Typed keystroke by keystroke, yet never asked for the half-typed numbers.
    expect(feedRequests().some((q) => ['1', '15', '150'].includes(q.get('price_min') ?? ''))).toBe(false);
    // The request is seen before its answer renders.
    await waitFor(() => expect(screen.getByTestId('post-7')).toHaveTextContent('price_min=1500'));

    await userEvent.click(screen.getByTestId('filter-clear'));
    expect(screen.getByTestId('filter-price-min')).toHaveValue(null);
    expect(screen.getByTestId('filter-currency')).toHaveValue('');
    // Back to the unfiltered feed, 'For you' (cached, so shown at once).
    expect(await screen.findByText('Feed ?order=ranked&per_page=10')).toBeInTheDocument();
  });
});
