import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { appliedFilters, rangeErrors } from '../feed-filter-rules.ts';

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

/** A feed where only unfiltered asks find a post. */
function answerFeed() {
  signIn();
  routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': (_b, _i, url) =>
      ok({ posts: url.searchParams.has('price_min') ? [] : [postFixture()], next_cursor: null }),
  });
}

describe('feed filter rules', () => {
  it("refuse a minimum above its maximum with the contract's texts, and drop only that range", () => {
    const filters = { price_min: 500, price_max: 100, area_min: 10, area_max: 20, city: 1 };
    const errors = rangeErrors(filters);
    expect(errors).toEqual({ price_max: TEXT.priceRange });
    expect(appliedFilters(filters, errors)).toEqual({ area_min: 10, area_max: 20, city: 1 });
    expect(rangeErrors({ area_min: 30, area_max: 20 })).toEqual({ area_max: TEXT.areaRange });
    expect(rangeErrors({ price_min: 100, price_max: 100 })).toEqual({});
    expect(appliedFilters({ price_min: 1 }, {})).toEqual({ price_min: 1 });
  });
});

describe('feed filters that match nothing (issue 19)', () => {
  it('say that no listing matches and offer to clear the filters', async () => {
    answerFeed();
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.type(screen.getByTestId('filter-price-min'), '900000');
    const empty = await screen.findByTestId('posts-empty');
    expect(empty).toHaveTextContent('No listings match these filters');
    expect(empty).not.toHaveTextContent('No posts yet');
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByTestId('post-7')).toBeInTheDocument();
    expect(screen.getByTestId('filter-price-min')).toHaveValue(null);
  });

  it('refuse a minimum price above the maximum in words, and do not ask for it', async () => {
    answerFeed();
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.type(screen.getByTestId('filter-price-max'), '100');
    await waitFor(() => expect(feedRequests().some((q) => q.get('price_max') === '100')).toBe(true));
    await userEvent.type(screen.getByTestId('filter-price-min'), '5000');
    const error = await screen.findByTestId('filter-price-error');
    expect(error).toHaveTextContent('The minimum price cannot be more than the maximum price');
    expect(screen.getByTestId('filter-price-min')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('filter-price-min')).toHaveAccessibleDescription(error.textContent ?? '');
    // The feed never asked for the inverted range.
    expect(feedRequests().some((q) => q.has('price_min') && q.has('price_max'))).toBe(false);
    // Fixing it clears the message.
    await userEvent.clear(screen.getByTestId('filter-price-min'));
    await userEvent.type(screen.getByTestId('filter-price-min'), '50');
    await waitFor(() => expect(screen.queryByTestId('filter-price-error')).toBeNull());
  });

  it('speak Arabic', async () => {
    answerFeed();
    localStorage.setItem('language', 'ar');
    renderRoute('/home', 'ar');
    await screen.findByTestId('post-7');
    await userEvent.type(screen.getByTestId('filter-price-max'), '10');
    await userEvent.type(screen.getByTestId('filter-price-min'), '20');
    expect(await screen.findByTestId('filter-price-error')).toHaveTextContent(
      'لا يمكن أن يكون الحد الأدنى للسعر أكبر من الحد الأقصى',
    );
  });
});
