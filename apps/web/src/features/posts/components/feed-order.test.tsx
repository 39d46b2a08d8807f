import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

/** The feed requests made so far, as `order cursor` pairs. */
const feedRequests = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
    }))
    .filter(({ url, method }) => url.pathname === '/api/posts' && method === 'GET')
    .map(({ url }) => `${url.searchParams.get('order')} ${url.searchParams.get('cursor')}`);

const RANKED_CURSOR = '1795678536512885.41.99';

function answerFeed(extra: Parameters<typeof routeFetch>[1] = {}) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': (_b, _i, url) => {
      if (url.searchParams.get('order') === 'latest')
        return ok({ posts: [postFixture({ id: 50, description: 'Newest listing' })], next_cursor: null });
      return url.searchParams.get('cursor') === RANKED_CURSOR
        ? ok({ posts: [postFixture({ id: 41, description: 'Second ranked page' })], next_cursor: null })
        : ok({ posts: [postFixture({ id: 45, description: 'Chosen for you' })], next_cursor: RANKED_CURSOR });
    },
    ...extra,
  });
}

describe('feed order', () => {
  it("asks for 'For you' first, pages with its cursor, and switches to 'Latest'", async () => {
    answerFeed();
    renderRoute('/home');
    expect(await screen.findByText('Chosen for you')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'For you' })).toBeChecked();
    await userEvent.click(screen.getByTestId('posts-load-more'));
    expect(await screen.findByText('Second ranked page')).toBeInTheDocument();
    expect(feedRequests()).toEqual(['ranked null', `ranked ${RANKED_CURSOR}`]);

    await userEvent.click(screen.getByRole('radio', { name: 'Latest' }));
    expect(await screen.findByText('Newest listing')).toBeInTheDocument();
    expect(screen.queryByText('Chosen for you')).not.toBeInTheDocument();
    expect(feedRequests().at(-1)).toBe('latest null');

    // Each order keeps its own pages.
    await userEvent.click(screen.getByRole('radio', { name: 'For you' }));
    expect(await screen.findByText('Second ranked page')).toBeInTheDocument();
  });

  it('is labelled in Arabic', async () => {
    answerFeed();
    localStorage.setItem('language', 'ar');
    renderRoute('/home', 'ar');
    expect(await screen.findByRole('radio', { name: 'مقترح لك' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'الأحدث' })).not.toBeChecked();
  });

  it('puts a post just written on top of the ranked feed without asking for the feed again', async () => {
    answerFeed({
      'POST /api/posts': () =>
        ok(
          postFixture({ id: 60, description: 'My new office', is_owner: true }),
          'Post created successfully!',
          201,
        ),
    });
    renderRoute('/home');
    await screen.findByText('Chosen for you');
    await userEvent.type(screen.getByTestId('composer-description'), 'My new office');
    await userEvent.selectOptions(screen.getByTestId('composer-type'), 'office');
    await userEvent.type(screen.getByTestId('composer-location'), 'Olaya Street');
    await userEvent.click(screen.getByTestId('composer-submit'));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    await waitFor(() => {
      const cards = screen.getAllByRole('article').map((card) => card.getAttribute('data-testid'));
      expect(cards.slice(0, 2)).toEqual(['post-60', 'post-45']);
    });
    expect(feedRequests()).toEqual(['ranked null']);
  });
});
